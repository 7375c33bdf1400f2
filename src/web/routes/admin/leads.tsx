import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, type AdminRouteHandle, adminMeta } from '~/components/admin/admin-page';
import { LeadsScreen } from '~/features/leads';

export const meta = adminMeta(pageTitle('Leads Management'), 'Leads captured by the JotIt site.');

// Spec §2: without a user, Leads Management shows Access Denied with a Sign In button (to /api-tester).
export const handle: AdminRouteHandle = { whenSignedOut: 'access-denied' };

export default function Page() {
  return (
    <AdminPage
      title="Leads Management"
      description="E-mail addresses captured by the download forms: search, filter, sync to ConvertKit and export."
    >
      <LeadsScreen Actions={AdminPageActions} />
    </AdminPage>
  );
}
