/** E-mail (issue 24): the templates every module's mail is rendered with, and their previews for admins. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailRoutes } from './routes.ts';

export const mailModule = fp(
  async (app: FastifyInstance) => {
    await app.register(mailRoutes);
  },
  { name: 'mail', dependencies: ['auth'] },
);
