import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitationList } from '../../../../shared/schemas/staff-invitations';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const staffInvitationsQueryKey = ['staff-invitations'] as const;

/** `GET /api/staff-invitations` (owners and admins): the pending invitations, newest first. */
export function getStaffInvitations(signal?: AbortSignal): Promise<StaffInvitationList> {
  return apiRequest<StaffInvitationList>('/api/staff-invitations', { signal });
}

export function getStaffInvitationsQueryOptions() {
  return queryOptions({ queryKey: staffInvitationsQueryKey, queryFn: ({ signal }) => getStaffInvitations(signal), ...adminQueryDefaults });
}

export function useStaffInvitations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getStaffInvitationsQueryOptions(), ...options });
}
