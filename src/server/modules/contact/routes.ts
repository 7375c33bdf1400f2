import type { FastifyInstance } from 'fastify';
import { CreateContactMessageSchema } from '../../../shared/schemas/contact.ts';
import { publicMessageRoute } from '../public-message.ts';
import { submitContactMessage } from './service.ts';

/** `POST /api/contact` (public, captcha). */
export async function contactRoutes(app: FastifyInstance) {
  publicMessageRoute(app, {
    url: '/api/contact',
    tag: 'contact',
    summary: 'Send a message to the team',
    body: CreateContactMessageSchema,
    submit: submitContactMessage,
  });
}
