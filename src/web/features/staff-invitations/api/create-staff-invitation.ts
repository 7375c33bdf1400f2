import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffInvitation, StaffInvitation } from '../../../../shared/schemas/staff-invitations';
import { apiRequest } from '~/lib/api-client';
import { staffInvitationsQueryKey } from './get-staff-invitations';

/** `POST /api/staff-invitations`: e-mails the link; 409 when the address already has an account. */
export function createStaffInvitation(body: CreateStaffInvitation): Promise<StaffInvitation> {
  return apiRequest<StaffInvitation>('/api/staff-invitations', { method: 'POST', body });
}

export function useCreateStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffInvitationsQueryKey }),
  });
}
