import { CheckCircle2Icon, MailXIcon, XCircleIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { MessageCard } from '~/components/message-card';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/unsubscribe';
import { serverContextOf } from '~/lib/server-context';

/**
 * `/unsubscribe?t=…` (issue 24): the page behind every unsubscribe link. Opening it changes nothing (mail scanners
 * open links); the button posts a plain HTML form to `POST /unsubscribe`, which works without JavaScript or cookies
 * and comes back here with `done`. A stopped address is offered the way back (resubscribe).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const url = new URL(request.url);
  const token = url.searchParams.get('t') ?? '';
  const done = url.searchParams.get('done');
  const status = token ? await services.getUnsubscribeStatus(token) : null;
  return { token, status, done: done === 'unsubscribed' || done === 'resubscribed' ? done : null };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Unsubscribe - JotIt!', description: 'Stop e-mails from JotIt.', path: '/unsubscribe', origin: originFromMatches(matches) }),
  // A page reached only from a personal link: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { token, status, done } = loaderData;
  const action = `/unsubscribe?t=${encodeURIComponent(token)}`;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {!status ? (
        <MessageCard icon={XCircleIcon} tone="destructive" title="Invalid Unsubscribe Link">
          <p role="alert">This link is not valid. Please use the link from your most recent e-mail, or write to us and we will stop the e-mails by hand.</p>
        </MessageCard>
      ) : status.isSuppressed ? (
        <MessageCard
          icon={CheckCircle2Icon}
          tone="success"
          title="You are unsubscribed"
          description={`${status.email} will no longer receive ${status.scopeLabel}. Account e-mails (sign-in, password reset) still arrive.`}
          footerClassName="flex-col gap-3"
          footer={
            <>
              <p className="text-sm text-muted-foreground">Changed your mind?</p>
              <form method="post" action={action}>
                <input type="hidden" name="action" value="resubscribe" />
                <Button type="submit" variant="outline">
                  Resubscribe
                </Button>
              </form>
            </>
          }
        />
      ) : (
        <MessageCard
          icon={MailXIcon}
          tone="primary"
          title={done === 'resubscribed' ? 'You are subscribed again' : 'Unsubscribe'}
          description={
            done === 'resubscribed' ? `${status.email} will receive ${status.scopeLabel} again.` : `Stop ${status.scopeLabel} to ${status.email}?`
          }
          footer={
            done !== 'resubscribed' && (
              <form method="post" action={action}>
                <input type="hidden" name="action" value="unsubscribe" />
                <Button type="submit">Unsubscribe</Button>
              </form>
            )
          }
        />
      )}
    </section>
  );
}
