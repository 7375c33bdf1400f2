import type { FastifyInstance } from 'fastify';
import { CreateFeedbackSchema } from '../../../shared/schemas/feedback.ts';
import { publicFormRoute } from '../public-form.ts';
import { submitFeedback } from './service.ts';

/** `POST /api/feedback` (public, captcha). */
export async function feedbackRoutes(app: FastifyInstance) {
  publicFormRoute(app, {
    url: '/api/feedback',
    tag: 'feedback',
    summary: 'Send feedback',
    description: 'Stored, then e-mailed to the support address.',
    body: CreateFeedbackSchema,
    async submit(input, meta) {
      const { database, mailer, config } = app.services;
      await submitFeedback({ db: database.db, mailer, supportEmail: config.supportEmail, brand: app.services.mailBrand }, input, meta);
    },
  });
}
