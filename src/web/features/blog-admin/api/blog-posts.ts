/** The admin's calls on `/api/blog-posts` (docs/blog-api.md): list with search and status, one post, save (with its links), delete. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPostDetail, AdminBlogPostList, BlogPostListFilter } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import type { PostPayload } from '../post-form';
import { blogAdminKeys } from './keys';

/** The admin list shows at most this many posts (the API's page limit); the search narrows the rest. */
export const ADMIN_POSTS_LIMIT = 100;

export interface PostFilters {
  q?: string;
  status?: BlogPostListFilter;
}

export function getBlogPosts(filters: PostFilters, signal?: AbortSignal): Promise<AdminBlogPostList> {
  const params = new URLSearchParams({ limit: String(ADMIN_POSTS_LIMIT) });
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  return apiRequest<AdminBlogPostList>(`/api/blog-posts?${params}`, { signal });
}

export function useBlogPosts(filters: PostFilters) {
  return useQuery(
    queryOptions({
      queryKey: blogAdminKeys.posts({ q: filters.q ?? '', status: filters.status ?? '' }),
      queryFn: ({ signal }) => getBlogPosts(filters, signal),
      placeholderData: (previous) => previous,
      ...adminQueryDefaults,
    }),
  );
}

/** `GET /api/blog-posts/{id}` as an admin: every field, the related-post ids and the ad links. */
export function getBlogPost(id: string, signal?: AbortSignal): Promise<AdminBlogPostDetail> {
  return apiRequest<AdminBlogPostDetail>(`/api/blog-posts/${encodeURIComponent(id)}`, { signal });
}

export function useBlogPost(id: string | null) {
  return useQuery({
    queryKey: blogAdminKeys.post(id ?? ''),
    queryFn: ({ signal }) => getBlogPost(id ?? '', signal),
    enabled: id !== null,
    ...adminQueryDefaults,
  });
}

export interface SavePostInput {
  id: string | null;
  /** The post's fields with its ad links and related posts: saved in one request and one transaction. */
  post: PostPayload;
  /** The version the editor read (decision 0064): a stale one answers 409 with who saved since. */
  version?: number | null;
}

/** Creates (`POST`) or updates (`PATCH`) the post with its ad links and related posts, all or nothing. */
export function saveBlogPost({ id, post, version }: SavePostInput): Promise<AdminBlogPostDetail> {
  return id === null
    ? apiRequest<AdminBlogPostDetail>('/api/blog-posts', { method: 'POST', body: post })
    : apiRequest<AdminBlogPostDetail>(`/api/blog-posts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...post, version: version ?? undefined } });
}

export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export function deleteBlogPost(id: string): Promise<void> {
  return apiRequest<void>(`/api/blog-posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
