import type { FastifyInstance } from 'fastify';
import { CreateContactMessageSchema } from '../../../shared/schemas/contact.ts';
import { publicFormRoute } from '../public-form.ts';
import { publicMessageDeps } from '../public-message.ts';
import { submitContactMessage } from './service.ts';

/** `POST /api/contact` (public, captcha). */
export async function contactRoutes(app: FastifyInstance) {
  publicFormRoute(app, {
    url: '/api/contact',
    tag: 'contact',
    summary: 'Send a message to the team',
    description: 'Stored, then e-mailed to the support address.',
    body: CreateContactMessageSchema,
    async submit(input, meta) {
      await submitContactMessage(publicMessageDeps(app.services), input, meta);
    },
  });
}
