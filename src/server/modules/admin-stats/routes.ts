/** `GET /api/admin/stats`: the admin dashboard's live figures (issue 10 §4). Thin: the queries live in service.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '../../../shared/schemas/admin-stats.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import type { JotSeriesCache } from './jot-series.ts';
import { adminStats } from './service.ts';

export async function adminStatsRoutes(instance: FastifyInstance, { jotSeries }: { jotSeries: JotSeriesCache }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.get(
    '/api/admin/stats',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Dashboard figures (admin)',
        description:
          'Admins only. Jots today and in the last 7 days, leads in the last 7 days and how many of them are not synced ' +
          'to Kit, pending users, published posts, active banners, unread inbox messages, invitations per day, and ' +
          '30-day series of jots per day and leads per day by source. Days are UTC calendar days, oldest first.',
        security: USER_SECURITY,
        response: { 200: AdminStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return adminStats(services.database.db, new Date(), jotSeries, services.config.invitationHourlyCap);
    },
  );
}
