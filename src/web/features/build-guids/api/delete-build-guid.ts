import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { buildGuidsQueryKey } from './get-build-guids';

/** `DELETE /api/build-guids/{id}` (admin). */
export function deleteBuildGuid(id: number): Promise<void> {
  return apiRequest<void>(`/api/build-guids/${id}`, { method: 'DELETE' });
}

export function useDeleteBuildGuid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuildGuid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildGuidsQueryKey }),
  });
}
