/**
 * Banners (spec §3): admin CRUD (service.ts, plain functions) and `app.activeBanners`, the list of active banners kept
 * in memory that `GET /api/banners/active` and the pages read (active-banners.ts). The plugin owns that list: a change
 * made through another instance (relayed by the cluster bus) re-reads it at once rather than at its maximum age.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ActiveBanners } from './active-banners.ts';
import { bannerRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The active banners in memory, for the public strip and the pages' loaders. */
    activeBanners: ActiveBanners;
  }
}

export const bannersModule = fp(
  async (app: FastifyInstance) => {
    const { database, contentEvents } = app.services;
    const onError = (error: unknown) => app.log.error({ err: error }, 'reloading banners failed');
    const activeBanners = new ActiveBanners(database.db, { onError });
    app.decorate('activeBanners', activeBanners);
    const unsubscribe = contentEvents.subscribe((kind, origin) => {
      if (kind === 'banners' && origin === 'remote') void activeBanners.reload().catch(onError);
    });
    app.addHook('onClose', async () => unsubscribe());
    app.provideWebServices({ getActiveBanners: async () => (await activeBanners.current()).banners });
    await app.register(bannerRoutes, { deps: { db: database.db, events: contentEvents, activeBanners } });
  },
  { name: 'banners', dependencies: ['auth', 'web-services'] },
);
