/** The audit log for admins (issue 10 §5); every service writes its own entries (decision 0012). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from './routes.ts';

export const auditModule = fp(
  async (app: FastifyInstance) => {
    await app.register(auditRoutes);
  },
  { name: 'audit', dependencies: ['auth'] },
);
