import type { FastifyInstance } from 'fastify';
import { NumericIdParamsSchema } from '../../../shared/schemas/fields.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCampaignListSchema,
  AutosaveCampaignSchema,
  AdminCampaignSchema,
  CAMPAIGN_TEXTS,
  CampaignListQuerySchema,
  CampaignSchema,
  CreateCampaignSchema,
  PublicCampaignListSchema,
  PublicCampaignSchema,
  UpdateCampaignSchema,
} from '../../../shared/schemas/campaigns.ts';
import { safeString } from '../../../shared/schemas/text.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { CampaignRevisionFieldsSchema } from '../../../shared/schemas/revisions.ts';
import { documentRevisionRoutes } from '../document-revision-routes.ts';
import {
  autosaveCampaign,
  CAMPAIGN_DOCUMENT,
  campaignRow,
  createCampaign,
  deleteCampaign,
  getActiveCampaign,
  getAdminCampaign,
  listAdminCampaigns,
  listPublicCampaigns,
  restoreCampaignRevision,
  updateCampaign,
} from './service.ts';
import { actorCan } from '../../services.ts';

const IdOrSlug = z.object({ id: safeString('Campaign id').trim().min(1).max(200) });
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/** `/api/campaigns` (issue 12): admins manage every campaign; anyone reads the active ones. */
export async function campaignRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.get(
    '/api/campaigns',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['campaigns'],
        summary:
          'Campaigns (public: active ones; admin: every campaign with its 30-day visits, leads and conversion rate)',
        querystring: CampaignListQuerySchema,
        response: { 200: z.union([AdminCampaignListSchema, PublicCampaignListSchema]), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'content.manage')) {
        reply.header('Cache-Control', 'no-store');
        return listAdminCampaigns(services, request.query);
      }
      return listPublicCampaigns(services, request.query);
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['campaigns'],
        summary: 'One campaign by id or slug (public: active only)',
        params: IdOrSlug,
        response: { 200: z.union([AdminCampaignSchema, PublicCampaignSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'content.manage')) {
        reply.header('Cache-Control', 'no-store');
        return getAdminCampaign(services, request.params.id);
      }
      const campaign = await getActiveCampaign(services, request.params.id);
      if (!campaign) throw notFound(CAMPAIGN_TEXTS.notFound);
      return campaign;
    },
  );

  app.post(
    '/api/campaigns',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['campaigns'],
        summary: 'Create a campaign (admin)',
        security: USER_SECURITY,
        body: CreateCampaignSchema,
        response: { 201: CampaignSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCampaign(services, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/campaigns/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['campaigns'],
        summary: 'Change a campaign (admin)',
        description:
          'A change of the name, slug, description, landing content or goal sends the campaign\'s `version` as read: ' +
          'stale or missing is 409 naming who saved since, and nothing is written. Switching it on or off alone may leave ' +
          'it out. Every save stores a revision and increments the version.',
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        body: UpdateCampaignSchema,
        response: { 200: CampaignSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateCampaign(services, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/campaigns/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['campaigns'],
        summary: 'Delete a campaign (admin)',
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCampaign(services, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- history and presence (issue 39 §1–§2, decisions 0080 and 0081) ---
  documentRevisionRoutes(app, {
    base: '/api/campaigns',
    tag: 'campaigns',
    noun: 'campaign',
    documentType: CAMPAIGN_DOCUMENT,
    permission: 'content.manage',
    db: services.database.db,
    documentSchema: CampaignSchema,
    fieldsSchema: CampaignRevisionFieldsSchema,
    autosaveSchema: AutosaveCampaignSchema,
    find: (id) => campaignRow(services.database.db, id),
    restore: (context) => restoreCampaignRevision(services, context),
    autosave: (context) => autosaveCampaign(services, context),
  });
}
