/** Uploaded images, stored in the database (decision 0017). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadRoutes } from './routes.ts';

export const uploadsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(uploadRoutes);
  },
  { name: 'uploads', dependencies: ['auth'] },
);
