import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BannersScreen } from '~/features/banners/banners-screen';

export const meta = adminMeta(pageTitle('Site Banners'), 'Manage site-wide notification banners.');

/** Spec §2 Banners admin. */
export default function Page() {
  return (
    <AdminPage title="Site Banners" description="Manage site-wide notification banners">
      <BannersScreen Actions={AdminPageActions} />
    </AdminPage>
  );
}
