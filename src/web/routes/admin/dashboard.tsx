import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { DashboardScreen } from '~/features/admin-stats/dashboard-screen';

export const meta = adminMeta(pageTitle('Admin Dashboard'));

/** Spec §2 Admin dashboard: the cards of the admin areas with their figures, and the charts. */
export default function AdminDashboardPage() {
  return (
    <AdminPage title="Admin Dashboard" description="Manage the site's content, its users and the jot API." showBreadcrumb={false}>
      <DashboardScreen />
    </AdminPage>
  );
}
