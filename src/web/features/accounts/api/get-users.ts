import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, ListUsersResponse } from '../../../../shared/schemas/accounts';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const usersQueryKey = ['users'] as const;

/** `GET /api/users` (admin, bearer token): `{ users, total }`, filtered by search, status and role. */
export function getUsers(query: ListUsersQuery = {}, signal?: AbortSignal): Promise<ListUsersResponse> {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.role) params.set('role', query.role);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  const search = params.toString();
  return apiRequest<ListUsersResponse>(`/api/users${search ? `?${search}` : ''}`, { signal });
}

export function getUsersQueryOptions(query: ListUsersQuery = {}) {
  return queryOptions({
    queryKey: [...usersQueryKey, query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // Typing in the search box keeps the last list on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useUsers(query: ListUsersQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getUsersQueryOptions(query), ...options });
}
