import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** `DELETE /api/clients/{id}` (admin): its credentials stop working at once. */
export function deleteClient(id: string): Promise<void> {
  return apiRequest<void>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }) });
}
