/** Feedback messages (spec §2): the public form, stored and e-mailed to the support address; read in the admin inbox. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { feedbackRoutes } from './routes.ts';

export const feedbackModule = fp(
  async (app: FastifyInstance) => {
    await app.register(feedbackRoutes);
  },
  { name: 'feedback', dependencies: ['rate-limit', 'captcha'] },
);
