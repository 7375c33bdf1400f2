import { pageTitle } from '../../../shared/brand';
import { AdminPage, adminMeta, ComingSoon } from '~/features/accounts';

export const meta = adminMeta(pageTitle('Blog Management'), 'Manage the JotIt blog.');

export default function Page() {
  return (
    <AdminPage title="Blog Management" description="The articles of the public blog.">
      <ComingSoon>The blog editor is coming soon. The published articles are on the public blog.</ComingSoon>
    </AdminPage>
  );
}
