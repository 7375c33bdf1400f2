import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta, ComingSoon } from '~/features/accounts';

export const meta = adminMeta(pageTitle('Leads Management'), 'Leads captured by the JotIt site.');

export default function Page() {
  return (
    <AdminPage
      title="Leads Management"
      description="E-mail addresses captured by the download forms."
      // Spec §2: without a user, Leads Management shows Access Denied with a Sign In button (to /api-tester).
      whenSignedOut="access-denied"
    >
      <ComingSoon>
        The leads list and its CSV export are coming soon. Leads are already stored and synced to Kit as they arrive.
      </ComingSoon>
    </AdminPage>
  );
}
