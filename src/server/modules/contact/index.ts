/** Contact messages (spec §2): the public form, stored and e-mailed to the support address; read in the admin inbox. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contactRoutes } from './routes.ts';

export const contactModule = fp(
  async (app: FastifyInstance) => {
    await app.register(contactRoutes);
  },
  { name: 'contact', dependencies: ['rate-limit', 'captcha'] },
);
