import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadBulk, LeadBulkResult } from '../../../../shared/schemas/leads';
import { apiRequest } from '~/lib/api-client';
import { leadsQueryKey } from './get-leads';

/** After any change the list, the sources and the open detail are read again. */
function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadsQueryKey });
}

/** `POST /api/leads/{id}/retry-sync`: queue the Kit sync again. */
export function useRetryLeadSync() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ queued: true }>(`/api/leads/${id}/retry-sync`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** `PUT /api/leads/{id}/subscription` (issue 24): unsubscribe a lead by hand, or subscribe it again (audited). */
export function useSetLeadSubscription() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: ({ id, unsubscribed }: { id: number; unsubscribed: boolean }) =>
      apiRequest<Lead>(`/api/leads/${id}/subscription`, { method: 'PUT', body: { unsubscribed } }),
    onSuccess: invalidate,
  });
}

/** `DELETE /api/leads/{id}`: erasure on request. */
export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/leads/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** `POST /api/leads/bulk`: retry sync or delete up to 500 leads. */
export function useBulkLeadAction() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (body: LeadBulk) => apiRequest<LeadBulkResult>('/api/leads/bulk', { method: 'POST', body }),
    onSettled: invalidate,
  });
}
