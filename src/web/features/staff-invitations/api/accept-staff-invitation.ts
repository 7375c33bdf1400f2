import { useMutation } from '@tanstack/react-query';
import type { AcceptStaffInvitation, AcceptStaffInvitationResponse } from '../../../../shared/schemas/staff-invitations';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/staff-invitations/accept` (public): the account is made and signed in — the sign-in answer. */
export function acceptStaffInvitation(body: AcceptStaffInvitation): Promise<AcceptStaffInvitationResponse> {
  return apiRequest<AcceptStaffInvitationResponse>('/api/staff-invitations/accept', { method: 'POST', body, anonymous: true });
}

export function useAcceptStaffInvitation() {
  return useMutation({ mutationFn: acceptStaffInvitation });
}
