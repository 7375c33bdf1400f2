import { queryOptions, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JOT_COUNT_POLL_MS, JOT_STREAM_URL } from '../../../../shared/constants';
import type { JotCount } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';

/** `GET /api/jots/count` (spec §7): polled every 5 s. A failure is only logged (spec §8). */
export async function getJotCount(): Promise<number> {
  try {
    return (await apiRequest<JotCount>('/api/jots/count', { anonymous: true })).count;
  } catch (error) {
    console.warn('Could not load the jot count', error);
    throw error;
  }
}

const COUNT_KEY = ['jots', 'count'] as const;

export const jotCountQueryOptions = () =>
  queryOptions({
    queryKey: COUNT_KEY,
    queryFn: getJotCount,
    refetchInterval: JOT_COUNT_POLL_MS,
    retry: false,
  });

// After the stream failed, polling carries on and the stream is tried again this much later.
const STREAM_RETRY_MS = 60_000;

/**
 * The live push (`GET /api/jots/stream`, Server-Sent Events, issue 14): one EventSource per page, shared by every
 * counter on it. Its `jots` events carry the same in-memory count the polled endpoint answers, written into the
 * same query, so the figures are identical either way. While it is open the 5 s polling rests; where EventSource
 * is missing, or when the stream fails (blocked, a proxy that buffers, the server's connection cap), it is closed
 * and the polling of spec §7 runs as before.
 */
const live = {
  source: null as EventSource | null,
  users: 0,
  isOpen: false,
  retryTimer: null as ReturnType<typeof setTimeout> | null,
  listeners: new Set<(isOpen: boolean) => void>(),
};

function setOpen(isOpen: boolean) {
  if (live.isOpen === isOpen) return;
  live.isOpen = isOpen;
  for (const listener of live.listeners) listener(isOpen);
}

function openStream(queryClient: QueryClient) {
  if (live.source || live.retryTimer || typeof EventSource === 'undefined') return;
  const source = new EventSource(JOT_STREAM_URL);
  live.source = source;
  source.addEventListener('jots', (event) => {
    try {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as JotCount;
      if (typeof count === 'number') queryClient.setQueryData(COUNT_KEY, count);
      setOpen(true);
    } catch {
      // A malformed event changes nothing; the next one (or the polling) brings the figure.
    }
  });
  source.addEventListener('error', () => {
    source.close();
    live.source = null;
    setOpen(false);
    if (live.users > 0) {
      live.retryTimer = setTimeout(() => {
        live.retryTimer = null;
        if (live.users > 0) openStream(queryClient);
      }, STREAM_RETRY_MS);
    }
  });
}

function useLiveStream(): boolean {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(live.isOpen);
  useEffect(() => {
    live.users += 1;
    live.listeners.add(setIsOpen);
    openStream(queryClient);
    return () => {
      live.users -= 1;
      live.listeners.delete(setIsOpen);
      if (live.users === 0) {
        live.source?.close();
        live.source = null;
        if (live.retryTimer) clearTimeout(live.retryTimer);
        live.retryTimer = null;
        live.isOpen = false;
      }
    };
  }, [queryClient]);
  return isOpen;
}

/**
 * The live jot count, seeded with the server's value (load context) so the number is in the first HTML.
 *
 * While a counter hydrates it shows the number its HTML was rendered with, not the query's: the counters hydrate
 * one by one as their chunks arrive, and one that hydrated first may already have written a newer count (the
 * stream, a poll) into the shared query. The HTML may be older still — a stored page is served for up to 30 s
 * (lib/page-cache.ts). Showing the newer number there is React's hydration error #418, and a re-render of the page.
 */
export function useJotCount(initialCount: number | null | undefined): { data: number | undefined } {
  const streaming = useLiveStream();
  const isHydrated = useHydrated();
  const { data } = useQuery({
    ...jotCountQueryOptions(),
    // Pushed while the stream is open; polled otherwise.
    refetchInterval: streaming ? false : JOT_COUNT_POLL_MS,
    ...(typeof initialCount === 'number' ? { initialData: initialCount } : {}),
  });
  return { data: !isHydrated && typeof initialCount === 'number' ? initialCount : data };
}
