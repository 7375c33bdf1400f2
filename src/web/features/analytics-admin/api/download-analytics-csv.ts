import { useMutation } from '@tanstack/react-query';
import type { AnalyticsList } from '../../../../shared/schemas/analytics';
import { ApiError, readAuthToken } from '~/lib/api-client';
import { type AnalyticsFilters, analyticsQueryString } from './analytics-query';

/**
 * `GET /api/admin/analytics/lists/{list}/csv`, then saves the file. The call needs the bearer token, so it is a fetch
 * and a download of the answer, not a plain link (as the leads export).
 */
export async function downloadAnalyticsCsv({ list, filters }: { list: AnalyticsList; filters: AnalyticsFilters }): Promise<string> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(`/api/admin/analytics/lists/${list}/csv${analyticsQueryString(filters)}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError('Network error', 0);
  }
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `JotIt-analytics-${list}.csv`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export const useDownloadAnalyticsCsv = () => useMutation({ mutationFn: downloadAnalyticsCsv });
