import { CheckCircle2Icon, MailIcon, XCircleIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { useConfirmEmail } from '~/features/accounts';
import { serverErrorText } from '~/lib/api-client';
import { originFromMatches, seo } from '~/lib/seo';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Confirm Email - JotIt!',
    description: 'Confirm the e-mail address of your JotIt account.',
    path: '/confirm-email',
    origin: originFromMatches(matches),
  }),
  // A page reached only from a personal link: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

/**
 * The link in the confirmation e-mail lands here; the address is confirmed only when the person presses the button
 * (docs/architecture.md §5), so a mail scanner that opens the link does not use the single-use token up.
 */
export default function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmEmail();

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {!token || confirm.isError ? (
        <InvalidLink message={confirm.isError ? serverErrorText(confirm.error) : undefined} />
      ) : confirm.isSuccess ? (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <CheckCircle2Icon aria-hidden="true" className="size-12 text-success" />
            <h1 className="text-2xl font-bold tracking-tight">Email Confirmed</h1>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-muted-foreground">
            <p>{confirm.data.message}</p>
            {confirm.data.needsApproval && <p>You can sign in once an administrator has approved your account.</p>}
          </CardContent>
          <CardFooter className="justify-center">
            <Button asChild>
              <Link to="/login">Go to Sign In</Link>
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <MailIcon aria-hidden="true" className="size-12 text-primary" />
            <h1 className="text-2xl font-bold tracking-tight">Confirm your email</h1>
            <CardDescription>Press the button to confirm the e-mail address of your JotIt account.</CardDescription>
          </CardHeader>
          <CardFooter className="justify-center">
            <Button onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
              {confirm.isPending ? 'Please wait...' : 'Confirm Email'}
            </Button>
          </CardFooter>
        </Card>
      )}
    </section>
  );
}

function InvalidLink({ message }: { message?: string }) {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center">
        <XCircleIcon aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-2xl font-bold tracking-tight">Invalid Confirmation Link</h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-muted-foreground">
        <p role="alert">{message ?? 'This confirmation link is invalid or has expired.'}</p>
        <p>
          Links work once and expire after 24 hours. Try to sign in: if your address is still unconfirmed, you can ask
          for a new link there.
        </p>
      </CardContent>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to="/login">Go to Sign In</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
