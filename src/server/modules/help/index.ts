/** The help page's configuration (its tutorial video). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { helpRoutes } from './routes.ts';
import { getHelpConfig } from './service.ts';

export const helpModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.services.database;
    app.provideWebServices({ getHelpConfig: () => getHelpConfig(db) });
    await app.register(helpRoutes);
  },
  { name: 'help', dependencies: ['auth', 'web-services'] },
);
