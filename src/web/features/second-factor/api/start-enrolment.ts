import { useMutation } from '@tanstack/react-query';
import type { EnrolmentResponse } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/second-factor/enrol`: a new secret as a QR code and as text, shown until a code confirms it. */
export function startEnrolment(): Promise<EnrolmentResponse> {
  return apiRequest<EnrolmentResponse>('/api/auth/second-factor/enrol', { method: 'POST', body: {} });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}
