import { QueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_RETRY, ADMIN_QUERY_STALE_MS } from '../../shared/constants';

/** One client per browser session (and per server render), so no data leaks between requests. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Spec §9: admin data queries go stale after 5 minutes with one retry. */
export const adminQueryDefaults = { staleTime: ADMIN_QUERY_STALE_MS, retry: ADMIN_QUERY_RETRY } as const;
