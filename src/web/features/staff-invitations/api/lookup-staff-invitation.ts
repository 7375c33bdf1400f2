import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitationPreview } from '../../../../shared/schemas/staff-invitations';
import { apiRequest } from '~/lib/api-client';

/**
 * `POST /api/staff-invitations/lookup` (public): who invited and the role, or the reason the link is dead. A POST so
 * the token never sits in a URL the server logs; anonymous, so a stale token of someone else on this browser is not sent.
 */
export function lookupStaffInvitation(token: string, signal?: AbortSignal): Promise<StaffInvitationPreview> {
  return apiRequest<StaffInvitationPreview>('/api/staff-invitations/lookup', { method: 'POST', body: { token }, signal, anonymous: true });
}

export function lookupStaffInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['staff-invitation-lookup', token],
    queryFn: ({ signal }) => lookupStaffInvitation(token, signal),
    // A dead link stays dead: no retries, no refetch on focus.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStaffInvitationLookup(token: string) {
  return useQuery(lookupStaffInvitationQueryOptions(token));
}
