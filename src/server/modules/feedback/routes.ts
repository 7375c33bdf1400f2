import type { FastifyInstance } from 'fastify';
import { CreateFeedbackSchema } from '../../../shared/schemas/feedback.ts';
import { publicFormRoute } from '../public-form.ts';
import { publicMessageDeps } from '../public-message.ts';
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
      await submitFeedback(publicMessageDeps(app.services), input, meta);
    },
  });
}
