import { CheckCircle2Icon, MailCheckIcon, XCircleIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { MessageCard } from '~/components/message-card';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/confirm-subscription';
import { serverContextOf } from '~/lib/server-context';

/**
 * `/confirm-subscription?t=…` (issue 24, double opt-in): opening the link changes nothing (mail scanners open
 * links); the button posts a plain HTML form to `POST /confirm-subscription`, which subscribes the address (and
 * queues its one Kit sync) and comes back here with `done`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = serverContextOf(context);
  const url = new URL(request.url);
  const token = url.searchParams.get('t') ?? '';
  const done = url.searchParams.get('done');
  return { token, isValid: token !== '' && services.isConfirmationToken(token), done: done === 'confirmed' || done === 'failed' ? done : null };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Confirm Subscription - JotIt!',
    description: 'Confirm that you want JotIt updates by e-mail.',
    path: '/confirm-subscription',
    origin: originFromMatches(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ConfirmSubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { token, isValid, done } = loaderData;
  if (!isValid || done === 'failed') {
    return (
      <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
        <MessageCard icon={XCircleIcon} tone="destructive" title="We could not confirm this address">
          <p role="alert">The link is not valid, or the address has unsubscribed since. Please subscribe again from the site.</p>
        </MessageCard>
      </section>
    );
  }
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {done === 'confirmed' ? (
        <MessageCard
          icon={CheckCircle2Icon}
          tone="success"
          title="Subscription confirmed"
          description="Thank you! New articles and product news will reach your inbox. Every e-mail has an unsubscribe link."
        />
      ) : (
        <MessageCard
          icon={MailCheckIcon}
          tone="primary"
          title="Confirm your subscription"
          description="Press the button to receive new articles and product news by e-mail."
          footer={
            <form method="post" action={`/confirm-subscription?t=${encodeURIComponent(token)}`}>
              <input type="hidden" name="action" value="confirm" />
              <Button type="submit">Confirm Subscription</Button>
            </form>
          }
        />
      )}
    </section>
  );
}
