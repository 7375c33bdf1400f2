import type { FastifyInstance } from 'fastify';
import { NumericIdParamsSchema } from '../../../shared/schemas/fields.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAffiliateProductListSchema,
  AdminAffiliateProductSchema,
  AffiliateProductListQuerySchema,
  AffiliateProductSchema,
  CreateAffiliateProductSchema,
  PublicAffiliateProductListSchema,
  PublicAffiliateProductSchema,
  UpdateAffiliateProductSchema,
} from '../../../shared/schemas/affiliate-products.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import {
  createProduct,
  deleteProduct,
  getActiveProduct,
  getAdminProduct,
  listAdminProducts,
  listPublicProducts,
  updateProduct,
} from './service.ts';
import { actorCan } from '../../services.ts';

const writeErrors = errorResponses(400, 401, 403, 404);

/**
 * `/api/affiliate-products` (issue 12): admins manage every product; anyone reads the active ones (without the
 * commission rate or the raw affiliate link: the public follows `/go/{id}`, a page route that counts the click).
 */
export async function affiliateProductRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  app.get(
    '/api/affiliate-products',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['affiliate-products'],
        summary: 'Affiliate products (public: active ones; admin: every product with its 30-day clicks)',
        querystring: AffiliateProductListQuerySchema,
        response: {
          200: z.union([AdminAffiliateProductListSchema, PublicAffiliateProductListSchema]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'content.manage')) {
        reply.header('Cache-Control', 'no-store');
        return listAdminProducts(services, request.query);
      }
      return listPublicProducts(services, request.query);
    },
  );

  app.get(
    '/api/affiliate-products/:id',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['affiliate-products'],
        summary: 'One affiliate product (public: active only)',
        params: NumericIdParamsSchema,
        response: {
          200: z.union([AdminAffiliateProductSchema, PublicAffiliateProductSchema]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'content.manage')) {
        reply.header('Cache-Control', 'no-store');
        return getAdminProduct(services, request.params.id);
      }
      return getActiveProduct(services, request.params.id);
    },
  );

  app.post(
    '/api/affiliate-products',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['affiliate-products'],
        summary: 'Create an affiliate product (admin)',
        security: USER_SECURITY,
        body: CreateAffiliateProductSchema,
        response: { 201: AffiliateProductSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduct(services, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/affiliate-products/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['affiliate-products'],
        summary: 'Change an affiliate product (admin)',
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        body: UpdateAffiliateProductSchema,
        response: { 200: AffiliateProductSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateProduct(services, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/affiliate-products/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['affiliate-products'],
        summary: 'Delete an affiliate product (admin)',
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteProduct(services, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
