/**
 * `app.buildGuidKeyring`: every build GUID (decryption key) in memory, so jot ingestion reads no key from the
 * database (see keyring.ts). Loaded when the app is ready, refreshed in the background, stopped on close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BuildGuidKeyring } from './keyring.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every build GUID in memory, for decrypting jots without a database read. */
    buildGuidKeyring: BuildGuidKeyring;
  }
}

export const buildGuidKeyringPlugin = fp(
  async (app: FastifyInstance) => {
    const keyring = new BuildGuidKeyring(app.services.database.db, {
      onError: (error) => app.log.error({ err: error }, 'build GUID refresh failed'),
    });
    app.decorate('buildGuidKeyring', keyring);
    app.addHook('onReady', () => keyring.start());
    app.addHook('onClose', () => keyring.stop());
  },
  { name: 'build-guid-keyring' },
);
