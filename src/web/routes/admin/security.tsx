import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { SessionsCard } from '~/features/sessions';

export const meta = adminMeta(pageTitle('Security'), 'The devices signed in to your account.');

/** An admin's Security page, inside the back-office (issue 36 item 6): the same card as everyone's. */
export default function AdminSecurityPage() {
  return (
    <AdminPage title="Security" description="The devices signed in to your account. Sign out any you don't recognise.">
      <div className="max-w-3xl">
        <SessionsCard />
      </div>
    </AdminPage>
  );
}
