import { ArrowRightIcon, CloudIcon, ShieldCheckIcon, ZapIcon } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { pageTitle, PRODUCT_NAME } from '../../shared/brand';
import { Button } from '~/components/ui/button';
import { FeatureCard, FormPlaceholder, INVITATION_FORM_FIELDS, InvitationForm, PageIntro, readUnsentForm, Section, SectionHeading } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/share-it';
import { SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Share It'),
    description: `Know someone who loses good ideas? Invite a friend or colleague to try ${PRODUCT_NAME}, the free tray app that saves a note in seconds.`,
    path: '/share-it',
    origin: originFromMatches(matches),
  });

/**
 * The form posted without JavaScript (or before it loaded) lands here: nothing is sent — the spam check needs
 * JavaScript — and the page answers with the form as it was typed and a notice (issue 8 §2).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return readUnsentForm(request, INVITATION_FORM_FIELDS, serverContextOf(context));
}

export default function ShareIt({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Share It"
        title="Know someone who loses good ideas?"
        description={`Send a friend or colleague a personal invitation to try ${PRODUCT_NAME}. It takes ten seconds and costs them nothing.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <section aria-labelledby="invite-heading" className="rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
          <h2 id="invite-heading" className="mb-6 text-2xl font-bold tracking-tight">
            Invite a friend
          </h2>
          <Suspense fallback={<FormPlaceholder />}>
            <InvitationForm unsent={actionData} />
          </Suspense>
        </section>
      </div>
      <Section labelledBy="share-why-heading" className="bg-muted/40">
        <SectionHeading id="share-why-heading" title="What your friend gets" description="The same three things that made you pass it on." />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <FeatureCard icon={<ZapIcon />} title="Lightning fast">
            From idea to saved in a couple of seconds, straight from the system tray.
          </FeatureCard>
          <FeatureCard icon={<CloudIcon />} title="Cloud ready">
            Jots go to a local text file or straight into a Google Docs document.
          </FeatureCard>
          <FeatureCard icon={<ShieldCheckIcon />} title="Simple and secure">
            No account to create, AES-256 encryption in transit, and nobody reads their jots.
          </FeatureCard>
        </div>
        <div className="mt-12 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link to="/#download">
              Get {PRODUCT_NAME} yourself <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/#download">Download for Windows</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}

/** A form too large to read (413) keeps the site frame around its notice. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
