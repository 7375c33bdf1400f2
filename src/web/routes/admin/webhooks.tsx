import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { WebhooksAdmin } from '~/features/webhooks-admin';

export const meta = adminMeta(pageTitle('Webhooks'));

/** Issue 41 §2, §5: the webhook endpoints, their signing secrets and delivery logs (owners and admins). */
export default function WebhooksPage() {
  return (
    <AdminPage title="Webhooks" description="Endpoints JotIt POSTs its events to, and what each delivery got back.">
      <WebhooksAdmin Actions={AdminPageActions} />
    </AdminPage>
  );
}
