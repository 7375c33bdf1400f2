import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InboxListQuery,
  InboxListResponse,
  InboxMessage,
  InboxMessageType,
  UpdateInboxMessage,
} from '../../../../shared/schemas/inbox';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';
import { inboxUnreadQueryKey } from './unread-count';

export const inboxQueryKey = ['inbox'] as const;

export function getInbox(query: InboxListQuery = {}, signal?: AbortSignal): Promise<InboxListResponse> {
  const params = new URLSearchParams();
  if (query.view) params.set('view', query.view);
  if (query.type) params.set('type', query.type);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  const search = params.toString();
  return apiRequest<InboxListResponse>(`/api/inbox${search ? `?${search}` : ''}`, { signal });
}

/** `GET /api/inbox` (admin): feedback and contact messages, newest first. */
export function useInbox(query: InboxListQuery = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...inboxQueryKey, 'list', query],
      queryFn: ({ signal }) => getInbox(query, signal),
      placeholderData: keepPreviousData,
      ...adminQueryDefaults,
    }),
  );
}

/** `GET /api/inbox/{type}/{id}` (admin): one message, whole. */
export function useInboxMessage(target: { type: InboxMessageType; id: number } | null) {
  return useQuery({
    queryKey: [...inboxQueryKey, 'message', target?.type, target?.id],
    queryFn: ({ signal }) => apiRequest<InboxMessage>(`/api/inbox/${target!.type}/${target!.id}`, { signal }),
    enabled: target !== null,
    ...adminQueryDefaults,
  });
}

/** `PATCH /api/inbox/{type}/{id}` (admin): read / unread, archive / unarchive. */
export function useUpdateInboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, changes }: { type: InboxMessageType; id: number; changes: UpdateInboxMessage }) =>
      apiRequest<InboxMessage>(`/api/inbox/${type}/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: (message) => {
      queryClient.setQueryData([...inboxQueryKey, 'message', message.type, message.id], message);
      void queryClient.invalidateQueries({ queryKey: [...inboxQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: inboxUnreadQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin-stats'] });
    },
  });
}
