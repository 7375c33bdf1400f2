import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';
import { pageTitle } from '../../../shared/brand';
import { adminMeta } from '~/components/admin/admin-page';
import type { AdminRouteHandle } from '~/components/admin/admin-shell';
import type { PreviewPost } from '~/features/blog-admin';
import { PostEditorScreen } from '~/features/blog-admin/post-editor-screen';
import { PostArticle } from '~/features/blog';

/** The editor takes the whole width: the admin frame leaves its sidebar out (decision 0072). */
export const handle: AdminRouteHandle = { isFullScreen: true };

export const meta: MetaFunction = ({ params }) => adminMeta(pageTitle(params.id ? 'Edit Post' : 'New Post'))();

/** The editor's Preview is the live page's article (issue 26 §4), under the editor's own h1. */
function PostPreview({ post, color }: { post: PreviewPost; color: string | null }) {
  return <PostArticle post={post} color={color} headingLevel="h2" />;
}

/**
 * Spec §2 Blog management's post editor, on its own route (issue 37, decision 0072): /admin/blog/new and
 * /admin/blog/:id/edit, inside the admin layout (its gate and frame). A view of its own: no page header.
 */
export default function Page() {
  const { id = null } = useParams();
  return <PostEditorScreen key={id ?? 'new'} postId={id} Preview={PostPreview} />;
}
