import { useMutation } from '@tanstack/react-query';
import type { PasskeyOptions } from '../../../../shared/schemas/passkeys';
import type { SignInSessionResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';
import { getPasskeyAssertion } from '~/lib/webauthn';

/**
 * Without `challenge`: a passwordless sign-in (`POST /api/auth/signin/passkey/options`, the browser's prompt, then
 * `POST /api/auth/signin/passkey`). With the password step's `challenge`: the passkey as the second step
 * (`POST /api/auth/signin/second-factor` with `passkey`). Either answers the session.
 */
export async function signInWithPasskey(challenge?: string): Promise<SignInSessionResponse> {
  const options = await apiRequest<PasskeyOptions>('/api/auth/signin/passkey/options', { method: 'POST', body: challenge ? { challenge } : {} });
  const response = await getPasskeyAssertion(options);
  return challenge
    ? apiRequest<SignInSessionResponse>('/api/auth/signin/second-factor', { method: 'POST', body: { challenge, passkey: response } })
    : apiRequest<SignInSessionResponse>('/api/auth/signin/passkey', { method: 'POST', body: { response } });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
