import { CheckCircle2Icon, MailCheckIcon, XCircleIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
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
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <XCircleIcon aria-hidden="true" className="size-12 text-destructive" />
            <h1 className="text-2xl font-bold tracking-tight">We could not confirm this address</h1>
          </CardHeader>
          <CardContent className="text-muted-foreground">
            <p role="alert">The link is not valid, or the address has unsubscribed since. Please subscribe again from the site.</p>
          </CardContent>
        </Card>
      </section>
    );
  }
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {done === 'confirmed' ? (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <CheckCircle2Icon aria-hidden="true" className="size-12 text-success" />
            <h1 className="text-2xl font-bold tracking-tight">Subscription confirmed</h1>
            <CardDescription>Thank you! New articles and product news will reach your inbox. Every e-mail has an unsubscribe link.</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <MailCheckIcon aria-hidden="true" className="size-12 text-primary" />
            <h1 className="text-2xl font-bold tracking-tight">Confirm your subscription</h1>
            <CardDescription>Press the button to receive new articles and product news by e-mail.</CardDescription>
          </CardHeader>
          <CardFooter className="justify-center">
            <form method="post" action={`/confirm-subscription?t=${encodeURIComponent(token)}`}>
              <input type="hidden" name="action" value="confirm" />
              <Button type="submit">Confirm Subscription</Button>
            </form>
          </CardFooter>
        </Card>
      )}
    </section>
  );
}
