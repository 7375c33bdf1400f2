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
    app.decorate(
      'banners',
      new BannerService(app.services.database.db, {
        onError: (error) => app.log.error({ err: error }, 'reloading banners failed'),
        onChange: () => app.services.contentEvents.emit('banners'),
      }),
    );
  },
  { name: 'banners' },
);
