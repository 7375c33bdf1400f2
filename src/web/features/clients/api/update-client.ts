import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, UpdateClient } from '../../../../shared/schemas/clients';
import { apiRequest } from '~/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** `PATCH /api/clients/{id}` (admin): rename, grant or revoke admin. */
export function updateClient({ id, changes }: { id: string; changes: UpdateClient }): Promise<ApiClient> {
  return apiRequest<ApiClient>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }) });
}
