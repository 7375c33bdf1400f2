import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '../../../../shared/schemas/passkeys';
import { apiRequest } from '~/lib/api-client';
import { passkeysQueryKey } from './get-passkeys';

/** `PATCH /api/auth/passkeys/{id}`. */
export function renamePasskey({ id, name }: { id: number; name: string }): Promise<Passkey> {
  return apiRequest<Passkey>(`/api/auth/passkeys/${id}`, { method: 'PATCH', body: { name } });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}
