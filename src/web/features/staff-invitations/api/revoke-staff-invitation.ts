import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { staffInvitationsQueryKey } from './get-staff-invitations';

/** `DELETE /api/staff-invitations/{id}`: the link stops working at once. */
export function revokeStaffInvitation(id: number): Promise<void> {
  return apiRequest<void>(`/api/staff-invitations/${id}`, { method: 'DELETE' });
}

export function useRevokeStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaffInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffInvitationsQueryKey }),
  });
}
