/**
 * buildApp(options) → a ready Fastify instance that does not listen (tests use `inject` or listen on port 0).
 * main.ts owns configuration, migrations, listening, the job worker and shutdown.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Mailer } from './jobs/mail.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createClusterBus } from './lib/cluster-bus.ts';
import { applyConnectionLimits, serverTimeouts } from './lib/connection-limits.ts';
import { createContentEvents } from './lib/content-events.ts';
import { ContentMemo } from './lib/content-memo.ts';
import { PageCache } from './lib/page-cache.ts';
import { RenderBudget } from './lib/render-budget.ts';
import { serializeError } from './lib/log-serializers.ts';
import { pagePathOrNotFound } from './lib/api-route-miss.ts';
import { MAX_PATH_PARAM_LENGTH } from './lib/openapi.ts';
import { createRequestIdGenerator, requestIdMixin } from './lib/request-context.ts';
import { strictValidatorCompiler } from './lib/strict-body.ts';
import type { Redis } from './lib/redis.ts';
import { nextScheduledAt } from './modules/blog/public-service.ts';
import { registerModules } from './modules/index.ts';
import { answerActiveBanners } from './modules/banners/hot-read.ts';
import { answerHotRead } from './modules/jots/hot-reads.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { geoIpPlugin } from './plugins/geoip.ts';
import { metricsPlugin, metricsRoute } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { securityPlugin } from './plugins/security.ts';
import { ssrPlugin } from './plugins/ssr.ts';
import { webServicesPlugin } from './plugins/web-services.ts';
import type { AppServices } from './services.ts';
import { createVisitorKeys } from './lib/visitor-key.ts';
import { createUnsubscribeLinks } from './modules/unsubscribe/tokens.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  queue: JobQueue;
  /** Builds the mailer once the app's logger exists. */
  createMailer: (app: FastifyInstance) => Mailer;
  /** Pages: 'production' serves build/, 'development' runs Vite in this process, false serves the API only. */
  ssr: false | { mode: 'production' | 'development'; root: string };
  /** Shared rate-limit store for several instances (REDIS_URL); in-memory when absent. */
  redis?: Redis;
  /** A logger stream (tests capture it); default stdout. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The polled public reads are answered before Fastify's lifecycle (modules/jots/hot-reads.ts,
  // modules/banners/hot-read.ts); set once the jots and banners modules have registered their in-memory state.
  let hotReads: (request: IncomingMessage, response: ServerResponse) => boolean = () => false;
  let lastRefusalWarning = 0;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer(serverTimeouts(config.http), (request, response) => {
        trackAnswer(request, response);
        if (hotReads(request, response)) return;
        handler(request, response);
      });
      // Idle sockets closed; open connections capped per address, except behind a trusted proxy (decision 0020).
      const trackAnswer = applyConnectionLimits(server, config.http, {
        perIpCap: !config.trustProxy,
        onRefused: (address) => {
          if (Date.now() - lastRefusalWarning < 60_000) return;
          lastRefusalWarning = Date.now();
          app.log.warn({ address, max: config.http.maxConnectionsPerIp }, 'connections refused: too many open from one address');
        },
      });
      return server;
    },
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Lines written through app.log while a request is handled carry its id too (lib/request-context.ts).
      mixin: requestIdMixin,
      serializers: {
        // Database errors carry the query's parameters (a build GUID's value, a lead's personal data): logged
        // with the statement and the error code only (lib/log-serializers.ts).
        err: serializeError,
        // Headers are never logged (no credentials to redact); tokens and secrets in URLs are masked.
        req: (request) => ({
          method: request.method,
          url: String(request.url).replace(/([?&](?:token|secret|password)=)[^&]*/gi, '$1[redacted]'),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    // X-Request-Id is taken from the trusted proxy only; otherwise a random UUID (lib/request-context.ts).
    requestIdHeader: false,
    genReqId: createRequestIdGenerator(config.trustProxy),
    bodyLimit: 256 * 1024,
    // A path parameter may be as long as the longest one the document allows (a 200-character slug), percent-encoded
    // (Fastify's default of 100 answered 404 for a valid 150-character slug).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH * 3 },
    // A page path that does not decode (a lone surrogate) is the site's 404, not the router's 400 (issue 34 §8).
    rewriteUrl: (request) => pagePathOrNotFound(request.url ?? '/'),
    // Fastify's 10 s default killed instances whose SSR build import was slow on a busy host (three starting at once).
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  // Unknown body fields are a 400 on every route (lib/strict-body.ts).
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = options.createMailer(app);
  // Instances tell each other about content changes and jot commits (lib/cluster-bus.ts, decision 0015).
  let lastBusWarning = 0;
  const bus = createClusterBus({
    redis: options.redis,
    postgresUrl: options.database.kind === 'postgres' ? options.database.connectionString : undefined,
    notify: (channel, payload) => options.database.sql.query('select pg_notify($1, $2)', [channel, payload]),
    // At most one warning a minute while the transport is down (every publish would fail).
    onError: (error) => {
      if (Date.now() - lastBusWarning < 60_000) return;
      lastBusWarning = Date.now();
      app.log.warn({ err: error }, 'cluster bus unavailable; instances fall back to polling the database');
    },
  });
  app.decorate('clusterBus', bus);
  app.addHook('onClose', () => bus.close());
  const services: AppServices = {
    config,
    database: options.database,
    queue: options.queue,
    mailer,
    mailBrand: { publicUrl: config.publicUrl, ...(config.mailPostalAddress ? { postalAddress: config.mailPostalAddress } : {}) },
    unsubscribeLinks: createUnsubscribeLinks(config.jwtSecret, config.publicUrl),
    contentEvents: createContentEvents((error) => app.log.error({ err: error }, 'a content-change listener failed'), bus),
    now: () => new Date(),
    visitors: createVisitorKeys(config.jwtSecret),
  };
  app.decorate('services', services);

  await app.register(requestLogPlugin, { slowRequestMs: config.slowRequestMs });
  await app.register(metricsPlugin, { database: options.database });
  await app.register(securityPlugin, { isDevelopment: config.isDevelopment });
  await app.register(rateLimitPlugin, { multiplier: config.rateLimitMultiplier, redis: options.redis });
  await app.register(metricsRoute, { token: config.metricsToken });
  await app.register(errorsPlugin);
  // Pages and large JSON are compressed on the fly at a fast brotli level; built assets are pre-compressed.
  await app.register(compress, {
    threshold: 1024,
    // A buffered body (a rendered page, a JSON answer) is compressed in one call. The plugin's default on two cores
    // (8 KB) sent every page through a compression stream chunk by chunk, the cost decision 0014 had removed
    // (issue 35's profile: ~6 % of a page rendered per request, and its garbage).
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(authPlugin);
  await app.register(geoIpPlugin);
  await app.register(webServicesPlugin);
  // Every feature module, each one plugin (modules/index.ts, decision 0036).
  await registerModules(app);
  const { jotFeed, activeBanners, metrics } = app;
  hotReads = (request, response) =>
    answerHotRead(request, response, jotFeed, metrics.hotReadAnswered) ||
    answerActiveBanners(request, response, activeBanners, metrics.hotReadAnswered);

  if (options.ssr) {
    const { db } = options.database;
    const pageCache = new PageCache({
      events: app.services.contentEvents,
      now: () => app.services.now(),
      nextScheduledAt: (after) => nextScheduledAt(db, after),
    });
    app.addHook('onClose', async () => pageCache.unsubscribe());
    // A page the cache does not serve reads its content from memory too (lib/content-memo.ts, issue 35).
    const contentMemo = new ContentMemo({
      events: app.services.contentEvents,
      now: () => app.services.now(),
      nextScheduledAt: (after) => nextScheduledAt(db, after),
    });
    app.addHook('onClose', async () => contentMemo.unsubscribe());
    // Loaders read services, never the API over HTTP (docs/architecture.md §2); each module provided its part.
    // Development renders through Vite (seconds for a first render): no ceiling there.
    const renderBudget =
      options.ssr.mode === 'production' ? new RenderBudget({ share: config.pageRenderShare * config.rateLimitMultiplier }) : undefined;
    await app.register(ssrPlugin, {
      mode: options.ssr.mode,
      root: options.ssr.root,
      services: contentMemo.wrap(app.webServices()),
      pageCache,
      renderBudget,
    });
  }

  return app;
}
