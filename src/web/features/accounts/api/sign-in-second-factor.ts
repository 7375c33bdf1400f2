import { useMutation } from '@tanstack/react-query';
import type { SecondFactorSignInRequest, SignInSessionResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/signin/second-factor`: the challenge of the password step and a code (or a recovery code). */
export function signInSecondFactor(body: SecondFactorSignInRequest): Promise<SignInSessionResponse> {
  return apiRequest<SignInSessionResponse>('/api/auth/signin/second-factor', { method: 'POST', body });
}

export function useSignInSecondFactor() {
  return useMutation({ mutationFn: signInSecondFactor });
}
