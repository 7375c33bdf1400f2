/** API clients (docs/architecture.md §5): their management for admins. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientRoutes } from './routes.ts';

export const clientsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(clientRoutes);
  },
  { name: 'clients', dependencies: ['auth'] },
);
