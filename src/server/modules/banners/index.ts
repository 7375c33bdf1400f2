/**
 * Banners (spec §3): admin CRUD and `app.banners`, the list of active banners kept in memory that
 * `GET /api/banners/active` and the pages read. A change made through another instance (relayed by the cluster bus)
 * re-reads it at once rather than at its maximum age.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bannerRoutes } from './routes.ts';
import { BannerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Banners, with the in-memory list the public strip and the pages' loaders read. */
    banners: BannerService;
  }
}

export const bannersModule = fp(
  async (app: FastifyInstance) => {
    const { database, contentEvents } = app.services;
    const onError = (error: unknown) => app.log.error({ err: error }, 'reloading banners failed');
    const service = new BannerService({ db: database.db, events: contentEvents }, { onError });
    app.decorate('banners', service);
    const unsubscribe = contentEvents.subscribe((kind, origin) => {
      if (kind === 'banners' && origin === 'remote') void service.reload().catch(onError);
    });
    app.addHook('onClose', async () => unsubscribe());
    app.provideWebServices({ getActiveBanners: async () => (await service.activeBanners()).banners });
    await app.register(bannerRoutes);
  },
  { name: 'banners', dependencies: ['auth', 'web-services'] },
);
