import { useMutation } from '@tanstack/react-query';
import type { SignInRequest, SignInResponse } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/signin` (spec §7): a token and the user (with isAdmin). */
export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/api/auth/signin', { method: 'POST', body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
