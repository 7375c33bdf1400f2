import type { FastifyInstance } from 'fastify';
import { CreateFeedbackSchema } from '../../../shared/schemas/feedback.ts';
import { publicMessageRoute } from '../public-message.ts';
import { submitFeedback } from './service.ts';

/** `POST /api/feedback` (public, captcha). */
export async function feedbackRoutes(app: FastifyInstance) {
  publicMessageRoute(app, {
    url: '/api/feedback',
    tag: 'feedback',
    summary: 'Send feedback',
    body: CreateFeedbackSchema,
    submit: submitFeedback,
  });
}
