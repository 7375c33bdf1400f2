import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, MessageResponse } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/forgot-password`: the same answer whether or not the account exists. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
