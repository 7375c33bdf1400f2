/** `/api/blog-tags`: the tags table (kept in step with the posts), renamed or deleted by an admin. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogTag, BlogTagInput } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { blogAdminKeys } from './keys';

export function getBlogTags(signal?: AbortSignal): Promise<BlogTag[]> {
  return apiRequest<BlogTag[]>('/api/blog-tags', { signal });
}

export function useBlogTags() {
  return useQuery({
    queryKey: blogAdminKeys.tags,
    queryFn: ({ signal }) => getBlogTags(signal),
    ...adminQueryDefaults,
  });
}

/** A rename renames the tag in every post (docs/blog-api.md). */
export function renameBlogTag({ id, input }: { id: number; input: BlogTagInput }): Promise<BlogTag> {
  return apiRequest<BlogTag>(`/api/blog-tags/${id}`, { method: 'PATCH', body: input });
}

export function useRenameBlogTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameBlogTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

/** Deleting a tag removes it from every post. */
export function deleteBlogTag(id: number): Promise<void> {
  return apiRequest<void>(`/api/blog-tags/${id}`, { method: 'DELETE' });
}

export function useDeleteBlogTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
