import { pageTitle } from '../../shared/brand';
import { PageHeader } from '~/components/page-header';
import { ProtectedPage } from '~/features/accounts';
import { PasskeysCard, usePasskeys } from '~/features/passkeys';
import { PasswordCard } from '~/features/password';
import { SecondFactorCard } from '~/features/second-factor';
import { getSessionsQueryOptions, SessionsCard } from '~/features/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { SAME_FOR_EVERYONE } from '~/lib/server-context';

export const handle = SAME_FOR_EVERYONE;

export const meta = () => [{ title: pageTitle('Security') }, { name: 'robots', content: 'noindex' }];

/** A signed-in person's Security page (issue 36 item 6, §5): the password, two-step sign-in, and where the account is signed in. Admins have it in the back-office. */
export default function AccountSecurityPage() {
  const queryClient = useQueryClient();
  // A passkey is a second step too: the two-step card says so (decision 0057).
  const passkeyCount = usePasskeys().data?.passkeys.length ?? 0;
  return (
    <ProtectedPage>
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
        <PageHeader title="Security" description="How you sign in, and the devices signed in to your account." />
        <PasswordCard onChanged={() => void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey })} />
        <SecondFactorCard passkeyCount={passkeyCount} />
        <PasskeysCard />
        <SessionsCard />
      </div>
    </ProtectedPage>
  );
}
