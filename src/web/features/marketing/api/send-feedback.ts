import { useMutation } from '@tanstack/react-query';
import type { CreateFeedback } from '../../../../shared/schemas/feedback';
import type { Success } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/feedback` (spec §7). */
export function sendFeedback(body: CreateFeedback): Promise<Success> {
  return apiRequest<Success>('/api/feedback', { method: 'POST', body });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
