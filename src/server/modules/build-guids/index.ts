/**
 * Build GUIDs (the jot keys): admin CRUD, and `app.buildGuidKeyring`, every key in memory so that ingestion reads
 * none from the database (keyring.ts); loaded when the app is ready, refreshed in the background, stopped on close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BuildGuidKeyring } from './keyring.ts';
import { buildGuidRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every build GUID in memory, for decrypting jots without a database read. */
    buildGuidKeyring: BuildGuidKeyring;
  }
}

export const buildGuidsModule = fp(
  async (app: FastifyInstance) => {
    const keyring = new BuildGuidKeyring(app.services.database.db, {
      onError: (error) => app.log.error({ err: error }, 'build GUID refresh failed'),
    });
    app.decorate('buildGuidKeyring', keyring);
    app.addHook('onReady', () => keyring.start());
    app.addHook('onClose', () => keyring.stop());
    await app.register(buildGuidRoutes);
  },
  { name: 'build-guids', dependencies: ['auth'] },
);
