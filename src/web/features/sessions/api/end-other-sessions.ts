import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndOtherSessionsResponse } from '../../../../shared/schemas/sessions';
import { apiRequest } from '~/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** `POST /api/auth/sessions/end-others`: every other device is signed out at once; this one stays. */
export function endOtherSessions(): Promise<EndOtherSessionsResponse> {
  return apiRequest<EndOtherSessionsResponse>('/api/auth/sessions/end-others', { method: 'POST', body: {} });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
