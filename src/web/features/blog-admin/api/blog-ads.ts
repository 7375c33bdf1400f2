/** `/api/blog-ads` (admin): the Ads & Monetization panel's list, create, edit and delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogAd, CreateBlogAd, UpdateBlogAd } from '../../../../shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { blogAdminKeys } from './keys';

export function getBlogAds(signal?: AbortSignal): Promise<BlogAd[]> {
  return apiRequest<BlogAd[]>('/api/blog-ads', { signal });
}

/** `isEnabled: false` for whoever may not manage ads (an author's editor): the API would answer 403. */
export function useBlogAds({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ queryKey: blogAdminKeys.ads, queryFn: ({ signal }) => getBlogAds(signal), enabled: isEnabled, ...adminQueryDefaults });
}

export function saveBlogAd({ id, input }: { id: number | null; input: CreateBlogAd | UpdateBlogAd }): Promise<BlogAd> {
  return id === null
    ? apiRequest<BlogAd>('/api/blog-ads', { method: 'POST', body: input })
    : apiRequest<BlogAd>(`/api/blog-ads/${id}`, { method: 'PATCH', body: input });
}

export function useSaveBlogAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}

export function deleteBlogAd(id: number): Promise<void> {
  return apiRequest<void>(`/api/blog-ads/${id}`, { method: 'DELETE' });
}

export function useDeleteBlogAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
