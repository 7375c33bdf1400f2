import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

/** How often the "visitors now" figure is read again. */
const LIVE_REFRESH_MS = 30_000;

/** `GET /api/admin/analytics/live` (owner/admin): distinct visitors in the last 5 minutes. */
export const getLiveVisitors = (signal?: AbortSignal) => apiRequest<{ visitors: number; minutes: number }>('/api/admin/analytics/live', { signal });

export const getLiveVisitorsQueryOptions = () =>
  queryOptions({ queryKey: ['analytics', 'live'], queryFn: ({ signal }) => getLiveVisitors(signal), ...adminQueryDefaults, refetchInterval: LIVE_REFRESH_MS });

export const useLiveVisitors = () => useQuery(getLiveVisitorsQueryOptions());
