import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsFunnel } from '../../../../shared/schemas/analytics';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { type AnalyticsFilters, analyticsQueryString } from './analytics-query';

export type FunnelGroup = AnalyticsFunnel['by'];

/** `GET /api/admin/analytics/funnel` (owner/admin): visits → leads → confirmed → downloads by source, campaign or entry page. */
export const getAnalyticsFunnel = (by: FunnelGroup, filters: AnalyticsFilters, signal?: AbortSignal) =>
  apiRequest<AnalyticsFunnel>(`/api/admin/analytics/funnel${analyticsQueryString(filters, { by })}`, { signal });

export const getAnalyticsFunnelQueryOptions = (by: FunnelGroup, filters: AnalyticsFilters) =>
  queryOptions({ queryKey: ['analytics', 'funnel', by, filters], queryFn: ({ signal }) => getAnalyticsFunnel(by, filters, signal), ...adminQueryDefaults });

export const useAnalyticsFunnel = (by: FunnelGroup, filters: AnalyticsFilters) => useQuery(getAnalyticsFunnelQueryOptions(by, filters));
