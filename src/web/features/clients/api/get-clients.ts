import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/schemas/clients';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const clientsQueryKey = ['api-clients'] as const;

/** `GET /api/clients` (admin): never includes a secret. */
export function getClients(signal?: AbortSignal): Promise<ApiClient[]> {
  return apiRequest<ApiClient[]>('/api/clients', { signal });
}

export function getClientsQueryOptions() {
  return queryOptions({ queryKey: clientsQueryKey, queryFn: ({ signal }) => getClients(signal), ...adminQueryDefaults });
}

export function useClients() {
  return useQuery(getClientsQueryOptions());
}
