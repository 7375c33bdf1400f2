/**
 * `app.jotFeed`: the jot count and newest jots in memory (see feed.ts), read by the public jot routes, the hot
 * reads answered before Fastify's lifecycle (hot-reads.ts) and the pages' loaders. Loaded when the app is ready,
 * refreshed in the background, stopped on close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JotFeed } from './feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jot count and newest jots in memory (page loaders read the count from here). */
    jotFeed: JotFeed;
  }
}

export const jotFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = new JotFeed(app.services.database.db, {
      onError: (error) => app.log.error({ err: error }, 'jot feed refresh failed'),
    });
    app.decorate('jotFeed', feed);
    app.addHook('onReady', () => feed.start());
    app.addHook('onClose', () => feed.stop());
  },
  { name: 'jot-feed' },
);
