import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRO_WAITLIST_SOURCE } from '../../../shared/constants.ts';
import { CreateLeadSchema, ProWaitlistSchema, SuccessSchema } from '../../../shared/schemas/leads.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { requestMetaOf } from '../../plugins/auth.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { captureLead, leadDependencies, requestCountry, subscribeToUpdates } from './service.ts';

/**
 * `POST /api/leads` and `POST /api/pro-waitlist` (public, captcha). The admin routes (`GET /api/leads` …) are in
 * admin-routes.ts.
 */
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

  app.post(
    '/api/pro-waitlist',
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: ['leads'],
        summary: 'Get notified when JotIt Pro launches',
        description:
          'Stores the address as a lead with source `pro-waitlist` (one lead per address: a repeat keeps the first ' +
          'source) with its consent, with no first name and no download e-mail. With SUBSCRIBE_DOUBLE_OPT_IN (default) ' +
          'it e-mails a confirmation link and syncs to Kit only after the click. Needs a solved `captcha`; `website` is a honeypot.',
        body: ProWaitlistSchema,
        response: { 200: SuccessSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { captcha, website, email } = request.body;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      // As the blog's Stay Updated box: consent recorded, double opt-in, no download e-mail.
      const meta = { ...requestMetaOf(request), country: requestCountry(request, app.services.config.trustProxy) };
      await subscribeToUpdates(leadDependencies(app.services), { email, source: PRO_WAITLIST_SOURCE }, meta);
      return { success: true as const };
    },
  );
}
