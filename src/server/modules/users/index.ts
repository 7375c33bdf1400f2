/** User management for admins (spec §2, §6). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userRoutes } from './routes.ts';

export const usersModule = fp(
  async (app: FastifyInstance) => {
    await app.register(userRoutes);
  },
  { name: 'users', dependencies: ['auth'] },
);
