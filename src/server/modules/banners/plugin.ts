/**
 * `app.banners`: the banner service with the in-memory list of active banners that `GET /api/banners/active` and
 * the pages' loaders read (see service.ts). A named plugin so that the routes and app.ts get it typed.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BannerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Banners, with the in-memory list the public strip and the pages' loaders read. */
    banners: BannerService;
  }
}

export const bannersPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new BannerService(app.services.database.db, {
      onError: (error) => app.log.error({ err: error }, 'reloading banners failed'),
      onChange: () => app.services.contentEvents.emit('banners'),
    });
    app.decorate('banners', service);
    // A change made through another instance (relayed by the cluster bus): re-read now rather than at maxAgeMs.
    const unsubscribe = app.services.contentEvents.subscribe((kind, origin) => {
      if (kind === 'banners' && origin === 'remote') void service.reload().catch((error: unknown) => app.log.error({ err: error }, 'reloading banners failed'));
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'banners' },
);
