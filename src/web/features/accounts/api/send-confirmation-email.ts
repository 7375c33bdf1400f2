import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SendConfirmationEmailRequest } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/send-confirmation-email`: sends the confirmation link again (at most once a minute per address). */
export function sendConfirmationEmail(body: SendConfirmationEmailRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/send-confirmation-email', { method: 'POST', body });
}

export function useSendConfirmationEmail() {
  return useMutation({ mutationFn: sendConfirmationEmail });
}
