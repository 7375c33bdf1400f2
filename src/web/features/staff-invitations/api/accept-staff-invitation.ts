import { useMutation } from '@tanstack/react-query';
import type { SignInResponse } from '../../../../shared/schemas/accounts';
import type { AcceptStaffInvitation } from '../../../../shared/schemas/staff-invitations';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/staff-invitations/accept` (public): the account is made and signed in — the sign-in answer. */
export function acceptStaffInvitation(body: AcceptStaffInvitation): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/api/staff-invitations/accept', { method: 'POST', body, anonymous: true });
}

export function useAcceptStaffInvitation() {
  return useMutation({ mutationFn: acceptStaffInvitation });
}
