/**
 * Site analytics (issue 40, decision 0066, docs/analytics.md), cookieless and without personal data.
 *
 * The path of a page view: the server answers a page (plugins/ssr.ts, from the page cache or rendered); after the
 * answer is sent, the `onResponse` hook here counts a GET of an HTML page answered 200 as a view (404 as a path not
 * found) unless the request is a bot's, a prefetch, carries `Sec-GPC: 1`, or comes with the credentials of staff
 * (looked up only when the request carries credentials). PageCounter hashes the visitor with the day's salt
 * (DailySalt) and classifies the User-Agent and Referer; the event waits in EventBuffer, written in batches. A
 * client navigation after hydration is counted by the page's beacon (`POST /api/analytics/event`), the first page
 * never twice: the server counted it, the beacon skips it. Download clicks go through `/download`. Each stored
 * batch nudges the admin's live "visitors now" stream (live-stream.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { headerOf, notCountedBecause } from './classify.ts';
import { DailySalt } from './daily-salt.ts';
import { EventBuffer } from './event-buffer.ts';
import { type LiveStream, liveStreamRoutes } from './live-stream.ts';
import { type EventKind, PageCounter } from './page-counter.ts';
import { analyticsRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics events waiting to be written (tests flush it; index.ts writes it every second and on close). */
    analyticsBuffer: EventBuffer;
  }
}

/** The pages' catch-all route (plugins/ssr.ts): the only answers counted as page views. */
const PAGE_ROUTE = '*';

export const analyticsModule = fp(
  async (app: FastifyInstance) => {
    const { services } = app;
    const siteHost = new URL(services.config.publicUrl).host;
    const live: { stream?: LiveStream } = {};
    const buffer = new EventBuffer({
      sql: services.database.sql,
      log: app.log,
      onWriteFailed: () => app.metrics.analyticsWriteFailed(),
      onDropped: (count) => app.metrics.analyticsEventsDropped(count),
      onWritten: () => live.stream?.changed(),
    });
    const counter = new PageCounter({
      salt: new DailySalt(services.database.db),
      buffer,
      siteHost,
      excludedNetworks: services.config.analyticsExcludedNetworks,
      log: app.log,
    });
    app.decorate('analyticsBuffer', buffer);
    app.addHook('onReady', async () => buffer.start());
    app.addHook('onClose', async () => buffer.close());

    const countRequest = (request: FastifyRequest, kind: EventKind, url: string, referrer: string | undefined) => {
      if (notCountedBecause(request.headers)) return;
      const input = { kind, url, headers: request.headers, referrer, ipAddress: request.ip, country: app.locate(request).country, now: services.now() };
      const hasCredentials = request.headers.authorization || request.headers['x-client-id'] || request.headers['x-admin-client-id'];
      if (!hasCredentials) {
        counter.count(input);
        return;
      }
      // Staff browsing is not counted; a failed or anonymous identification counts as a visitor.
      app.identify(request).then(
        (actor) => {
          const isStaff = actor.kind === 'client' || (actor.kind === 'user' && actor.role !== 'user');
          if (!isStaff) counter.count(input);
        },
        () => counter.count(input),
      );
    };

    // A callback hook after the answer is sent: counting never delays a page (decision 0046: no promise per request).
    app.addHook('onResponse', (request, reply, done) => {
      // The cheap checks first: `routeOptions` builds an object on each read, which an API answer never pays for.
      if (request.method === 'GET' && (reply.statusCode === 200 || reply.statusCode === 404)) {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('text/html') && request.routeOptions.url === PAGE_ROUTE) {
          countRequest(request, reply.statusCode === 200 ? 'view' : 'not_found', request.url, headerOf(request.headers, 'referer'));
        }
      }
      done();
    });

    await app.register(analyticsRoutes, { countRequest, siteHost });
    await app.register(liveStreamRoutes, live);
  },
  { name: 'analytics', dependencies: ['auth', 'geoip', 'metrics'] },
);
