/**
 * `app.jotFeed`: the jot count and newest jots in memory (see feed.ts), read by the public jot routes, the hot
 * reads answered before Fastify's lifecycle (hot-reads.ts), the live stream (stream.ts) and the pages' loaders.
 * Loaded when the app is ready, kept current across instances through the cluster bus (one notification per
 * commit batch; the others re-read at once), with the database polled every FEED_POLL_MS as the fallback. Stopped
 * on close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JotFeed } from './feed.ts';
import { jotStreamRoutes } from './stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jot count and newest jots in memory (page loaders read the count from here). */
    jotFeed: JotFeed;
  }
}

export const jotFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = app.clusterBus;
    const feed = new JotFeed(app.services.database.db, {
      tickMs: app.services.config.feedPollMs,
      // The payload is only a nudge: the others re-read the database, which stays the one truth.
      onLocalCommit: (inserted) => bus.publish('jots', String(inserted.length)),
      onError: (error) => app.log.error({ err: error }, 'jot feed refresh failed'),
    });
    app.decorate('jotFeed', feed);
    const unsubscribe = bus.subscribe((topic) => {
      if (topic === 'jots') feed.remoteCommitted();
    });
    // Notifications sent while the bus was away are lost: catch up once it is back.
    const offReconnect = bus.onReconnect(() => feed.remoteCommitted());
    app.addHook('onReady', () => feed.start());
    await app.register(jotStreamRoutes);
    app.addHook('onClose', () => {
      unsubscribe();
      offReconnect();
      return feed.stop();
    });
  },
  { name: 'jot-feed' },
);
