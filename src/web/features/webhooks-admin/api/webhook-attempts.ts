import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookAttempt, WebhookDelivery } from '../../../../shared/schemas/webhooks';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

/**
 * `GET /api/webhooks/endpoints/{id}/deliveries/{deliveryId}/attempts` (admin): every attempt, oldest first. Keyed on
 * the delivery's attempt count too, so a delivery still retrying shows its new attempt when the log's poll sees it.
 */
export function getWebhookAttemptsQueryOptions(delivery: Pick<WebhookDelivery, 'endpointId' | 'id' | 'attempts'>) {
  return queryOptions({
    queryKey: ['webhooks', 'deliveries', delivery.endpointId, 'attempts', delivery.id, delivery.attempts] as const,
    queryFn: ({ signal }) =>
      apiRequest<WebhookAttempt[]>(
        `/api/webhooks/endpoints/${delivery.endpointId}/deliveries/${delivery.id}/attempts`,
        {
          signal,
        },
      ),
    ...adminQueryDefaults,
  });
}

/** Read only while the attempts are shown (`isShown`): a log of 200 rows asks for none until one is opened. */
export const useWebhookAttempts = (
  delivery: Pick<WebhookDelivery, 'endpointId' | 'id' | 'attempts'>,
  isShown: boolean,
) => useQuery({ ...getWebhookAttemptsQueryOptions(delivery), enabled: isShown });
