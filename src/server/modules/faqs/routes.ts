import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateFaqSchema, FaqListQuerySchema, FaqSchema, UpdateFaqSchema } from '../../../shared/schemas/faqs.ts';
import { writeAudit } from '../audit/service.ts';
import { sendCachedJson } from '../banners/http-cache.ts';
import { createFaq, deleteFaq, listFaqs, updateFaq } from './service.ts';

const ErrorSchema = z.object({ error: z.string() });
const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** `GET /api/faqs?published=true` (public); everything else about FAQs is for admins (DESIGN §6). */
export async function faqRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;

  app.get(
    '/api/faqs',
    {
      schema: {
        tags: ['faqs'],
        summary: 'FAQs',
        description:
          '`published=true`: the published FAQs, for anyone. Without it (every FAQ) or with `published=false` ' +
          '(drafts only): admins only. In display order.',
        querystring: FaqListQuerySchema,
        response: { 200: z.array(FaqSchema), 304: z.null().describe('Not modified'), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.query.published === 'true') {
        return sendCachedJson(request, reply, { body: JSON.stringify(await listFaqs(db, true)) }, 'public, max-age=60');
      }
      await app.requireAdmin(request);
      reply.header('Cache-Control', 'no-store');
      return listFaqs(db, request.query.published === 'false' ? false : undefined);
    },
  );

  app.post(
    '/api/faqs',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['faqs'],
        summary: 'Add a FAQ (admin)',
        security: [{ bearerAuth: [] }],
        body: CreateFaqSchema,
        response: { 201: FaqSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const createdBy = request.caller?.kind === 'user' ? request.caller.user.id : null;
      const faq = await createFaq(db, request.body, createdBy);
      await writeAudit(db, request, { action: 'create', entity: 'faq', entityId: faq.id });
      return reply.status(201).send(faq);
    },
  );

  app.patch(
    '/api/faqs/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['faqs'],
        summary: 'Change a FAQ (admin)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: UpdateFaqSchema,
        response: { 200: FaqSchema, ...adminErrors },
      },
    },
    async (request) => {
      const faq = await updateFaq(db, request.params.id, request.body);
      await writeAudit(db, request, { action: 'update', entity: 'faq', entityId: faq.id, details: { fields: Object.keys(request.body) } });
      return faq;
    },
  );

  app.delete(
    '/api/faqs/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['faqs'],
        summary: 'Delete a FAQ (admin)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteFaq(db, request.params.id);
      await writeAudit(db, request, { action: 'delete', entity: 'faq', entityId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
