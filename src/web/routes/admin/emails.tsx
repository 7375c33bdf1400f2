import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta } from '~/components/admin/admin-page';
import { MailPreviewsScreen } from '~/features/mail-previews';

export const meta = adminMeta(pageTitle('E-mail Previews'));

/** Issue 24: every e-mail the product sends, with sample data, light and dark. */
export default function EmailsPage() {
  return (
    <AdminPage title="E-mail Previews" description="What recipients get: every e-mail the site sends, with sample data, in light and dark clients.">
      <MailPreviewsScreen />
    </AdminPage>
  );
}
