/**
 * The jots module (decision 0036): the whole path of a jot is wired here, once.
 *
 *   request → routes.ts (ingest: decrypt with the build-GUID keyring, locate) → writer.ts (group commit; a 201
 *   means stored) → feed.ts (count and newest jots in memory; announces the batch on the cluster bus, re-reads on
 *   the other instances' announcements) → stream.ts (SSE) and hot-reads.ts (answered before Fastify, app.ts).
 *
 * `app.jotFeed` is decorated for the hot reads and the tests. The feed loads when the app is ready and stops on
 * close. The pages read the count from memory (`getJotCount`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JotFeed } from './feed.ts';
import { OffsetAnchors } from './offset-anchors.ts';
import { jotRoutes } from './routes.ts';
import { jotStreamRoutes } from './stream.ts';
import { JotWriter } from './writer.ts';
import { recordJotEvents } from '../webhooks/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jot count and newest jots in memory (the hot reads and the pages read the count from here). */
    jotFeed: JotFeed;
  }
}

export const jotsModule = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app.services;
    const feed = new JotFeed(database.db, {
      tickMs: config.feedPollMs,
      bus: app.clusterBus,
      onError: (error) => app.log.error({ err: error }, 'jot feed refresh failed'),
    });
    // PGlite runs one statement at a time; PostgreSQL gets a share of the pool.
    const writer = new JotWriter(database.sql, {
      feed,
      maxConcurrent: database.kind === 'pglite' ? 1 : 4,
      // Issue 41: `jot.received` events only while an enabled endpoint subscribes (an in-memory look-up per batch).
      webhooks: {
        wanted: () => app.webhooks.subscribedEvents.has('jot.received'),
        record: (jots) => recordJotEvents(database.sql, jots),
        onError: (error) => app.log.error({ err: error }, 'recording jot.received webhook events failed'),
      },
    });
    // Deep offsets into the admin list walk from the nearest anchor (decision 0033).
    const offsetAnchors = new OffsetAnchors(database.db);

    app.decorate('jotFeed', feed);
    app.addHook('onReady', () => feed.start());
    app.addHook('onClose', () => feed.stop());
    app.provideWebServices({ getJotCount: async () => feed.count });

    await app.register(jotRoutes, { feed, writer, offsetAnchors });
    await app.register(jotStreamRoutes, { feed });
  },
  { name: 'jots', dependencies: ['auth', 'rate-limit', 'metrics', 'geoip', 'web-services', 'build-guids', 'webhooks'] },
);
