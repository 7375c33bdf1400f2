import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReplayedWebhooks,
  ReplayFailedWebhooks,
  WebhookDelivery,
  WebhookDeliveryStatus,
} from '../../../../shared/schemas/webhooks';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

const deliveriesKey = (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const;

/** While a delivery is on its way the log is read again every this many ms. */
const POLL_MS = 2000;

/** `GET /api/webhooks/endpoints/{id}/deliveries` (admin): the newest 200, optionally of one status. */
export function getWebhookDeliveriesQueryOptions(endpointId: number, status: WebhookDeliveryStatus | undefined) {
  return queryOptions({
    queryKey: [...deliveriesKey(endpointId), status ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest<WebhookDelivery[]>(
        `/api/webhooks/endpoints/${endpointId}/deliveries${status ? `?status=${status}` : ''}`,
        { signal },
      ),
    ...adminQueryDefaults,
    // Pending, sending and retrying deliveries change on their own: poll until none is left.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending')
        ? POLL_MS
        : false,
  });
}

export const useWebhookDeliveries = (endpointId: number, status: WebhookDeliveryStatus | undefined) =>
  useQuery(getWebhookDeliveriesQueryOptions(endpointId, status));

function useDeliveryMutation<Input, Output = WebhookDelivery>(
  endpointId: number,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}

/** `POST /api/webhooks/endpoints/{id}/deliveries/{deliveryId}/replay` (admin): the same event again. */
export const useReplayWebhookDelivery = (endpointId: number) =>
  useDeliveryMutation(endpointId, (deliveryId: number) =>
    apiRequest<WebhookDelivery>(`/api/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/replay`, {
      method: 'POST',
    }),
  );

/** `POST /api/webhooks/endpoints/{id}/test` (admin): a `webhook.test` event to this endpoint only. */
export const useSendWebhookTestEvent = (endpointId: number) =>
  useDeliveryMutation(endpointId, () =>
    apiRequest<WebhookDelivery>(`/api/webhooks/endpoints/${endpointId}/test`, { method: 'POST' }),
  );

/** `POST /api/webhooks/endpoints/{id}/replay-failed` (admin): each event failed since `since` once more; how many. */
export const useReplayFailedWebhooks = (endpointId: number) =>
  useDeliveryMutation(endpointId, (input: ReplayFailedWebhooks) =>
    apiRequest<ReplayedWebhooks>(`/api/webhooks/endpoints/${endpointId}/replay-failed`, {
      method: 'POST',
      body: input,
    }),
  );
