/** Leads (spec §2): the public sign-up forms and, for admins, their management and export. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leadAdminRoutes } from './admin-routes.ts';
import { leadRoutes } from './routes.ts';

export const leadsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(leadRoutes);
    await app.register(leadAdminRoutes);
  },
  { name: 'leads', dependencies: ['auth', 'rate-limit', 'captcha', 'metrics', 'geoip'] },
);
