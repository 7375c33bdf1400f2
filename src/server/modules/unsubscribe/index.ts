/** Unsubscribing and double opt-in (issue 24, decision 0025): the signed links' routes and pages. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unsubscribeRoutes } from './routes.ts';
import { suppressionStatus } from './service.ts';

export const unsubscribeModule = fp(
  async (app: FastifyInstance) => {
    const { database, unsubscribeLinks } = app.services;
    app.provideWebServices({
      getUnsubscribeStatus: async (token) => {
        const found = unsubscribeLinks.verify(token);
        return found ? suppressionStatus(database.db, found.email, found.scope) : null;
      },
      isConfirmationToken: (token) => unsubscribeLinks.verifyConfirm(token) !== null,
    });
    await app.register(unsubscribeRoutes);
  },
  { name: 'unsubscribe', dependencies: ['web-services'] },
);
