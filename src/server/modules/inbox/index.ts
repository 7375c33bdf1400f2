/** The admin inbox (issue 10 §7): feedback and contact messages. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inboxRoutes } from './routes.ts';

export const inboxModule = fp(
  async (app: FastifyInstance) => {
    await app.register(inboxRoutes);
  },
  { name: 'inbox', dependencies: ['auth'] },
);
