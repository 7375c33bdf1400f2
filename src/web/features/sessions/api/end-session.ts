import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** `DELETE /api/auth/sessions/{id}`: that device is signed out at once. */
export function endSession(id: string): Promise<void> {
  return apiRequest<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
