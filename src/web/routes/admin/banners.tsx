import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta, ComingSoon } from '~/features/accounts';

export const meta = adminMeta(pageTitle('Site Banners'), 'Manage site-wide notification banners.');

export default function Page() {
  return (
    <AdminPage title="Site Banners" description="Manage site-wide notification banners">
      <ComingSoon>Banner editing is coming soon. Active banners already show at the top of every page.</ComingSoon>
    </AdminPage>
  );
}
