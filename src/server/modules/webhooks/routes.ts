import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWebhookEndpointSchema,
  ReplayedWebhooksSchema,
  ReplayFailedWebhooksSchema,
  UpdateWebhookEndpointSchema,
  WebhookAttemptSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../../../shared/schemas/webhooks.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayFailedWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  type WebhookDependencies,
} from './service.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const DeliveryParamsSchema = IdParamsSchema.extend({ deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = errorResponses(400, 401, 403, 404);
const TAGS = ['webhooks'];

/** The admin's webhook endpoints and delivery log under `/api/webhooks` (owners and admins: `webhooks.manage`). */
export async function webhookRoutes(instance: FastifyInstance, { deps }: { deps: WebhookDependencies }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const guard = app.requirePermission('webhooks.manage');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/webhooks/endpoints',
    { onRequest: guard, schema: { tags: TAGS, summary: 'Webhook endpoints (admin)', security: USER_SECURITY, response: { 200: z.array(WebhookEndpointSchema), ...adminErrors } } },
    async () => listWebhookEndpoints(deps.db),
  );

  app.post(
    '/api/webhooks/endpoints',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Add a webhook endpoint (admin)',
        description: 'The answer carries the signing secret (`whsec_…`): the only time it is shown. The URL must be https and resolve to a public address.',
        security: USER_SECURITY,
        body: CreateWebhookEndpointSchema,
        response: { 201: WebhookEndpointWithSecretSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhookEndpoint(deps, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/webhooks/endpoints/:id',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Change a webhook endpoint (admin)',
        description: 'Enabling an endpoint that three days of failures disabled starts its failure clock afresh.',
        security: USER_SECURITY,
        params: IdParamsSchema,
        body: UpdateWebhookEndpointSchema,
        response: { 200: WebhookEndpointSchema, ...adminErrors },
      },
    },
    async (request) => updateWebhookEndpoint(deps, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/webhooks/endpoints/:id',
    {
      onRequest: guard,
      schema: { tags: TAGS, summary: 'Delete a webhook endpoint and its log (admin)', security: USER_SECURITY, params: IdParamsSchema, response: { 204: z.null(), ...adminErrors } },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(deps, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/endpoints/:id/rotate-secret',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Rotate the signing secret (admin)',
        description: 'A new secret, shown once in the answer; the previous one keeps signing beside it for 24 hours.',
        security: USER_SECURITY,
        params: IdParamsSchema,
        response: { 200: WebhookEndpointWithSecretSchema, ...adminErrors },
      },
    },
    async (request) => rotateWebhookSecret(deps, { ...requestContext(request), input: { id: request.params.id } }),
  );

  app.get(
    '/api/webhooks/endpoints/:id/deliveries',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Delivery log of an endpoint (admin)',
        description: 'The newest 200 deliveries, optionally of one event type or status. Kept 30 days.',
        security: USER_SECURITY,
        params: IdParamsSchema,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: z.array(WebhookDeliverySchema), ...adminErrors },
      },
    },
    async (request) => listWebhookDeliveries(deps.db, request.params.id, request.query),
  );

  app.get(
    '/api/webhooks/endpoints/:id/deliveries/:deliveryId/attempts',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Every attempt of one delivery (admin)',
        description: 'Oldest first: when, the HTTP status (null: no answer), duration, the first bytes of the answer or why none came, and the next attempt scheduled after it.',
        security: USER_SECURITY,
        params: DeliveryParamsSchema,
        response: { 200: z.array(WebhookAttemptSchema), ...adminErrors },
      },
    },
    async (request) => listWebhookAttempts(deps.db, request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Replay one delivery (admin)',
        description: 'A new delivery of the same event, with the same `webhook-id`.',
        security: USER_SECURITY,
        params: DeliveryParamsSchema,
        response: { 202: WebhookDeliverySchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await replayWebhookDelivery(deps, { ...requestContext(request), input: { endpointId: request.params.id, deliveryId: request.params.deliveryId } })),
  );

  app.post(
    '/api/webhooks/endpoints/:id/replay-failed',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Replay every failed delivery since a time (admin)',
        description:
          'One new delivery for each event whose delivery failed for good since `since` (an ISO date-time, not in the future): once per event, and not for an event delivered or on its way since. Answers how many were queued.',
        security: USER_SECURITY,
        params: IdParamsSchema,
        body: ReplayFailedWebhooksSchema,
        response: { 202: ReplayedWebhooksSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await replayFailedWebhookDeliveries(deps, { ...requestContext(request), input: { endpointId: request.params.id, since: request.body.since } })),
  );

  app.post(
    '/api/webhooks/endpoints/:id/test',
    {
      onRequest: guard,
      schema: {
        tags: TAGS,
        summary: 'Send a test event (admin)',
        description: 'A `webhook.test` event to this endpoint only, delivered and logged like any other.',
        security: USER_SECURITY,
        params: IdParamsSchema,
        response: { 202: WebhookDeliverySchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(202).send(await sendWebhookTestEvent(deps, { ...requestContext(request), input: { endpointId: request.params.id } })),
  );
}
