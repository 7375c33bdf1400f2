import { useMutation } from '@tanstack/react-query';
import type { AnalyticsList } from '../../../../shared/schemas/analytics';
import { downloadFile } from '~/lib/download-file';
import { type AnalyticsFilters, analyticsQueryString } from './analytics-query';

/** `GET /api/admin/analytics/lists/{list}/csv`, then saves the file (as the leads export). */
export function downloadAnalyticsCsv({ list, filters }: { list: AnalyticsList; filters: AnalyticsFilters }): Promise<string> {
  return downloadFile(`/api/admin/analytics/lists/${list}/csv${analyticsQueryString(filters)}`, `JotIt-analytics-${list}.csv`);
}

export const useDownloadAnalyticsCsv = () => useMutation({ mutationFn: downloadAnalyticsCsv });
