import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesResponse, SecondFactorProof } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';
import { secondFactorQueryKey } from './get-second-factor';

/** `POST /api/auth/second-factor/recovery-codes`: ten new codes, shown once; the old ones stop working. */
export function regenerateRecoveryCodes(body: SecondFactorProof): Promise<RecoveryCodesResponse> {
  return apiRequest<RecoveryCodesResponse>('/api/auth/second-factor/recovery-codes', { method: 'POST', body });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }) });
}
