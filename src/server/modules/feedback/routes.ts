import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateFeedbackSchema } from '../../../shared/schemas/feedback.ts';
import { SuccessSchema } from '../../../shared/schemas/leads.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { requestMeta } from '../leads/routes.ts';
import { submitFeedback } from './service.ts';

const ErrorSchema = z.object({ error: z.string() });

/** `POST /api/feedback` (public, captcha). */
export async function feedbackRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/feedback',
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback',
        description: 'Stored, then e-mailed to the support address. Needs a solved `captcha`; `website` is a honeypot.',
        body: CreateFeedbackSchema,
        response: { 200: SuccessSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { captcha, website, ...input } = request.body;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      const { database, mailer, config } = app.services;
      await submitFeedback({ db: database.db, mailer, supportEmail: config.supportEmail }, input, requestMeta(request));
      return { success: true as const };
    },
  );
}
