import { useMutation } from '@tanstack/react-query';
import type { ResetSecondFactorResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/users/{id}/reset-second-factor` (owners and admins): the person signs in with the password alone again. */
export function resetSecondFactor(id: number): Promise<ResetSecondFactorResponse> {
  return apiRequest<ResetSecondFactorResponse>(`/api/users/${id}/reset-second-factor`, { method: 'POST' });
}

export function useResetSecondFactor() {
  return useMutation({ mutationFn: resetSecondFactor });
}
