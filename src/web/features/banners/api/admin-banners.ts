import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Banner, CreateBanner, UpdateBanner } from '../../../../shared/schemas/banners';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

/** Under ['banners'], beside the strip's ['banners', 'active']: a change refreshes both. */
export const adminBannersQueryKey = ['banners', 'admin'] as const;

/** `GET /api/banners` (admin): every banner, by display order. */
export function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  return apiRequest<Banner[]>('/api/banners', { signal });
}

export function getBannersQueryOptions() {
  return queryOptions({ queryKey: adminBannersQueryKey, queryFn: ({ signal }) => getBanners(signal), ...adminQueryDefaults });
}

export function useBanners() {
  return useQuery(getBannersQueryOptions());
}

function useBannerMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['banners'] }) });
}

/** `POST /api/banners` (admin). */
export const useCreateBanner = () => useBannerMutation((input: CreateBanner) => apiRequest<Banner>('/api/banners', { method: 'POST', body: input }));

/** `PATCH /api/banners/{id}` (admin): the changed fields. */
export const useUpdateBanner = () =>
  useBannerMutation(({ id, changes }: { id: number; changes: UpdateBanner }) =>
    apiRequest<Banner>(`/api/banners/${id}`, { method: 'PATCH', body: changes }),
  );

/** `DELETE /api/banners/{id}` (admin). */
export const useDeleteBanner = () => useBannerMutation((id: number) => apiRequest<void>(`/api/banners/${id}`, { method: 'DELETE' }));
