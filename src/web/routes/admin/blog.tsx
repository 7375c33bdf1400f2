import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BlogAdminScreen } from '~/features/blog-admin';

export const meta = adminMeta(
  pageTitle('Blog Management'),
  'Write, schedule and publish the JotIt blog, its categories and ads.',
);

/** Spec §2 Blog management: posts, ads, analytics and categories; the editor has its own route (blog-editor.tsx). */
export default function Page() {
  return (
    <AdminPage
      title="Blog Management"
      description="Write, schedule and publish posts; manage categories, ads and see how posts do."
    >
      <BlogAdminScreen Actions={AdminPageActions} />
    </AdminPage>
  );
}
