import { CheckCircle2Icon, MailIcon, XCircleIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { MessageCard } from '~/components/message-card';
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
        <MessageCard icon={CheckCircle2Icon} tone="success" title="Email Confirmed" contentClassName="flex flex-col gap-3" footer={<SignInLink />}>
          <p>{confirm.data.message}</p>
          {confirm.data.needsApproval && <p>You can sign in once an administrator has approved your account.</p>}
        </MessageCard>
      ) : (
        <MessageCard
          icon={MailIcon}
          tone="primary"
          title="Confirm your email"
          description="Press the button to confirm the e-mail address of your JotIt account."
          footer={
            <Button onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
              {confirm.isPending ? 'Please wait...' : 'Confirm Email'}
            </Button>
          }
        />
      )}
    </section>
  );
}

function InvalidLink({ message }: { message?: string }) {
  return (
    <MessageCard icon={XCircleIcon} tone="destructive" title="Invalid Confirmation Link" contentClassName="flex flex-col gap-3" footer={<SignInLink />}>
      <p role="alert">{message ?? 'This confirmation link is invalid or has expired.'}</p>
      <p>
        Links work once and expire after 24 hours. Try to sign in: if your address is still unconfirmed, you can ask
        for a new link there.
      </p>
    </MessageCard>
  );
}

function SignInLink() {
  return (
    <Button asChild>
      <Link to="/login">Go to Sign In</Link>
    </Button>
  );
}
