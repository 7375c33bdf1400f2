import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/schemas/inbox';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const inboxUnreadQueryKey = ['inbox', 'unread-count'] as const;

/** `GET /api/inbox/unread-count` (admin): for the admin menu; off unless `enabled` (only admins may ask). */
export function useInboxUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: inboxUnreadQueryKey,
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/inbox/unread-count', { signal }),
    enabled,
    ...adminQueryDefaults,
    select: (data) => data.unread,
  });
}
