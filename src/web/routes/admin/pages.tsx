import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { LazyMarkdownEditor } from '~/components/lazy-markdown-editor';
import { PagesAdmin } from '~/features/pages-admin';

export const meta = adminMeta(pageTitle('Pages'), 'Manage the content pages served at /p/{slug}.');

/** Issue 12: content pages admin. */
export default function Page() {
  return (
    <AdminPage title="Pages" description="Content pages served at /p/{slug}">
      <PagesAdmin Actions={AdminPageActions} Editor={LazyMarkdownEditor} />
    </AdminPage>
  );
}
