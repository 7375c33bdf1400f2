import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery, AuditLogResponse } from '../../../../shared/schemas/audit';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const auditLogQueryKey = ['audit-log'] as const;

export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return apiRequest<AuditLogResponse>(`/api/audit-log${search ? `?${search}` : ''}`, { signal });
}

/** `GET /api/audit-log` (admin): newest first, filtered and paged. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: [...auditLogQueryKey, query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}
