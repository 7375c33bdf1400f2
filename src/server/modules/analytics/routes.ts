/**
 * Site analytics routes (issue 40): the public beacon of client navigations, the download link counted through a
 * redirect, and the owner/admin reads (`dashboard.read`). Thin: the counting is the module's (index.ts), the reads
 * are service.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_BEACON_MAX_BYTES,
  AnalyticsBeaconSchema,
  AnalyticsFunnelQuerySchema,
  AnalyticsFunnelSchema,
  AnalyticsListParamsSchema,
  AnalyticsListResultSchema,
  AnalyticsLiveSchema,
  AnalyticsQuerySchema,
  AnalyticsSummarySchema,
} from '../../../shared/schemas/analytics.ts';
import { errorResponses, PUBLIC_SECURITY, USER_SECURITY } from '../../lib/openapi.ts';
import type { EventKind } from './page-counter.ts';
import { analyticsFunnel, analyticsList, analyticsListCsv, analyticsSummary, liveVisitors } from './service.ts';

export interface AnalyticsRouteOptions {
  /** Counts the request as `kind` at `url` (with `referrer`) when it is countable (index.ts). */
  countRequest: (request: FastifyRequest, kind: EventKind, url: string, referrer: string | undefined) => void;
  siteHost: string;
}

export async function analyticsRoutes(instance: FastifyInstance, { countRequest, siteHost }: AnalyticsRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  // A page view is at most one beacon: far above a person's pace, far below a script's (decision 0066).
  const beaconLimit = { max: Math.max(1, Math.round(120 * services.config.rateLimitMultiplier)), timeWindow: '1 minute' };

  app.post(
    '/api/analytics/event',
    {
      bodyLimit: ANALYTICS_BEACON_MAX_BYTES,
      config: { rateLimit: beaconLimit },
      schema: {
        tags: ['analytics'],
        summary: 'Count a page reached by a client navigation (the beacon)',
        description:
          'Sent by the page with `navigator.sendBeacon` for each navigation after the first page (which the server ' +
          'counted when it answered it). Body ≤ 2 KB; only paths of this site. Not counted: bots, `Sec-GPC: 1`, the ' +
          "operator's excluded addresses, a network past 30 counts a minute. No cookie is read or set. Always 204 when valid.",
        security: PUBLIC_SECURITY,
        body: AnalyticsBeaconSchema,
        response: { 204: z.null(), ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      countRequest(request, 'view', request.body.path, request.body.referrer);
      return reply.status(204).send(null);
    },
  );

  // `/download`: the installer link counted as a download click for the funnel (bots and `Sec-GPC: 1` not counted),
  // then 302 to DOWNLOAD_URL whatever the query says (its UTM values are read for the funnel); as /go/{id} does.
  app.get(
    '/download',
    {
      // A page-like link, not an API operation (its only answer is a 302): kept out of the OpenAPI document, as the
      // pages are; documented in docs/analytics.md.
      schema: { hide: true },
    },
    async (request, reply) => {
      countRequest(request, 'download', request.url, request.headers.referer);
      return reply.header('Cache-Control', 'no-store').redirect(services.config.downloadUrl, 302);
    },
  );

  const adminErrors = errorResponses(400, 401, 403);
  const noStore = { 'Cache-Control': 'no-store' };

  app.get(
    '/api/admin/analytics/summary',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['analytics'],
        summary: 'Site analytics summary with the previous period (owner/admin)',
        description:
          'Unique visitors, page views, visits, views per visit, bounce rate and visit duration for `from`–`to` (UTC days, ' +
          'default the last 30) and the same number of days before; one point per day. Filters: `page`, `source`, `country`.',
        security: USER_SECURITY,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSummarySchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await analyticsSummary(db, request.query, services.now())),
  );

  app.get(
    '/api/admin/analytics/lists/:list',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['analytics'],
        summary: 'A site analytics list: pages, entry pages, referrers, sources, campaigns, countries, devices, browsers or not-found paths (owner/admin)',
        description: 'The top 100 values by visitors, with views. Same range and filters as the summary.',
        security: USER_SECURITY,
        params: AnalyticsListParamsSchema,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsListResultSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await analyticsList(db, request.params.list, request.query, services.now())),
  );

  app.get(
    '/api/admin/analytics/lists/:list/csv',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['analytics'],
        summary: 'A site analytics list as CSV (owner/admin)',
        description: '`JotIt-analytics-{list}-{from}-{to}.csv`: UTF-8 with a BOM; columns Value, Visitors, Views.',
        security: USER_SECURITY,
        params: AnalyticsListParamsSchema,
        querystring: AnalyticsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file (text/csv)'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const result = await analyticsList(db, request.params.list, request.query, services.now());
      const from = request.query.from ?? 'last-30-days';
      const to = request.query.to ?? 'today';
      return reply
        .headers(noStore)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="JotIt-analytics-${result.list}-${from}-${to}.csv"`)
        .send(analyticsListCsv(result));
    },
  );

  app.get(
    '/api/admin/analytics/live',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['analytics'],
        summary: 'Visitors in the last 5 minutes (owner/admin)',
        security: USER_SECURITY,
        response: { 200: AnalyticsLiveSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await liveVisitors(db, services.now())),
  );

  app.get(
    '/api/admin/analytics/funnel',
    {
      onRequest: app.requirePermission('dashboard.read'),
      schema: {
        tags: ['analytics'],
        summary: 'The funnel visits → leads → confirmed → downloads by source, campaign or entry page (owner/admin)',
        description:
          'Per `by` (source: UTM source, else the referring domain, else "(direct)"; campaign; entry-page) with the ' +
          'lead and download rates. Leads do not record their entry page: per entry page, leads and confirmed are 0.',
        security: USER_SECURITY,
        querystring: AnalyticsFunnelQuerySchema,
        response: { 200: AnalyticsFunnelSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await analyticsFunnel(db, request.query, services.now(), siteHost)),
  );
}
