import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorProof } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';
import { secondFactorQueryKey } from './get-second-factor';

/** `POST /api/auth/second-factor/disable`: with the password or a current code. */
export function disableSecondFactor(body: SecondFactorProof): Promise<void> {
  return apiRequest<void>('/api/auth/second-factor/disable', { method: 'POST', body });
}

export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableSecondFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }) });
}
