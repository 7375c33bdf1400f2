import { queryOptions, useQuery } from '@tanstack/react-query';
import { JOT_COUNT_POLL_MS } from '../../../../shared/constants';
import type { JotCount } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';

/** `GET /api/jots/count` (spec §7): polled every 5 s. A failure is only logged (spec §8). */
export async function getJotCount(): Promise<number> {
  try {
    return (await apiRequest<JotCount>('/api/jots/count', { anonymous: true })).count;
  } catch (error) {
    console.warn('Could not load the jot count', error);
    throw error;
  }
}

export const jotCountQueryOptions = () =>
  queryOptions({
    queryKey: ['jots', 'count'],
    queryFn: getJotCount,
    refetchInterval: JOT_COUNT_POLL_MS,
    retry: false,
  });

/** The live jot count, seeded with the server's value (load context) so the number is in the first HTML. */
export function useJotCount(initialCount: number | null | undefined) {
  return useQuery({
    ...jotCountQueryOptions(),
    ...(typeof initialCount === 'number' ? { initialData: initialCount } : {}),
  });
}
