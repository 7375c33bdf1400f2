import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JotPage } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const jotsQueryKey = ['admin-jots'] as const;

/** `GET /api/jots?limit=&offset=` with the admin's bearer token: `{ jots, total }`, full records, newest first. */
export function getJots({ limit, offset }: { limit: number; offset: number }, signal?: AbortSignal): Promise<JotPage> {
  return apiRequest<JotPage>(`/api/jots?limit=${limit}&offset=${offset}`, { signal });
}

export function getJotsQueryOptions(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...jotsQueryKey, page],
    queryFn: ({ signal }) => getJots(page, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useJots(page: { limit: number; offset: number }) {
  return useQuery(getJotsQueryOptions(page));
}
