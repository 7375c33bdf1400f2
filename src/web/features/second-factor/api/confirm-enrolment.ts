import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEnrolmentRequest, RecoveryCodesResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';
import { secondFactorQueryKey } from './get-second-factor';

/** `POST /api/auth/second-factor/confirm`: the first code turns two-step sign-in on; the ten recovery codes, once. */
export function confirmEnrolment(body: ConfirmEnrolmentRequest): Promise<RecoveryCodesResponse> {
  return apiRequest<RecoveryCodesResponse>('/api/auth/second-factor/confirm', { method: 'POST', body });
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmEnrolment, onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }) });
}
