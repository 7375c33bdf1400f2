import { BookOpenIcon, LifeBuoyIcon, MessageSquareIcon } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import { pageTitle, SUPPORT_EMAIL_DISPLAY } from '../../shared/brand';
import { RouteError } from '~/components/route-error';
import { Button } from '~/components/ui/button';
import { FaqAccordion, getHelpContent, type HelpContent, HelpVideo } from '~/features/faqs';
import { PageIntro, Section } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/help';
import { SAME_FOR_EVERYONE, serverContextOf } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

/** A page load: the answers are in the HTML, complete (search engines, no-JavaScript visitors). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ content: HelpContent | Promise<HelpContent> }> {
  const { services } = serverContextOf(context);
  const [faqs, video] = await Promise.all([services.getPublishedFaqs(), services.getHelpConfig().catch(() => null)]);
  return { content: { faqs, video } };
}

/** A visit from another page: the public API, not awaited, so the page shows 'Loading help content...' meanwhile. */
export function clientLoader(): { content: HelpContent | Promise<HelpContent> } {
  return { content: getHelpContent() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Help & FAQ'),
    description:
      'Answers to common questions about installing JotIt, where jots are saved, the Google Docs plugin and privacy.',
    path: '/help',
    origin: originFromMatches(matches),
  });

function Loading() {
  return (
    <p role="status" className="flex min-h-40 items-center justify-center text-muted-foreground">
      Loading help content...
    </p>
  );
}

export default function Help({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Support"
        title="Help & FAQ"
        description="Everything you need to install JotIt, capture your first idea and connect Google Docs. Can't find an answer? A person replies within 24 hours on business days."
      />

      <Section className="py-12 sm:py-16" innerClassName="grid gap-12 lg:grid-cols-[1.4fr_1fr]">
        {/* No Suspense boundary when the content is here (page loads): React would stream a large boundary behind
            its fallback even when ready. Only a visit from another page waits, showing 'Loading help content...'. */}
        {loaderData.content instanceof Promise ? (
          <Suspense fallback={<Loading />}>
            <Await resolve={loaderData.content} errorElement={<FaqAccordion faqs={[]} headingLevel={3} />}>
              {(content) => <HelpSections content={content} />}
            </Await>
          </Suspense>
        ) : (
          <HelpSections content={loaderData.content} />
        )}
      </Section>
    </>
  );
}

function HelpSections({ content: { faqs, video } }: { content: HelpContent }) {
  return (
    <>
      <div className="flex flex-col gap-6">
        <h2 className="text-2xl font-bold tracking-tight">Frequently asked questions</h2>
        <FaqAccordion faqs={faqs} headingLevel={3} />
      </div>
      <div className="flex flex-col gap-6">
        {/* Only a video that exists: no public "coming soon" placeholder (issue 27 §3). */}
        {video?.embedUrl && (
          <>
            <h2 className="text-2xl font-bold tracking-tight">Video tutorial</h2>
            <HelpVideo config={video} />
          </>
        )}
        <SupportCard />
      </div>
    </>
  );
}

function SupportCard() {
  const links = [
    { to: '/contact', icon: <LifeBuoyIcon />, label: 'Contact support', text: `Write to us or e-mail ${SUPPORT_EMAIL_DISPLAY}.` },
    { to: '/feedback', icon: <MessageSquareIcon />, label: 'Send feedback', text: 'Tell us what to fix or build next.' },
    { to: '/blog', icon: <BookOpenIcon />, label: 'Read the blog', text: 'Guides, engineering notes and news.' },
  ];
  return (
    <div className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-xs">
      <h3 className="text-lg font-semibold">Still need help?</h3>
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="flex items-start gap-3 rounded-lg p-2 transition-colors hover:bg-muted">
              <span aria-hidden="true" className="mt-0.5 text-primary [&_svg]:size-5">
                {link.icon}
              </span>
              <span className="flex flex-col">
                <span className="font-medium">{link.label}</span>
                <span className="text-sm text-muted-foreground">{link.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild variant="outline">
        <Link to="/#download">Get the free download</Link>
      </Button>
    </div>
  );
}

/** A failing loader keeps the site frame (nav, footer) around the error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
