import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetSecondFactorResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';
import { usersQueryKey } from './get-users';

/** `POST /api/users/{id}/reset-second-factor` (owners and admins): the person signs in with the password alone again. */
export function resetSecondFactor(id: number): Promise<ResetSecondFactorResponse> {
  return apiRequest<ResetSecondFactorResponse>(`/api/users/${id}/reset-second-factor`, { method: 'POST' });
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  // The list's rows say whether there is a factor to reset (hasSecondFactor): read them again.
  return useMutation({ mutationFn: resetSecondFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }) });
}
