import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserBulkRequest, UserBulkResponse } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';
import { usersQueryKey } from './get-users';

/** `POST /api/users/bulk` (admin): approve, revoke or delete the selected users; answers the ids done and refused. */
export function bulkUsers(request: UserBulkRequest): Promise<UserBulkResponse> {
  return apiRequest<UserBulkResponse>('/api/users/bulk', { method: 'POST', body: request });
}

export function useBulkUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUsers,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin-stats'] });
    },
  });
}
