/**
 * `/api/build-guids` (admin user or admin client, DESIGN §5) and the in-memory keyring that jot ingestion reads.
 * A plugin without encapsulation (fastify-plugin) so the `buildGuidKeyring` decoration reaches the jot routes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BuildGuidIdParamsSchema, BuildGuidInputSchema, BuildGuidSchema } from '../../../shared/schemas/build-guids.ts';
import { writeAudit } from '../audit/service.ts';
import { ADMIN_SECURITY, errorResponses, withAdminHeadersNote } from '../jots/openapi.ts';
import { BuildGuidKeyring } from './keyring.ts';
import { createBuildGuid, deleteBuildGuid, listBuildGuids, updateBuildGuid } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every build GUID in memory, for decrypting jots without a database read. */
    buildGuidKeyring: BuildGuidKeyring;
  }
}

const tags = ['build GUIDs'];
const ENTITY = 'build_guid';

export const buildGuidRoutes = fp(
  async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = app.services.database;
    const keyring = new BuildGuidKeyring(db, { onError: (error) => app.log.error({ err: error }, 'build GUID refresh failed') });
    app.decorate('buildGuidKeyring', keyring);
    app.addHook('onReady', () => keyring.start());
    app.addHook('onClose', () => keyring.stop());

    // On request, before the body is read: callers without the right credentials learn nothing about the schema.
    const onRequest = app.requireAdminOrAdminClient;
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
        const created = await createBuildGuid(db, request.body);
        await writeAudit(db, request, { action: 'create', entity: ENTITY, entityId: created.id, details: { name: created.name } });
        await keyring.reload();
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
        const { before, after } = await updateBuildGuid(db, request.params.id, request.body);
        // The audit names what changed but never records a key value.
        await writeAudit(db, request, {
          action: 'update',
          entity: ENTITY,
          entityId: after.id,
          details: { name: after.name, previousName: before.name, valueChanged: before.value !== after.value },
        });
        await keyring.reload();
        return reply.headers(noStore).send(after);
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
        const deleted = await deleteBuildGuid(db, request.params.id);
        await writeAudit(db, request, { action: 'delete', entity: ENTITY, entityId: deleted.id, details: { name: deleted.name } });
        await keyring.reload();
        return reply.status(204).send(null);
      },
    );
  },
  { name: 'build-guids', dependencies: ['auth'] },
);
