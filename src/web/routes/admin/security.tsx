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
  const settingUp = searchParams.get('setup') === 'two-step';
  const passwordCard = <PasswordCard onChanged={() => void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey })} />;
  return (
    <AdminPage title="Security" description="How you sign in, and the devices signed in to your account.">
      <div className="flex max-w-3xl flex-col gap-8">
        {/* Sent here to set up two-step sign-in: that card comes first, its QR code in view. */}
        {!settingUp && passwordCard}
        <SecondFactorCard startSetup={settingUp} passkeyCount={passkeyCount} />
        {settingUp && passwordCard}
        <PasskeysCard />
        <SessionsCard />
      </div>
    </AdminPage>
  );
}
