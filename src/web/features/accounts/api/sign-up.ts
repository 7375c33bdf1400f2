import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignUpRequest } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';

/** `POST /api/auth/signup`: the server also sends the confirmation e-mail (docs/architecture.md §6). */
export function signUp(body: SignUpRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/signup', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
