import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { useSearchParams } from 'react-router';
import { PasskeysCard, usePasskeys } from '~/features/passkeys';
import { PasswordCard } from '~/features/password';
import { SecondFactorCard } from '~/features/second-factor';
import { getSessionsQueryOptions, SessionsCard } from '~/features/sessions';
import { useQueryClient } from '@tanstack/react-query';

export const meta = adminMeta(pageTitle('Security'), 'The devices signed in to your account.');

/** An admin's Security page, inside the back-office (issue 36 item 6, §5): the same cards as everyone's. */
export default function AdminSecurityPage() {
  // `?setup=two-step`: sent here after sign-in to set up two-step sign-in (REQUIRE_STAFF_MFA, decision 0053).
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // A passkey is a second step too: the two-step card says so (decision 0057).
  const passkeyCount = usePasskeys().data?.passkeys.length ?? 0;
  return (
    <AdminPage title="Security" description="How you sign in, and the devices signed in to your account.">
      <div className="flex max-w-3xl flex-col gap-8">
        <PasswordCard onChanged={() => void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey })} />
        <SecondFactorCard startSetup={searchParams.get('setup') === 'two-step'} passkeyCount={passkeyCount} />
        <PasskeysCard />
        <SessionsCard />
      </div>
    </AdminPage>
  );
}
