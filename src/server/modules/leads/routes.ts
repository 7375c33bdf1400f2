import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRO_WAITLIST_SOURCE } from '../../../shared/constants.ts';
import { CreateLeadSchema, ProWaitlistSchema, SuccessSchema } from '../../../shared/schemas/leads.ts';
import { enqueueKitSync } from '../../jobs/kit.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { requestMetaOf } from '../../plugins/auth.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { captureLead, upsertLead } from './service.ts';

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
      await captureLead(
        { db: app.services.database.db, mailer: app.services.mailer, queue: app.services.queue, config: app.services.config },
        lead,
        requestMetaOf(request),
      );
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
          'source), with no first name and no download e-mail; the Kit sync is queued as for every lead. Needs a ' +
          'solved `captcha`; `website` is a honeypot.',
        body: ProWaitlistSchema,
        response: { 200: SuccessSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { captcha, website, email } = request.body;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      // As the blog's Stay Updated box: no first name (the upsert keeps a known one), no download e-mail.
      const lead = await upsertLead(app.services.database.db, { email, firstName: null as unknown as string, source: PRO_WAITLIST_SOURCE }, requestMetaOf(request));
      await enqueueKitSync(app.services.queue, app.services.config.kit, lead.id);
      return { success: true as const };
    },
  );
}
