import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/schemas/admin-stats';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const adminStatsQueryKey = ['admin-stats'] as const;

/** `GET /api/admin/stats` (admin): the dashboard's live figures and 30-day series. */
export const getAdminStats = (signal?: AbortSignal) => apiRequest<AdminStats>('/api/admin/stats', { signal });

export function getAdminStatsQueryOptions() {
  return queryOptions({ queryKey: adminStatsQueryKey, queryFn: ({ signal }) => getAdminStats(signal), ...adminQueryDefaults });
}

export const useAdminStats = () => useQuery(getAdminStatsQueryOptions());
