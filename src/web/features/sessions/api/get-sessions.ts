import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionListResponse } from '../../../../shared/schemas/sessions';
import { apiRequest } from '~/lib/api-client';

export const sessionsQueryKey = ['auth-sessions'] as const;

/** `GET /api/auth/sessions`: the signed-in person's sessions, newest first, the current one flagged. */
export function getSessions(signal?: AbortSignal): Promise<SessionListResponse> {
  return apiRequest<SessionListResponse>('/api/auth/sessions', { signal });
}

export function getSessionsQueryOptions() {
  // Fresh each visit: a device may have signed in or out since; a 401 (this session ended elsewhere) is not retried.
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0, retry: false });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
