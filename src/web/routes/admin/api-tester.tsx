import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { ApiTester } from '~/features/api-tester';

export const meta = adminMeta(pageTitle('API Tester'), 'Try the JotIt encrypted jot API from the back-office.');

/**
 * Spec §2's API Tester inside the admin frame for staff (issue 37 §12): the sidebar's API Tester opens it here, so
 * the operator keeps the sidebar and ⌘K. Signed-in members keep /api-tester on the public site.
 */
export default function AdminApiTesterPage() {
  return (
    <AdminPage
      title="API Tester"
      description="Send test jots, encrypted payloads and authenticated reads to the JotIt API, and see exactly what comes back."
    >
      <ApiTester />
    </AdminPage>
  );
}
