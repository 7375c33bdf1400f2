import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../../shared/schemas/analytics';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { type AnalyticsFilters, analyticsQueryString } from './analytics-query';

/** `GET /api/admin/analytics/summary` (owner/admin): the figures of the range and of the period before. */
export const getAnalyticsSummary = (filters: AnalyticsFilters, signal?: AbortSignal) =>
  apiRequest<AnalyticsSummary>(`/api/admin/analytics/summary${analyticsQueryString(filters)}`, { signal });

export const getAnalyticsSummaryQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({ queryKey: ['analytics', 'summary', filters], queryFn: ({ signal }) => getAnalyticsSummary(filters, signal), ...adminQueryDefaults });

export const useAnalyticsSummary = (filters: AnalyticsFilters) => useQuery(getAnalyticsSummaryQueryOptions(filters));
