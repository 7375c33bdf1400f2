import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateFaqSchema, FaqListQuerySchema, FaqSchema, ReorderFaqsSchema, UpdateFaqSchema } from '../../../shared/schemas/faqs.ts';
import { sendCachedJson } from '../../lib/http-cache.ts';
import { errorResponses, OPTIONAL_USER_SECURITY, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { createFaq, deleteFaq, listFaqs, listPublishedFaqsWithHtml, reorderFaqs, updateFaq } from './service.ts';
import { contentWriteDeps } from '../../lib/content-events.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const adminErrors = errorResponses(400, 401, 403, 404);

/** `GET /api/faqs?published=true` (public); everything else about FAQs is for admins (docs/architecture.md §6). */
export async function faqRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const writes = contentWriteDeps(app.services);
  const { db } = writes;

  app.get(
    '/api/faqs',
    {
      config: { staffPermission: 'content.manage' },
      schema: {
        tags: ['faqs'],
        summary: 'FAQs',
        description:
          '`published=true`: the published FAQs, for anyone. Without it (every FAQ) or with `published=false` ' +
          '(drafts only): admins only. In display order. Answers are Markdown; the published list adds ' +
          '`answerHtml`, the answer rendered to sanitised HTML.',
        security: OPTIONAL_USER_SECURITY,
        querystring: FaqListQuerySchema,
        response: { 200: z.array(FaqSchema), 304: z.null().describe('Not modified'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (request.query.published === 'true') {
        return sendCachedJson(request, reply, { body: JSON.stringify(await listPublishedFaqsWithHtml(db)) }, 'public, max-age=60');
      }
      await app.requirePermission('content.manage')(request);
      reply.header('Cache-Control', 'no-store');
      return listFaqs(db, request.query.published === 'false' ? false : undefined);
    },
  );

  app.post(
    '/api/faqs',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['faqs'],
        summary: 'Add a FAQ (admin)',
        security: USER_SECURITY,
        body: CreateFaqSchema,
        response: { 201: FaqSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const faq = await createFaq(writes, { ...requestContext(request), input: request.body });
      return reply.status(201).send(faq);
    },
  );

  app.patch(
    '/api/faqs/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['faqs'],
        summary: 'Change a FAQ (admin)',
        security: USER_SECURITY,
        params: IdParamsSchema,
        body: UpdateFaqSchema,
        response: { 200: FaqSchema, ...adminErrors },
      },
    },
    async (request) => updateFaq(writes, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.post(
    '/api/faqs/reorder',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['faqs'],
        summary: 'Reorder the FAQs (admin)',
        description:
          'Every FAQ id once, in the new order; display orders become 0, 1, 2 … Answers with the whole list in ' +
          'its new order; 409 when the ids are not exactly the current FAQs (the list changed meanwhile).',
        security: USER_SECURITY,
        body: ReorderFaqsSchema,
        response: { 200: z.array(FaqSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => reorderFaqs(writes, { ...requestContext(request), input: request.body }),
  );

  app.delete(
    '/api/faqs/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['faqs'],
        summary: 'Delete a FAQ (admin)',
        security: USER_SECURITY,
        params: IdParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteFaq(writes, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
