import { LightbulbIcon, MessageSquareIcon, WrenchIcon } from 'lucide-react';
import { pageTitle, PRODUCT_NAME, SUPPORT_EMAIL_DISPLAY } from '../../shared/brand';
import { FEEDBACK_FORM_FIELDS, FeedbackForm, FormWithAside, PageIntro, unsentFormAction } from '~/features/marketing';
import { originFromMatches, seo } from '~/lib/seo';
import { RouteError } from '~/components/route-error';
import type { Route } from './+types/feedback';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle('Feedback'),
    description: `Tell the ${PRODUCT_NAME} team what works, what doesn't and what to build next. We read every message.`,
    path: '/feedback',
    origin: originFromMatches(matches),
  });

const PROMPTS = [
  { icon: <LightbulbIcon />, title: 'Ideas', text: 'A plugin, a shortcut, a setting you keep wishing for.' },
  {
    icon: <WrenchIcon />,
    title: 'Problems',
    text: 'Something slow, confusing or broken. Tell us what you did and what happened.',
  },
  { icon: <MessageSquareIcon />, title: 'Praise', text: 'What made your day easier. It tells us what never to break.' },
];

/** The form posted without JavaScript answers with the form as typed (unsentFormAction). */
export const action = unsentFormAction(FEEDBACK_FORM_FIELDS);

export default function Feedback({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Feedback"
        title="Help us make JotIt better"
        description="JotIt is shaped by the people who use it every day. Every message is read by the team that builds the app."
      />
      <FormWithAside
        id="feedback-heading"
        title="Share your feedback"
        asideLabel="About feedback"
        aside={
          <>
            <ul className="flex flex-col gap-4">
              {PROMPTS.map((prompt) => (
                <li key={prompt.title} className="flex gap-4 rounded-2xl border bg-card p-5 shadow-xs">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground [&_svg]:size-5"
                  >
                    {prompt.icon}
                  </span>
                  <div className="flex flex-col gap-1">
                    <h3 className="font-semibold">{prompt.title}</h3>
                    <p className="text-sm text-muted-foreground">{prompt.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="rounded-2xl bg-muted p-5 text-sm text-muted-foreground">
              Need help rather than a fix? Write to{' '}
              <a
                href={`mailto:${SUPPORT_EMAIL_DISPLAY}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {SUPPORT_EMAIL_DISPLAY}
              </a>
              . We usually reply within 24 hours on business days. You can also send feedback from {PRODUCT_NAME}&apos;s
              tray menu.
            </p>
          </>
        }
      >
        <FeedbackForm unsent={actionData} />
      </FormWithAside>
    </>
  );
}

/** A form too large to read (413) keeps the site frame around its notice. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
