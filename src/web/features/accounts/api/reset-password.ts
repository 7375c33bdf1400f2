import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordRequest } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/reset-password` with the token from the e-mailed link. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
