/**
 * Presence (issue 39 §2, decision 0081): `app.presence`, the hub of who has a document open in an editor, on one
 * Server-Sent Events channel with the stream limits of the others (lib/sse.ts). The documents' modules (blog, pages,
 * campaigns) register their own `…/{id}/presence` route, where they check who may read the document.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSseChannel } from '../../lib/sse.ts';
import { PresenceHub } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has which document open in an editor, on this instance. */
    presence: PresenceHub;
  }
}

export const presenceModule = fp(
  async (app: FastifyInstance) => {
    const { heartbeatMs, maxPerIp } = app.services.config.stream;
    app.decorate('presence', new PresenceHub(createSseChannel(app, { heartbeatMs, maxPerIp })));
  },
  { name: 'presence', dependencies: ['auth'] },
);
