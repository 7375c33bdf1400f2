/** Invitations (decision 0023): a signed-in or anonymous visitor invites a friend by e-mail. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invitationRoutes } from './routes.ts';

export const invitationsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(invitationRoutes);
  },
  { name: 'invitations', dependencies: ['rate-limit', 'captcha'] },
);
