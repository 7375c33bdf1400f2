import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';

const HealthSchema = z.object({ status: z.literal('ok') });

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: HealthSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: HealthSchema, ...errorResponses(503) } }, logLevel: 'warn' },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await app.services.database.sql.query('select 1');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database is not answering');
        return reply.status(503).send({ error: 'Database unavailable' });
      }
    },
  );
}
