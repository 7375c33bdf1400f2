/** `/api/build-guids`: build GUID management for an admin user or an admin client (docs/architecture.md §5). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BuildGuidIdParamsSchema, BuildGuidInputSchema, BuildGuidSchema } from '../../../shared/schemas/build-guids.ts';
import { ADMIN_SECURITY, errorResponses, withAdminHeadersNote } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { createBuildGuid, deleteBuildGuid, listBuildGuids, updateBuildGuid } from './service.ts';

const tags = ['build GUIDs'];

export async function buildGuidRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;
  const deps = { db, keyring: app.buildGuidKeyring };

  // On request, before the body is read: callers without the right credentials learn nothing about the schema.
  const onRequest = app.requirePermission('buildGuids.manage');
  const noStore = { 'Cache-Control': 'no-store' };

  app.get(
    '/api/build-guids',
    {
      onRequest,
      schema: {
        tags,
        summary: 'List build GUIDs',
        description: withAdminHeadersNote('Every build GUID (decryption key) with its secret value. Admin user or admin client only.'),
        security: ADMIN_SECURITY,
        response: { 200: z.array(BuildGuidSchema), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return listBuildGuids(db);
    },
  );

  app.post(
    '/api/build-guids',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a build GUID',
        description: withAdminHeadersNote('Names are unique (409 on a duplicate). The value is used exactly as given, so it may not start or end with spaces.'),
        security: ADMIN_SECURITY,
        body: BuildGuidInputSchema,
        response: { 201: BuildGuidSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createBuildGuid(deps, { ...requestContext(request), input: request.body });
      return reply.status(201).headers(noStore).send(created);
    },
  );

  app.put(
    '/api/build-guids/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a build GUID',
        description: withAdminHeadersNote('Name and value are both required; names stay unique (409).'),
        security: ADMIN_SECURITY,
        params: BuildGuidIdParamsSchema,
        body: BuildGuidInputSchema,
        response: { 200: BuildGuidSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const updated = await updateBuildGuid(deps, { ...requestContext(request), input: { id: request.params.id, changes: request.body } });
      return reply.headers(noStore).send(updated);
    },
  );

  app.delete(
    '/api/build-guids/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a build GUID',
        description: withAdminHeadersNote('Jots encrypted with it are no longer accepted; stored jots keep their decrypted text.'),
        security: ADMIN_SECURITY,
        params: BuildGuidIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteBuildGuid(deps, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
