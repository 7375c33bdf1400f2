/**
 * A post's history (issue 39 §1; docs/blog-api.md): its revisions, one revision's fields, a restore (a new save of
 * them, with the version the editor read) and the editor's autosave (a draft revision; the live post never changes).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPostDetail, AutosaveBlogPost } from '../../../../shared/schemas/blog';
import type { BlogPostRevision, RevisionList, RevisionSummary } from '../../../../shared/schemas/revisions';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { blogAdminKeys } from './keys';

const postPath = (postId: string) => `/api/blog-posts/${encodeURIComponent(postId)}`;

export function getPostRevisions(postId: string, signal?: AbortSignal): Promise<RevisionList> {
  return apiRequest<RevisionList>(`${postPath(postId)}/revisions`, { signal });
}

export function usePostRevisions(postId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: blogAdminKeys.revisions(postId),
    queryFn: ({ signal }) => getPostRevisions(postId, signal),
    enabled: isEnabled,
    ...adminQueryDefaults,
  });
}

export function getPostRevision(postId: string, revisionId: number, signal?: AbortSignal): Promise<BlogPostRevision> {
  return apiRequest<BlogPostRevision>(`${postPath(postId)}/revisions/${revisionId}`, { signal });
}

export function usePostRevision(postId: string, revisionId: number | null) {
  return useQuery({
    queryKey: blogAdminKeys.revision(postId, revisionId ?? 0),
    queryFn: ({ signal }) => getPostRevision(postId, revisionId ?? 0, signal),
    enabled: revisionId !== null,
    ...adminQueryDefaults,
  });
}

export function restorePostRevision({ postId, revisionId, version }: { postId: string; revisionId: number; version: number }): Promise<AdminBlogPostDetail> {
  return apiRequest<AdminBlogPostDetail>(`${postPath(postId)}/revisions/${revisionId}/restore`, { method: 'POST', body: { version } });
}

export function useRestorePostRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePostRevision,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export function autosavePost(postId: string, fields: AutosaveBlogPost): Promise<RevisionSummary> {
  return apiRequest<RevisionSummary>(`${postPath(postId)}/autosave`, { method: 'POST', body: fields });
}
