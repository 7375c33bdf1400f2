import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { AnalyticsScreen } from '~/features/analytics-admin';

export const meta = adminMeta(pageTitle('Analytics'), 'Visitors, sources and the funnel to a download, without cookies.');

export default function Page() {
  return (
    <AdminPage title="Analytics" description="Cookieless counts of the site's visitors, where they come from, and the funnel to a download.">
      <AnalyticsScreen />
    </AdminPage>
  );
}
