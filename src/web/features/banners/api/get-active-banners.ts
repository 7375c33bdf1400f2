import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANNERS_REFETCH_MS } from '../../../../shared/constants';
import type { ActiveBanner } from '../../../../shared/schemas/banners';
import { apiRequest } from '~/lib/api-client';

/** `GET /api/banners/active` (spec §7): refetched every 30 s; a failure keeps what is shown. */
export function getActiveBanners(): Promise<ActiveBanner[]> {
  return apiRequest<ActiveBanner[]>('/api/banners/active');
}

export const activeBannersQueryOptions = () =>
  queryOptions({
    queryKey: ['banners', 'active'],
    queryFn: getActiveBanners,
    refetchInterval: BANNERS_REFETCH_MS,
    retry: false,
  });

/** Seeded with the server's list (load context), so the strip is in the first HTML and nothing jumps. */
export function useActiveBanners(initialBanners: ActiveBanner[] | null | undefined) {
  return useQuery({ ...activeBannersQueryOptions(), ...(initialBanners ? { initialData: initialBanners } : {}) });
}
