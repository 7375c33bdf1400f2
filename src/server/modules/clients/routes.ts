/** `/api/clients`: API client management for an admin user or an admin client (docs/architecture.md §5). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiClientSchema,
  ClientIdParamsSchema,
  CreateClientSchema,
  CreatedClientSchema,
  UpdateClientSchema,
} from '../../../shared/schemas/clients.ts';
import { ADMIN_SECURITY, errorResponses, withAdminHeadersNote } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { createClient, deleteClient, listClients, updateClient } from './service.ts';

const tags = ['API clients'];

export async function clientRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;
  // On request, before the body is read: callers without the right credentials learn nothing about the schema.
  const onRequest = app.requirePermission('clients.manage');
  const noStore = { 'Cache-Control': 'no-store' };

  app.get(
    '/api/clients',
    {
      onRequest,
      schema: {
        tags,
        summary: 'List API clients',
        description: withAdminHeadersNote('Never includes a secret.'),
        security: ADMIN_SECURITY,
        response: { 200: z.array(ApiClientSchema), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return listClients(db);
    },
  );

  app.post(
    '/api/clients',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create an API client',
        description:
          'The server generates the client id and secret. The answer is the only time the secret is shown: store it ' +
          'now; it is kept only as a hash. Send it as `X-Client-Id` / `X-Client-Secret` (or, for an admin client, ' +
          '`X-Admin-Client-Id` / `X-Admin-Client-Secret`).',
        security: ADMIN_SECURITY,
        body: CreateClientSchema,
        response: { 201: CreatedClientSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createClient(db, { ...requestContext(request), input: request.body });
      return reply.status(201).headers(noStore).send(created);
    },
  );

  app.patch(
    '/api/clients/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Rename an API client or grant / revoke admin',
        description: withAdminHeadersNote('Send `name`, `isAdmin` or both.'),
        security: ADMIN_SECURITY,
        params: ClientIdParamsSchema,
        body: UpdateClientSchema,
        response: { 200: ApiClientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const updated = await updateClient(db, { ...requestContext(request), input: { clientId: request.params.id, changes: request.body } });
      return reply.headers(noStore).send(updated);
    },
  );

  app.delete(
    '/api/clients/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete an API client',
        description: withAdminHeadersNote('Its credentials stop working at once. Jots it sent are kept.'),
        security: ADMIN_SECURITY,
        params: ClientIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteClient(db, { ...requestContext(request), input: { clientId: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
