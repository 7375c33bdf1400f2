import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_JOTS_LIMIT, RECENT_JOTS_POLL_MS } from '../../../../shared/constants';
import type { PublicJot } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';

/** `GET /api/jots?limit=10` (spec §7): the anonymous projection of the newest jots, polled every 5 s. */
export async function getRecentJots(): Promise<PublicJot[]> {
  try {
    return await apiRequest<PublicJot[]>(`/api/jots?limit=${RECENT_JOTS_LIMIT}`, { anonymous: true });
  } catch (error) {
    console.warn('Could not load the latest jots', error);
    throw error;
  }
}

export const recentJotsQueryOptions = () =>
  queryOptions({
    queryKey: ['jots', 'recent', RECENT_JOTS_LIMIT],
    queryFn: getRecentJots,
    refetchInterval: RECENT_JOTS_POLL_MS,
    retry: false,
  });

export function useRecentJots() {
  return useQuery(recentJotsQueryOptions());
}
