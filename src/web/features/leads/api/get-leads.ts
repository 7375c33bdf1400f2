import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDetail, LeadFiltersInput, LeadPage, LeadSources } from '../../../../shared/schemas/leads';

/** What the list asks for: the filters and one page. */
export type LeadsQuery = LeadFiltersInput & { limit?: number; offset?: number };
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const leadsQueryKey = ['leads'] as const;

/** The query string of the list and the export: only the filters that are set. */
export function leadQueryString(query: LeadFiltersInput & { limit?: number; offset?: number; ids?: number[] }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.source) params.set('source', query.source);
  if (query.synced) params.set('synced', query.synced);
  if (query.unsubscribed) params.set('unsubscribed', query.unsubscribed);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.sort && query.sort !== 'desc') params.set('sort', query.sort);
  if (query.ids?.length) params.set('ids', query.ids.join(','));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset) params.set('offset', String(query.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/leads` (admin): one page of leads matching the filters, and their total. */
export function getLeads(query: LeadsQuery, signal?: AbortSignal): Promise<LeadPage> {
  return apiRequest<LeadPage>(`/api/leads${leadQueryString(query)}`, { signal });
}

export function getLeadsQueryOptions(query: LeadsQuery) {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'list', query],
    queryFn: ({ signal }) => getLeads(query, signal),
    // Paging and filtering keep the last page on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useLeads(query: LeadsQuery) {
  return useQuery(getLeadsQueryOptions(query));
}

/** `GET /api/leads/sources`: the source filter's choices. */
export function useLeadSources() {
  return useQuery({
    queryKey: [...leadsQueryKey, 'sources'],
    queryFn: ({ signal }) => apiRequest<LeadSources>('/api/leads/sources', { signal }),
    ...adminQueryDefaults,
  });
}

/** `GET /api/leads/{id}`: the detail drawer (UTM fields, referrer, IP country, user agent). */
export function useLead(id: number | null) {
  return useQuery({
    queryKey: [...leadsQueryKey, 'detail', id],
    queryFn: ({ signal }) => apiRequest<LeadDetail>(`/api/leads/${id}`, { signal }),
    enabled: id !== null,
    ...adminQueryDefaults,
  });
}
