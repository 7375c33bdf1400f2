import { useMutation } from '@tanstack/react-query';
import type { CreateContactMessage } from '../../../../shared/schemas/contact';
import type { Success } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/contact`: stored and e-mailed to the team (docs/architecture.md §6; the spec's form sent nothing). */
export function sendContactMessage(body: CreateContactMessage): Promise<Success> {
  return apiRequest<Success>('/api/contact', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
