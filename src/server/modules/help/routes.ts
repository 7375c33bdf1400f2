import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HelpConfigResponseSchema, UpdateHelpConfigSchema } from '../../../shared/schemas/help-config.ts';
import { writeAudit } from '../audit/service.ts';
import { sendCachedJson } from '../banners/http-cache.ts';
import { clearHelpConfig, getHelpConfig, saveHelpConfig } from './service.ts';

const ErrorSchema = z.object({ error: z.string() });
const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** `GET /api/help-config` (public) and its admin `PUT` / `DELETE`. */
export async function helpRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;

  app.get(
    '/api/help-config',
    {
      schema: {
        tags: ['help'],
        summary: 'The help page video',
        description: '`config` is null when no video is set. `embedUrl` is the privacy-enhanced player address.',
        response: { 200: HelpConfigResponseSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, { body: JSON.stringify({ config: await getHelpConfig(db) }) }, 'public, max-age=60'),
  );

  app.put(
    '/api/help-config',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['help'],
        summary: 'Set the help page video (admin)',
        description: 'A YouTube or Vimeo link; the page embeds it privacy-enhanced.',
        security: [{ bearerAuth: [] }],
        body: UpdateHelpConfigSchema,
        response: { 200: HelpConfigResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const updatedBy = request.caller?.kind === 'user' ? request.caller.user.id : null;
      const config = await saveHelpConfig(db, request.body, updatedBy);
      await writeAudit(db, request, { action: 'update', entity: 'help_config', details: { videoUrl: config.videoUrl } });
      return { config };
    },
  );

  app.delete(
    '/api/help-config',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['help'],
        summary: 'Remove the help page video (admin)',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await clearHelpConfig(db);
      await writeAudit(db, request, { action: 'delete', entity: 'help_config' });
      return reply.status(204).send(null);
    },
  );
}
