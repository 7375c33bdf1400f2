import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '../../../../shared/schemas/second-factor';
import { apiRequest } from '~/lib/api-client';

export const secondFactorQueryKey = ['auth-second-factor'] as const;

/** `GET /api/auth/second-factor`: whether two-step sign-in is on, and whether this account must turn it on. */
export function getSecondFactor(signal?: AbortSignal): Promise<SecondFactorStatus> {
  return apiRequest<SecondFactorStatus>('/api/auth/second-factor', { signal });
}

export function getSecondFactorQueryOptions() {
  return queryOptions({ queryKey: secondFactorQueryKey, queryFn: ({ signal }) => getSecondFactor(signal), staleTime: 0, retry: false });
}

export function useSecondFactor() {
  return useQuery(getSecondFactorQueryOptions());
}
