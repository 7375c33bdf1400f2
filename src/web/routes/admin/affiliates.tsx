import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { AffiliatesScreen } from '~/features/affiliates';

export const meta = adminMeta(pageTitle('Affiliate Products'), 'Affiliate products, their links and clicks.');

/** Issue 12: affiliate products that blog ads link to through /go/{id}. */
export default function Page() {
  return (
    <AdminPage title="Affiliate Products" description="Products blog ads link to through /go/{id}, with clicks over 30 days">
      <AffiliatesScreen Actions={AdminPageActions} />
    </AdminPage>
  );
}
