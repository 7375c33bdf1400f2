import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/features/accounts';
import { LeadsScreen } from '~/features/leads';

export const meta = adminMeta(pageTitle('Leads Management'), 'Leads captured by the JotIt site.');

export default function Page() {
  return (
    <AdminPage
      title="Leads Management"
      description="E-mail addresses captured by the download forms: search, filter, sync to ConvertKit and export."
      // Spec §2: without a user, Leads Management shows Access Denied with a Sign In button (to /api-tester).
      whenSignedOut="access-denied"
    >
      <LeadsScreen Actions={AdminPageActions} />
    </AdminPage>
  );
}
