import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeyList } from '../../../../shared/schemas/passkeys';
import { apiRequest } from '~/lib/api-client';

export const passkeysQueryKey = ['auth-passkeys'] as const;

/** `GET /api/auth/passkeys`: the signed-in person's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return apiRequest<PasskeyList>('/api/auth/passkeys', { signal });
}

export function getPasskeysQueryOptions() {
  return queryOptions({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => getPasskeys(signal), staleTime: 0, retry: false });
}

export function usePasskeys() {
  return useQuery(getPasskeysQueryOptions());
}
