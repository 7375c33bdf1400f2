import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveBannerSchema,
  BannerSchema,
  CreateBannerSchema,
  UpdateBannerSchema,
} from '../../../shared/schemas/banners.ts';
import { writeAudit } from '../audit/service.ts';
import { sendCachedJson } from './http-cache.ts';
import { BannerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Banners, with the in-memory list the public strip and the pages' loaders read. */
    banners: BannerService;
  }
}

const ErrorSchema = z.object({ error: z.string() });
const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** `GET /api/banners/active` (public, from memory) and the admin CRUD of `/api/banners`. */
export const bannerRoutes = fp(
  async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const service = new BannerService(app.services.database.db, {
      onError: (error) => app.log.error({ err: error }, 'reloading banners failed'),
    });
    app.decorate('banners', service);

    app.get(
      '/api/banners/active',
      {
        schema: {
          tags: ['banners'],
          summary: 'Banners to show now',
          description: 'Active banners within their start and end dates, by display order ascending. Supports ETag.',
          response: { 200: z.array(ActiveBannerSchema), 304: z.null().describe('Not modified') },
        },
      },
      // A ready JSON body from memory; short public caching, and unchanged polls cost a 304.
      async (request, reply) => sendCachedJson(request, reply, await service.activeBanners(), 'public, max-age=5, must-revalidate'),
    );

    app.get(
      '/api/banners',
      {
        preHandler: app.requireAdmin,
        schema: {
          tags: ['banners'],
          summary: 'All banners (admin)',
          security: [{ bearerAuth: [] }],
          response: { 200: z.array(BannerSchema), ...adminErrors },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.list();
      },
    );

    app.post(
      '/api/banners',
      {
        preHandler: app.requireAdmin,
        schema: {
          tags: ['banners'],
          summary: 'Create a banner (admin)',
          security: [{ bearerAuth: [] }],
          body: CreateBannerSchema,
          response: { 201: BannerSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const createdBy = request.caller?.kind === 'user' ? request.caller.user.id : null;
        const banner = await service.create(request.body, createdBy);
        await writeAudit(app.services.database.db, request, { action: 'create', entity: 'banner', entityId: banner.id });
        return reply.status(201).send(banner);
      },
    );

    app.patch(
      '/api/banners/:id',
      {
        preHandler: app.requireAdmin,
        schema: {
          tags: ['banners'],
          summary: 'Change a banner (admin)',
          security: [{ bearerAuth: [] }],
          params: IdParamsSchema,
          body: UpdateBannerSchema,
          response: { 200: BannerSchema, ...adminErrors },
        },
      },
      async (request) => {
        const banner = await service.update(request.params.id, request.body);
        await writeAudit(app.services.database.db, request, {
          action: 'update',
          entity: 'banner',
          entityId: banner.id,
          details: { fields: Object.keys(request.body) },
        });
        return banner;
      },
    );

    app.delete(
      '/api/banners/:id',
      {
        preHandler: app.requireAdmin,
        schema: {
          tags: ['banners'],
          summary: 'Delete a banner (admin)',
          security: [{ bearerAuth: [] }],
          params: IdParamsSchema,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.id);
        await writeAudit(app.services.database.db, request, { action: 'delete', entity: 'banner', entityId: request.params.id });
        return reply.status(204).send(null);
      },
    );
  },
  { name: 'banners', dependencies: ['auth'] },
);
