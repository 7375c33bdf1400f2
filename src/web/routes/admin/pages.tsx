import { pageTitle } from '../../../shared/brand';
import { lazy } from 'react';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { loadMarkdownEditor } from '~/features/blog-admin';
import { PagesAdmin } from '~/features/pages-admin';

// The blog's Markdown editor (CodeMirror), loaded only when the page editor opens.
const MarkdownEditor = lazy(loadMarkdownEditor);

export const meta = adminMeta(pageTitle('Pages'), 'Manage the content pages served at /p/{slug}.');

/** Issue 12: content pages admin. */
export default function Page() {
  return (
    <AdminPage title="Pages" description="Content pages served at /p/{slug}">
      <PagesAdmin Actions={AdminPageActions} Editor={MarkdownEditor} />
    </AdminPage>
  );
}
