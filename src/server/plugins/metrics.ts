/**
 * `GET /metrics` in the Prometheus text format (issue 14 §4, decision 0016).
 *
 * - Readable only with `Authorization: Bearer $METRICS_TOKEN` (compared in constant time); without METRICS_TOKEN
 *   the route is not registered, so /metrics is a 404 like any unknown path. Hidden from the OpenAPI docs; rate
 *   limited per address far above any scrape interval (issue 23 §8).
 * - Requests: a counter and a latency histogram by method, route *pattern* (`/api/blog/posts/:slug`, never the raw
 *   URL: bounded label values) and status code; requests that matched no route share the label `(unmatched)`.
 *   The polled public reads answered before Fastify (modules/jots/hot-reads.ts, modules/banners/hot-read.ts) have their own counter,
 *   `jotit_hot_reads_total` by read and status, kept as plain integers on that path and reported at scrape time.
 * - Jots acknowledged by protocol, decrypt failures by protocol, lead submissions: counters the modules bump
 *   through `app.metrics`.
 * - At scrape time: pg-boss jobs by queue and state (one grouped query, 1 s timeout), the PostgreSQL pool's
 *   connections, and the process's default metrics (event-loop lag, memory, GC, handles) from prom-client.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';

export type JotProtocol = 'legacy' | 'v1' | 'v2';
export type HotRead = 'count' | 'recent' | 'banners';

/** The counters modules bump. */
export interface AppMetrics {
  /** A jot acknowledged (201) by protocol. */
  jotIngested(protocol: JotProtocol): void;
  /** A payload that did not decrypt or authenticate (400 Invalid payload) by protocol. */
  decryptFailed(protocol: JotProtocol): void;
  /** A polled read answered before Fastify (modules/jots/hot-reads.ts). */
  hotReadAnswered(read: HotRead, status: 200 | 304): void;
  /** A lead accepted by POST /api/leads (a repeated address counts again; honeypot hits do not). */
  leadSubmitted(): void;
  /** A batch of site analytics events that could not be written (kept to try again; modules/analytics). */
  analyticsWriteFailed(): void;
  /** Analytics events dropped because the buffer was full. */
  analyticsEventsDropped(count: number): void;
  /** The whole exposition (tests read it without HTTP too). */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  database: DatabaseHandle;
}

export const UNMATCHED_ROUTE = '(unmatched)';
const JOB_QUERY_TIMEOUT_MS = 1000;
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

// Process-wide figures (event loop, memory, GC) are collected once per process, whatever the number of apps.
let processRegistry: Registry | undefined;
function defaultMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time check of an `Authorization: Bearer …` header. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route, method and status: its answers, their total time and how many fell in each bucket (the last: +Inf). */
interface Series {
  labels: { method: string; route: string; status_code: number };
  count: number;
  sum: number;
  buckets: number[];
}

/** The first bucket whose upper bound holds `value`, or the +Inf one after them. */
function bucketIndex(bounds: number[], value: number): number {
  let index = 0;
  while (index < bounds.length && value > bounds[index]!) index += 1;
  return index;
}

/** The request series of one app, by route (its config object), method and status. */
class RequestSeries {
  private readonly byRoute = new WeakMap<object, Map<string, Map<number, Series>>>();
  private readonly list: Series[] = [];

  constructor(private readonly bounds: number[]) {}

  find(routeKey: object, route: string, method: string, statusCode: number): Series {
    let byMethod = this.byRoute.get(routeKey);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(routeKey, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (!series) {
      series = { labels: { method, route, status_code: statusCode }, count: 0, sum: 0, buckets: new Array<number>(this.bounds.length + 1).fill(0) };
      byStatus.set(statusCode, series);
      this.list.push(series);
    }
    return series;
  }

  all(): readonly Series[] {
    return this.list;
  }

  /** A prom-client metric (what Registry#registerMetric reads) exposing the series as a histogram. */
  histogram(name: string, help: string) {
    const bounds = this.bounds;
    const list = this.list;
    const values = () =>
      list.flatMap((series) => {
        let cumulative = 0;
        const buckets = bounds.map((bound, index) => {
          cumulative += series.buckets[index]!;
          return { labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: `${name}_bucket` };
        });
        return [
          ...buckets,
          { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${name}_bucket` },
          { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${name}_sum` },
          { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${name}_count` },
        ];
      });
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
      reset: () => {
        for (const series of list) {
          series.count = 0;
          series.sum = 0;
          series.buckets.fill(0);
        }
      },
    };
  }
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const registry = new Registry();
    const { database } = options;

    // Requests by route pattern, method and status: counted in plain numbers on every answer and handed to prom-client
    // when scraped (its own inc/observe hash a labels object on every call: decision 0046).
    const requestSeries = new RequestSeries(REQUEST_DURATION_BUCKETS);
    new Counter({
      name: 'jotit_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
      collect() {
        this.reset();
        for (const series of requestSeries.all()) this.inc(series.labels, series.count);
      },
    });
    registry.registerMetric(
      requestSeries.histogram('jotit_http_request_duration_seconds', 'Time to answer HTTP requests, by route pattern and status') as never,
    );
    const jots = new Counter({ name: 'jotit_jots_ingested_total', help: 'Jots acknowledged (201), by protocol', labelNames: ['protocol'], registers: [registry] });
    const decryptFailures = new Counter({
      name: 'jotit_jot_decrypt_failures_total',
      help: 'Jot payloads that did not authenticate or decrypt, by protocol',
      labelNames: ['protocol'],
      registers: [registry],
    });
    const leads = new Counter({ name: 'jotit_leads_submitted_total', help: 'Leads accepted by POST /api/leads', registers: [registry] });
    const analyticsWriteFailures = new Counter({
      name: 'jotit_analytics_write_failures_total',
      help: 'Batches of site analytics events that could not be written (kept in memory to try again)',
      registers: [registry],
    });
    const analyticsDropped = new Counter({
      name: 'jotit_analytics_events_dropped_total',
      help: 'Site analytics events dropped because the in-memory buffer was full',
      registers: [registry],
    });
    // Tens of thousands a second: plain integers on the hot path, handed to prom-client when scraped.
    const hotReadCounts: Record<HotRead, Record<200 | 304, number>> = {
      count: { 200: 0, 304: 0 },
      recent: { 200: 0, 304: 0 },
      banners: { 200: 0, 304: 0 },
    };
    new Counter({
      name: 'jotit_hot_reads_total',
      help: 'Polled public reads answered from memory before the request lifecycle, by read and status',
      labelNames: ['read', 'status_code'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [read, byStatus] of Object.entries(hotReadCounts)) {
          for (const [status, count] of Object.entries(byStatus)) this.inc({ read, status_code: status }, count);
        }
      },
    });
    for (const protocol of ['legacy', 'v1', 'v2'] as const) {
      jots.inc({ protocol }, 0);
      decryptFailures.inc({ protocol }, 0);
    }

    new Gauge({
      name: 'jotit_jobs',
      help: 'pg-boss jobs by queue and state (created = waiting, retry = failed and waiting to be retried, failed = gave up)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const { rows } = await withTimeout(
            database.sql.query<{ name: string; state: string; count: number }>(
              `select name, state::text as state, count(*)::int as count from pgboss.job where state::text = any($1) group by 1, 2`,
              [JOB_STATES],
            ),
            JOB_QUERY_TIMEOUT_MS,
          );
          for (const row of rows) this.set({ queue: row.name, state: row.state }, row.count);
        } catch {
          // No pg-boss schema yet, or the database is slow or away: the scrape still answers.
          jobErrors.inc();
        }
      },
    });

    // A failed job query shows in the next scrape (metrics are collected concurrently).
    const jobErrors = new Counter({ name: 'jotit_metrics_job_query_errors_total', help: 'Scrapes whose job-queue query failed or timed out', registers: [registry] });

    const pool = database.kind === 'postgres' ? (database.db as unknown as { $client: Pool }).$client : undefined;
    if (pool) {
      new Gauge({
        name: 'jotit_db_pool_connections',
        help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }

    const metrics: AppMetrics = {
      jotIngested: (protocol) => jots.inc({ protocol }),
      hotReadAnswered: (read, status) => {
        hotReadCounts[read][status] += 1;
      },
      decryptFailed: (protocol) => decryptFailures.inc({ protocol }),
      leadSubmitted: () => leads.inc(),
      analyticsWriteFailed: () => analyticsWriteFailures.inc(),
      analyticsEventsDropped: (count) => analyticsDropped.inc(count),
      async render() {
        return `${await defaultMetricsRegistry().metrics()}\n${await registry.metrics()}`;
      },
    };
    app.decorate('metrics', metrics);

    const unmatched = {};
    app.addHook('onResponse', (request, reply, done) => {
      const { url: route, config } = request.routeOptions;
      // The route's config object is one per route: the series are found without building a key.
      const series = requestSeries.find(route === undefined || !config ? unmatched : config, route ?? UNMATCHED_ROUTE, request.method, reply.statusCode);
      series.count += 1;
      series.sum += reply.elapsedTime / 1000;
      series.buckets[bucketIndex(REQUEST_DURATION_BUCKETS, reply.elapsedTime / 1000)]! += 1;
      done();
    });
  },
  { name: 'metrics' },
);

/**
 * `GET /metrics` (when METRICS_TOKEN is set), registered after the rate limiter so that its own limit applies —
 * @fastify/rate-limit only sees routes added after it. The limit (RATE_LIMITS.metrics a minute per address) is far
 * above any scrape interval and stops a flood of expensive scrapes or token guesses (issue 23 §8).
 */
export const metricsRoute = fp(
  async (app: FastifyInstance, options: { token: string | undefined }) => {
    if (!options.token) return;
    const expected = digest(options.token);
    app.get(
      '/metrics',
      { schema: { hide: true }, config: { rateLimit: app.rateLimitFor('metrics') }, logLevel: 'warn' },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (!bearerMatches(request.headers.authorization, expected)) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ error: 'A valid metrics token is required' });
        }
        return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(await app.metrics.render());
      },
    );
  },
  { name: 'metrics-route', dependencies: ['metrics', 'rate-limit'] },
);
