import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsList, AnalyticsListResult } from '../../../../shared/schemas/analytics';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { type AnalyticsFilters, analyticsQueryString } from './analytics-query';

/** `GET /api/admin/analytics/lists/{list}` (owner/admin): the top values of one dimension. */
export const getAnalyticsList = (list: AnalyticsList, filters: AnalyticsFilters, signal?: AbortSignal) =>
  apiRequest<AnalyticsListResult>(`/api/admin/analytics/lists/${list}${analyticsQueryString(filters)}`, { signal });

export const getAnalyticsListQueryOptions = (list: AnalyticsList, filters: AnalyticsFilters) =>
  queryOptions({ queryKey: ['analytics', 'list', list, filters], queryFn: ({ signal }) => getAnalyticsList(list, filters, signal), ...adminQueryDefaults });

export const useAnalyticsList = (list: AnalyticsList, filters: AnalyticsFilters) => useQuery(getAnalyticsListQueryOptions(list, filters));
