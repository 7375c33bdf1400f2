import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUser, User } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';
import { usersQueryKey } from './get-users';

/** `PATCH /api/users/{id}` (admin): any of username, email, password, isAdmin, isApproved. */
export function updateUser({ id, changes }: { id: number; changes: UpdateUser }): Promise<User> {
  return apiRequest<User>(`/api/users/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
