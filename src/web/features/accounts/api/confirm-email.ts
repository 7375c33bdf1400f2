import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailRequest, ConfirmEmailResponse } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/confirm`: a button press, so mail scanners that open links do not use the token up. */
export function confirmEmail(body: ConfirmEmailRequest): Promise<ConfirmEmailResponse> {
  return apiRequest<ConfirmEmailResponse>('/api/auth/confirm', { method: 'POST', body });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
