import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildGuid } from '../../../../shared/schemas/build-guids';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const buildGuidsQueryKey = ['build-guids'] as const;

/** `GET /api/build-guids` (admin, bearer token): every build GUID with its value. */
export function getBuildGuids(signal?: AbortSignal): Promise<BuildGuid[]> {
  return apiRequest<BuildGuid[]>('/api/build-guids', { signal });
}

export function getBuildGuidsQueryOptions() {
  return queryOptions({ queryKey: buildGuidsQueryKey, queryFn: ({ signal }) => getBuildGuids(signal), ...adminQueryDefaults });
}

export function useBuildGuids(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getBuildGuidsQueryOptions(), ...options });
}

/** The build GUID created last: the admin's Create Test Jot encrypts with it. */
export function newestBuildGuid(guids: readonly BuildGuid[]): BuildGuid | undefined {
  return guids.reduce<BuildGuid | undefined>(
    (newest, guid) => (!newest || guid.createdAt > newest.createdAt || (guid.createdAt === newest.createdAt && guid.id > newest.id) ? guid : newest),
    undefined,
  );
}
