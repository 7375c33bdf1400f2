import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { InboxScreen } from '~/features/inbox';

export const meta = adminMeta(pageTitle('Inbox'));

/** Issue 10 §7: the feedback and contact messages, read in the product. */
export default function InboxPage() {
  return (
    <AdminPage title="Inbox" description="Feedback and contact messages sent from the site.">
      <InboxScreen />
    </AdminPage>
  );
}
