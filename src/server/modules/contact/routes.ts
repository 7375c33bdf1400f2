import type { FastifyInstance } from 'fastify';
import { CreateContactMessageSchema } from '../../../shared/schemas/contact.ts';
import { publicFormRoute } from '../public-form.ts';
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
      const { database, mailer, config } = app.services;
      await submitContactMessage({ db: database.db, mailer, supportEmail: config.supportEmail, brand: app.services.mailBrand }, input, meta);
    },
  });
}
