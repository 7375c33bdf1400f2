import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../../../../shared/schemas/webhooks';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const webhookEndpointsQueryKey = ['webhooks', 'endpoints'] as const;

/** `GET /api/webhooks/endpoints` (admin): every endpoint. */
export function getWebhookEndpointsQueryOptions() {
  return queryOptions({
    queryKey: webhookEndpointsQueryKey,
    queryFn: ({ signal }) => apiRequest<WebhookEndpoint[]>('/api/webhooks/endpoints', { signal }),
    ...adminQueryDefaults,
  });
}

export const useWebhookEndpoints = () => useQuery(getWebhookEndpointsQueryOptions());

function useEndpointMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** `POST /api/webhooks/endpoints` (admin): the answer carries the signing secret, shown once. */
export const useCreateWebhookEndpoint = () =>
  useEndpointMutation((input: CreateWebhookEndpoint) =>
    apiRequest<WebhookEndpointWithSecret>('/api/webhooks/endpoints', { method: 'POST', body: input }),
  );

/** `PATCH /api/webhooks/endpoints/{id}` (admin): the changed fields. */
export const useUpdateWebhookEndpoint = () =>
  useEndpointMutation(({ id, changes }: { id: number; changes: UpdateWebhookEndpoint }) =>
    apiRequest<WebhookEndpoint>(`/api/webhooks/endpoints/${id}`, { method: 'PATCH', body: changes }),
  );

/** `DELETE /api/webhooks/endpoints/{id}` (admin): the endpoint and its log. */
export const useDeleteWebhookEndpoint = () =>
  useEndpointMutation((id: number) => apiRequest<void>(`/api/webhooks/endpoints/${id}`, { method: 'DELETE' }));

/** `POST /api/webhooks/endpoints/{id}/rotate-secret` (admin): a new secret, shown once. */
export const useRotateWebhookSecret = () =>
  useEndpointMutation((id: number) =>
    apiRequest<WebhookEndpointWithSecret>(`/api/webhooks/endpoints/${id}/rotate-secret`, { method: 'POST' }),
  );
