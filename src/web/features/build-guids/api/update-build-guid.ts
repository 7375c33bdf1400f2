import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildGuid, BuildGuidInput } from '../../../../shared/schemas/build-guids';
import { apiRequest } from '~/lib/api-client';
import { buildGuidsQueryKey } from './get-build-guids';

/** `PUT /api/build-guids/{id}` (admin): name and value. */
export function updateBuildGuid({ id, input }: { id: number; input: BuildGuidInput }): Promise<BuildGuid> {
  return apiRequest<BuildGuid>(`/api/build-guids/${id}`, { method: 'PUT', body: input });
}

export function useUpdateBuildGuid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuildGuid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildGuidsQueryKey }),
  });
}
