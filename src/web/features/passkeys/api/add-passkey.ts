import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyOptions } from '../../../../shared/schemas/passkeys';
import { apiRequest } from '~/lib/api-client';
import { createPasskey } from '~/lib/webauthn';
import { passkeysQueryKey } from './get-passkeys';

/**
 * `POST /api/auth/passkeys/registration-options`, the browser's passkey prompt, then `POST /api/auth/passkeys`
 * with the answer and the name the person gave it.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await apiRequest<PasskeyOptions>('/api/auth/passkeys/registration-options', { method: 'POST', body: {} });
  const response = await createPasskey(options);
  return apiRequest<Passkey>('/api/auth/passkeys', { method: 'POST', body: { name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }) });
}
