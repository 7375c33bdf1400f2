/** The range and filters every analytics read takes, as the URL of the screen and of the API carry them. */
export interface AnalyticsFilters {
  from?: string;
  to?: string;
  page?: string;
  source?: string;
  country?: string;
}

export const ANALYTICS_FILTER_KEYS = ['from', 'to', 'page', 'source', 'country'] as const;

export function analyticsQueryString(filters: AnalyticsFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
