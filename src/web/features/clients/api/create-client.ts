import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClient, CreatedClient } from '../../../../shared/schemas/clients';
import { apiRequest } from '~/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** `POST /api/clients` (admin): the answer holds the secret, the only time it is ever shown. */
export function createClient(input: CreateClient): Promise<CreatedClient> {
  return apiRequest<CreatedClient>('/api/clients', { method: 'POST', body: input });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClient, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }) });
}
