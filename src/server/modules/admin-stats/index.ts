/** The admin dashboard's figures (issue 10 §4); the settled days of the jot series are kept a minute (service.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminStatsRoutes } from './routes.ts';
import { JotSeriesCache } from './jot-series.ts';

export const adminStatsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(adminStatsRoutes, { jotSeries: new JotSeriesCache() });
  },
  { name: 'admin-stats', dependencies: ['auth'] },
);
