import { CheckCircle2Icon, MailXIcon, XCircleIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
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
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <XCircleIcon aria-hidden="true" className="size-12 text-destructive" />
            <h1 className="text-2xl font-bold tracking-tight">Invalid Unsubscribe Link</h1>
          </CardHeader>
          <CardContent className="text-muted-foreground">
            <p role="alert">This link is not valid. Please use the link from your most recent e-mail, or write to us and we will stop the e-mails by hand.</p>
          </CardContent>
        </Card>
      ) : status.isSuppressed ? (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <CheckCircle2Icon aria-hidden="true" className="size-12 text-success" />
            <h1 className="text-2xl font-bold tracking-tight">You are unsubscribed</h1>
            <CardDescription>
              {status.email} will no longer receive {status.scopeLabel}. Account e-mails (sign-in, password reset) still arrive.
            </CardDescription>
          </CardHeader>
          <CardFooter className="flex-col gap-3">
            <p className="text-sm text-muted-foreground">Changed your mind?</p>
            <form method="post" action={action}>
              <input type="hidden" name="action" value="resubscribe" />
              <Button type="submit" variant="outline">
                Resubscribe
              </Button>
            </form>
          </CardFooter>
        </Card>
      ) : (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <MailXIcon aria-hidden="true" className="size-12 text-primary" />
            <h1 className="text-2xl font-bold tracking-tight">{done === 'resubscribed' ? 'You are subscribed again' : 'Unsubscribe'}</h1>
            <CardDescription>
              {done === 'resubscribed'
                ? `${status.email} will receive ${status.scopeLabel} again.`
                : `Stop ${status.scopeLabel} to ${status.email}?`}
            </CardDescription>
          </CardHeader>
          {done !== 'resubscribed' && (
            <CardFooter className="justify-center">
              <form method="post" action={action}>
                <input type="hidden" name="action" value="unsubscribe" />
                <Button type="submit">Unsubscribe</Button>
              </form>
            </CardFooter>
          )}
        </Card>
      )}
    </section>
  );
}
