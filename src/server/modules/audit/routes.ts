/** `GET /api/audit-log` (issue 10 §5): the audit log for admins. Thin: the query lives in service.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogQuerySchema, AuditLogResponseSchema } from '../../../shared/schemas/audit.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { listAuditLog } from './service.ts';

export async function auditRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.get(
    '/api/audit-log',
    {
      onRequest: app.requirePermission('audit.read'),
      schema: {
        tags: ['audit'],
        summary: 'The audit log (admin)',
        description:
          'Admins only. Newest first. Filters: `actor` (part of the acting user\'s e-mail), `action` (exact, or an ' +
          'entity prefix such as `user.`), `entity` (one of the shared vocabulary), `from`/`to` (ISO date-times, ' +
          'inclusive). `total` ignores limit and offset.',
        security: USER_SECURITY,
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listAuditLog(services.database.db, request.query);
    },
  );
}
