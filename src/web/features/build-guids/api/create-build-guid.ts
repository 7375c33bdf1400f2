import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildGuid, BuildGuidInput } from '../../../../shared/schemas/build-guids';
import { apiRequest } from '~/lib/api-client';
import { buildGuidsQueryKey } from './get-build-guids';

/** `POST /api/build-guids` (admin): name and value; 409 when the name is taken. */
export function createBuildGuid(input: BuildGuidInput): Promise<BuildGuid> {
  return apiRequest<BuildGuid>('/api/build-guids', { method: 'POST', body: input });
}

export function useCreateBuildGuid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuildGuid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildGuidsQueryKey }),
  });
}
