import { CloudIcon, ShieldCheckIcon, ZapIcon } from 'lucide-react';
import { pageTitle, PRODUCT_NAME } from '../../shared/brand';
import { DownloadLinks, type Feature, FeatureGrid, FormCard, INVITATION_FORM_FIELDS, InvitationForm, PageIntro, Section, unsentFormAction } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/share-it';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

const WHAT_THEY_GET: Feature[] = [
  { icon: <ZapIcon />, title: 'Lightning fast', text: 'From idea to saved in a couple of seconds, straight from the system tray.' },
  { icon: <CloudIcon />, title: 'Cloud ready', text: 'Jots go to a local text file or straight into a Google Docs document.' },
  { icon: <ShieldCheckIcon />, title: 'Simple and secure', text: 'No account to create, AES-256 encryption in transit, and nobody reads their jots.' },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Share It'),
    description: `Know someone who loses good ideas? Invite a friend or colleague to try ${PRODUCT_NAME}, the free tray app that saves a note in seconds.`,
    path: '/share-it',
    origin: originFromMatches(matches),
  });

/** The form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(INVITATION_FORM_FIELDS);

export default function ShareIt({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Share It"
        title="Know someone who loses good ideas?"
        description={`Send a friend or colleague a personal invitation to try ${PRODUCT_NAME}. It takes ten seconds and costs them nothing.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <FormCard id="invite-heading" title="Invite a friend">
          <InvitationForm unsent={actionData} />
        </FormCard>
      </div>
      <Section
        labelledBy="share-why-heading"
        className="bg-muted/40"
        title="What your friend gets"
        description="The same three things that made you pass it on."
      >
        <FeatureGrid features={WHAT_THEY_GET} />
        <DownloadLinks
          label={`Get ${PRODUCT_NAME} yourself`}
          secondary={{ to: '/#download', label: 'Download for Windows' }}
          className="mt-12 items-center sm:justify-center"
        />
      </Section>
    </>
  );
}

/** A form too large to read (413) keeps the site frame around its notice. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
