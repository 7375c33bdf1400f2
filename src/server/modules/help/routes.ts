import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HelpConfigResponseSchema, UpdateHelpConfigSchema } from '../../../shared/schemas/help-config.ts';
import { sendCachedJson } from '../../lib/http-cache.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { clearHelpConfig, getHelpConfig, saveHelpConfig } from './service.ts';
import { contentWriteDeps } from '../../lib/content-events.ts';

const adminErrors = errorResponses(400, 401, 403);

/** `GET /api/help-config` (public) and its admin `PUT` / `DELETE`. */
export async function helpRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const writes = contentWriteDeps(app.services);
  const { db } = writes;

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
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['help'],
        summary: 'Set the help page video (admin)',
        description: 'A YouTube or Vimeo link; the page embeds it privacy-enhanced.',
        security: USER_SECURITY,
        body: UpdateHelpConfigSchema,
        response: { 200: HelpConfigResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const config = await saveHelpConfig(writes, { ...requestContext(request), input: request.body });
      return { config };
    },
  );

  app.delete(
    '/api/help-config',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['help'],
        summary: 'Remove the help page video (admin)',
        security: USER_SECURITY,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await clearHelpConfig(writes, requestContext(request));
      return reply.status(204).send(null);
    },
  );
}
