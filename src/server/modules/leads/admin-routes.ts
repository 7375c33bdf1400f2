/**
 * Leads Management for admins (spec §2, issue 10): list with filters, sources, detail, retry sync, delete, bulk
 * actions and the CSV export. Every route is for signed-in admins (a JWT), checked on request before the input is
 * validated: a caller without the right gets 401/403, not field errors. Thin: the rules live in admin-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LeadBulkResultSchema,
  LeadBulkSchema,
  LeadDetailSchema,
  LeadExportQuerySchema,
  LeadIdParamsSchema,
  LeadListQuerySchema,
  LeadPageSchema,
  LeadSourcesSchema,
  LeadSchema,
  LeadSubscriptionSchema,
  RetrySyncResultSchema,
} from '../../../shared/schemas/leads.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { assertActorCan } from '../../permission-check.ts';
import { requestContext } from '../../plugins/auth.ts';
import {
  bulkLeadAction,
  deleteLead,
  exportFileName,
  exportLeadsCsv,
  getLeadDetail,
  type IpCountryLookup,
  listLeadPage,
  listLeadSources,
  retryLeadSync,
  setLeadSubscription,
} from './admin-service.ts';

const TAGS = ['leads'];
const security = USER_SECURITY;

const FILTERS_TEXT =
  '`q` matches part of the e-mail, first or last name (any case); `source` (`unknown` for leads without one); ' +
  '`synced` `true`/`false`; `from`/`to` days (YYYY-MM-DD, UTC, inclusive); `sort` by date, `desc` (default) or `asc`.';

export async function leadAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db } = services.database;

  // The IP country of the detail view comes from the GeoIP database, when GEOIP_DB is set.
  const { geoIp } = app;
  const lookupCountry: IpCountryLookup | null = geoIp ? (ip) => geoIp.lookup(ip)?.country ?? null : null;

  app.get(
    '/api/leads',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'List leads (admin)',
        description: `Answers \`{ items, total }\` (\`leads\` repeats \`items\` for older clients). ${FILTERS_TEXT} \`total\` counts every lead matching the filters; \`limit\` (≤ 200, default 200) and \`offset\` page them.`,
        security,
        querystring: LeadListQuerySchema,
        response: { 200: LeadPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listLeadPage(db, request.query);
    },
  );

  app.get(
    '/api/leads/sources',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'Lead sources (admin)',
        description: 'Every distinct source, sorted; `unknown` stands for leads stored without one. For the source filter.',
        security,
        response: { 200: LeadSourcesSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listLeadSources(db);
    },
  );

  app.get(
    '/api/leads/export.csv',
    {
      onRequest: app.requirePermission('leads.manage'),
      schema: {
        tags: TAGS,
        summary: 'Export leads as CSV (admin)',
        description:
          `Streams \`JotIt-leads-YYYY-MM-DD.csv\`: UTF-8 with a BOM; columns Email, First Name, Last Name, Source, Subscribed Date, ConvertKit ID, then UTM Source, UTM Medium, UTM Campaign, UTM Term, UTM Content, Referrer. ` +
          `Cells starting with =, +, -, @, tab or carriage return get a leading apostrophe (formula injection). ${FILTERS_TEXT} ` +
          '`ids` (comma-separated, ≤ 500) exports only those leads.',
        security,
        querystring: LeadExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file (text/csv)'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const stream = exportLeadsCsv(db, { ...requestContext(request), input: request.query }, (error) =>
        request.log.error({ err: error }, 'lead export failed mid-stream'),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/leads/:id',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'One lead (admin)',
        description: 'The lead with its UTM fields, referrer, IP address, user agent and the IP country (GeoIP, when configured).',
        security,
        params: LeadIdParamsSchema,
        response: { 200: LeadDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getLeadDetail(db, lookupCountry, request.params.id);
    },
  );

  app.post(
    '/api/leads/:id/retry-sync',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'Retry the Kit sync of a lead (admin)',
        description: 'Queues the Kit sync job again for a lead that is not synced. 409 when it is synced already or Kit is not configured.',
        security,
        params: LeadIdParamsSchema,
        response: { 200: RetrySyncResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => retryLeadSync(services, { ...requestContext(request), input: { id: request.params.id } }),
  );

  app.put(
    '/api/leads/:id/subscription',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'Unsubscribe a lead, or subscribe it again (admin)',
        description:
          'Issue 24: `unsubscribed: true` puts the address on the suppression list (marketing) and queues its Kit ' +
          'unsubscribe; `false` takes it off and queues the Kit sync again (if it was confirmed or synced). Audited.',
        security,
        params: LeadIdParamsSchema,
        body: LeadSubscriptionSchema,
        response: { 200: LeadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setLeadSubscription(services, { ...requestContext(request), input: { id: request.params.id, ...request.body } }),
  );

  app.delete(
    '/api/leads/:id',
    {
      onRequest: app.requirePermission('leads.manage'),
      schema: {
        tags: TAGS,
        summary: 'Delete a lead (admin)',
        description: 'Erasure on request: the lead is deleted; the audit entry keeps its id, not its address.',
        security,
        params: LeadIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteLead(services, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/leads/bulk',
    {
      onRequest: app.requirePermission('leads.read'),
      schema: {
        tags: TAGS,
        summary: 'Bulk action on leads (admin)',
        description:
          '`retry_sync` (leads already synced are skipped) or `delete`, on up to 500 `ids`. Answers how many were done, ' +
          'skipped and not found; one audit entry per lead changed. 409 for `retry_sync` when Kit is not configured.',
        security,
        body: LeadBulkSchema,
        response: { 200: LeadBulkResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      if (request.body.action === 'delete') assertActorCan(request.actor, 'leads.manage');
      return bulkLeadAction(services, { ...requestContext(request), input: request.body });
    },
  );
}
