/**
 * A post's history (issue 39 §1; docs/blog-api.md): its revisions, one revision's fields, a restore (a new save of
 * them, with the version the editor read) and the editor's autosave (a draft revision; the live post never changes),
 * and what the History panel and the conflict dialog call a post and compare of it.
 */
import type { AdminBlogPostDetail, AutosaveBlogPost } from '../../../../shared/schemas/blog';
import type { BlogPostRevision, BlogPostRevisionFields } from '../../../../shared/schemas/revisions';
import { type DocumentHistory, documentHistoryApi, documentText } from '~/lib/document-versions';
import { useBlogPost } from './blog-posts';
import { blogAdminKeys } from './keys';

export const postRevisions = documentHistoryApi<string, BlogPostRevision, AdminBlogPostDetail, AutosaveBlogPost>({
  path: (postId) => `/api/blog-posts/${encodeURIComponent(postId)}`,
  key: blogAdminKeys.revisions,
  invalidates: blogAdminKeys.all,
});

/** The History compares a post's title and content. */
type PostText = Pick<BlogPostRevisionFields, 'title' | 'content'>;

export const postHistory: DocumentHistory<string, PostText, AdminBlogPostDetail> = {
  noun: 'post',
  restores: 'title, content and other text',
  keeps: 'published or a draft',
  saveFailed: 'Failed to save blog post',
  textOf: ({ title, content }) => documentText(title, content),
  api: postRevisions,
  useSaved: useBlogPost,
};
