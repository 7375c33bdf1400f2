import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateLeadSchema, SuccessSchema } from '../../../shared/schemas/leads.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { requestMetaOf } from '../../plugins/auth.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { captureLead, leadDependencies, requestCountry } from './service.ts';

/** `POST /api/leads` (public, captcha). The admin routes (`GET /api/leads` …) are in admin-routes.ts. */
export async function leadRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/leads',
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: ['leads'],
        summary: 'Ask for the download link',
        description:
          'Stores the lead (one per e-mail address, case-insensitive: a repeat updates the first name and keeps the ' +
          'first source), then e-mails the download link and, when Kit is configured, subscribes the address. ' +
          'UTM parameters and the referrer are the landing page\'s. Needs a solved `captcha`; `website` is a honeypot.',
        body: CreateLeadSchema,
        response: { 200: SuccessSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { captcha, website, ...lead } = request.body;
      // Honeypot filled: a bot. Pretend success, store and send nothing.
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      await captureLead(leadDependencies(app.services), lead, { ...requestMetaOf(request), country: requestCountry(request, app.services.config.trustProxy) });
      app.metrics.leadSubmitted();
      return { success: true as const };
    },
  );
}
