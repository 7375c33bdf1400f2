/** Liveness and readiness (`/healthz`, `/readyz`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './routes.ts';

export const healthModule = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes);
  },
  { name: 'health' },
);
