import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveBannerSchema,
  BannerSchema,
  CreateBannerSchema,
  UpdateBannerSchema,
} from '../../../shared/schemas/banners.ts';
import { sendCachedJson } from '../../lib/http-cache.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { ACTIVE_BANNERS_CACHE } from './hot-read.ts';
import { type BannerDependencies, createBanner, deleteBanner, listBanners, updateBanner } from './service.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const adminErrors = errorResponses(400, 401, 403, 404);

/** `GET /api/banners/active` (public, from memory) and the admin CRUD of `/api/banners`. */
export async function bannerRoutes(instance: FastifyInstance, { deps }: { deps: BannerDependencies }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/banners/active',
    {
      // Lean JSON (small, polled by every page): the same headers as its answer before Fastify (hot-read.ts).
      ...LEAN_JSON_ROUTE,
      onRequest: jsonSecurityHeaders,
      schema: {
        tags: ['banners'],
        summary: 'Banners to show now',
        description: 'Active banners within their start and end dates, by display order ascending. Supports ETag.',
        response: { 200: z.array(ActiveBannerSchema), 304: z.null().describe('Not modified') },
      },
    },
    // A ready JSON body from memory; short public caching, and unchanged polls cost a 304.
    async (request, reply) =>
      sendCachedJson(request, reply, await app.activeBanners.current(), ACTIVE_BANNERS_CACHE),
  );

  app.get(
    '/api/banners',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['banners'],
        summary: 'All banners (admin)',
        security: USER_SECURITY,
        response: { 200: z.array(BannerSchema), ...adminErrors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listBanners(deps.db);
    },
  );

  app.post(
    '/api/banners',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['banners'],
        summary: 'Create a banner (admin)',
        security: USER_SECURITY,
        body: CreateBannerSchema,
        response: { 201: BannerSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const banner = await createBanner(deps, { ...requestContext(request), input: request.body });
      return reply.status(201).send(banner);
    },
  );

  app.patch(
    '/api/banners/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['banners'],
        summary: 'Change a banner (admin)',
        security: USER_SECURITY,
        params: IdParamsSchema,
        body: UpdateBannerSchema,
        response: { 200: BannerSchema, ...adminErrors },
      },
    },
    async (request) =>
      updateBanner(deps, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/banners/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['banners'],
        summary: 'Delete a banner (admin)',
        security: USER_SECURITY,
        params: IdParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteBanner(deps, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
