import { useMutation } from '@tanstack/react-query';
import type { CreateInvitation } from '../../../../shared/schemas/invitations';
import type { Success } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/send-invitation-email` (spec §7). */
export function sendInvitation(body: CreateInvitation): Promise<Success> {
  return apiRequest<Success>('/api/send-invitation-email', { method: 'POST', body });
}

export function useSendInvitation() {
  return useMutation({ mutationFn: sendInvitation });
}
