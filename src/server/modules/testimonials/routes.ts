import type { FastifyInstance } from 'fastify';
import { NumericIdParamsSchema } from '../../../shared/schemas/fields.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTestimonialSchema,
  PublicTestimonialListSchema,
  TestimonialListQuerySchema,
  TestimonialListSchema,
  TestimonialSchema,
  UpdateTestimonialSchema,
} from '../../../shared/schemas/testimonials.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { publishedOrStaffList } from '../published-or-staff-list.ts';
import { requestContext } from '../../plugins/auth.ts';
import { createTestimonial, deleteTestimonial, getTestimonial, listPublishedTestimonials, listTestimonials, updateTestimonial } from './service.ts';
import { contentWriteDeps } from '../../lib/content-events.ts';

const adminErrors = errorResponses(400, 401, 403, 404);

/** `/api/testimonials` (issue 12): `?published=true` for anyone; everything else for admins. */
export async function testimonialRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = contentWriteDeps(app.services);
  const { db } = deps;

  app.get(
    '/api/testimonials',
    {
      onRequest: app.identifyOptional,
      config: { staffPermission: 'content.manage' },
      schema: {
        tags: ['testimonials'],
        summary: 'Testimonials',
        description:
          '`published=true`: the published testimonials, featured first, for anyone. Without it (every ' +
          'testimonial) or with `published=false`: admins only. `q` searches name, title, company and text (admins). ' +
          'Paged with `limit`/`offset`; answers `{ items, total }`.',
        querystring: TestimonialListQuerySchema,
        response: { 200: z.union([TestimonialListSchema, PublicTestimonialListSchema]), ...errorResponses(400, 401, 403) },
      },
    },
    publishedOrStaffList(app, 'content.manage', {
      published: (query) => listPublishedTestimonials(db, query),
      staff: (query) => listTestimonials(db, query),
    }),
  );

  app.get(
    '/api/testimonials/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: { tags: ['testimonials'], summary: 'One testimonial (admin)', security: USER_SECURITY, params: NumericIdParamsSchema, response: { 200: TestimonialSchema, ...adminErrors } },
    },
    async (request) => getTestimonial(db, request.params.id),
  );

  app.post(
    '/api/testimonials',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: { tags: ['testimonials'], summary: 'Add a testimonial (admin)', security: USER_SECURITY, body: CreateTestimonialSchema, response: { 201: TestimonialSchema, ...adminErrors } },
    },
    async (request, reply) => reply.status(201).send(await createTestimonial(deps, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/testimonials/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['testimonials'],
        summary: 'Change a testimonial (admin)',
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        body: UpdateTestimonialSchema,
        response: { 200: TestimonialSchema, ...adminErrors },
      },
    },
    async (request) => updateTestimonial(deps, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/testimonials/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: { tags: ['testimonials'], summary: 'Delete a testimonial (admin)', security: USER_SECURITY, params: NumericIdParamsSchema, response: { 204: z.null(), ...adminErrors } },
    },
    async (request, reply) => {
      await deleteTestimonial(deps, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
