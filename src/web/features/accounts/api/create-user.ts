import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUser, User } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';
import { usersQueryKey } from './get-users';

/** `POST /api/users` (admin): users created here count as confirmed. */
export function createUser(body: CreateUser): Promise<User> {
  return apiRequest<User>('/api/users', { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
