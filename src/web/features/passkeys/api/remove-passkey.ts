import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { passkeysQueryKey } from './get-passkeys';

/** `DELETE /api/auth/passkeys/{id}`: it no longer signs in. */
export function removePasskey(id: number): Promise<void> {
  return apiRequest<void>(`/api/auth/passkeys/${id}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}
