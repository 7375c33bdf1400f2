import { pageTitle } from '../../../shared/brand';
import { AdminPage, AdminPageActions, adminMeta } from '~/components/admin/admin-page';
import { BlogAdminScreen, type PreviewPost } from '~/features/blog-admin';
import { PostArticle } from '~/features/blog';

export const meta = adminMeta(
  pageTitle('Blog Management'),
  'Write, schedule and publish the JotIt blog, its categories and ads.',
);

/** The editor's Preview is the live page's article (issue 26 §4), under the admin page's own h1. */
function PostPreview({ post, color }: { post: PreviewPost; color: string | null }) {
  return <PostArticle post={post} color={color} headingLevel="h2" />;
}

/** Spec §2 Blog management: posts with the editor, ads, analytics and categories. */
export default function Page() {
  return (
    <AdminPage
      title="Blog Management"
      description="Write, schedule and publish posts; manage categories, ads and see how posts do."
    >
      <BlogAdminScreen Actions={AdminPageActions} Preview={PostPreview} />
    </AdminPage>
  );
}
