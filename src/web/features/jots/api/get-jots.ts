import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JotPage } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const jotsQueryKey = ['admin-jots'] as const;

/**
 * A page of the admin list: by `offset`, or by a keyset cursor of the page beside it (`after` = the shown page's
 * `nextCursor`, `before` = its `prevCursor`; decision 0013). `offset` stays the page's position either way (the page
 * number shown); with a cursor the server does not walk it.
 */
export interface JotsPageRequest {
  limit: number;
  offset: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** `GET /api/jots` with the admin's bearer token: `{ jots, total, … }`, full records, newest first. */
export function getJots({ limit, offset, after, before }: JotsPageRequest, signal?: AbortSignal): Promise<JotPage> {
  const paging = after !== undefined ? `after=${after}` : before !== undefined ? `before=${before}` : `offset=${offset}`;
  return apiRequest<JotPage>(`/api/jots?limit=${limit}&${paging}`, { signal });
}

/**
 * The request for the page at offset `next`, seen from the page at `offset`: Next and Previous follow the shown
 * page's cursors, so walking a million jots never walks an offset (decision 0013); the first page is offset 0 (the
 * newest jots, even if some arrived meanwhile), and any other jump is an offset (past the middle the server reads
 * it from the other end).
 */
export function pageRequest(current: JotsPageRequest, next: number, shown: JotPage | undefined): JotsPageRequest {
  const { offset, limit } = current;
  if (next > 0 && next === offset + limit && shown?.nextCursor) return { limit, offset: next, after: shown.nextCursor };
  if (next > 0 && next === offset - limit && shown?.prevCursor) return { limit, offset: next, before: shown.prevCursor };
  return { limit, offset: next };
}

export function getJotsQueryOptions(page: JotsPageRequest) {
  return queryOptions({
    queryKey: [...jotsQueryKey, page],
    queryFn: ({ signal }) => getJots(page, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useJots(page: JotsPageRequest) {
  return useQuery(getJotsQueryOptions(page));
}
