/** `GET /api/admin/emails` (admin): every e-mail kind rendered with sample data, light and dark (issue 24). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MailPreviewListSchema } from '../../../shared/schemas/mail-previews.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { PREVIEW_DARK_CLASS } from './layout.tsx';
import { MAIL_PREVIEWS } from './previews.ts';

const SAMPLE_RECIPIENT = 'recipient@example.com';

export async function mailRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/emails',
    {
      onRequest: app.requirePermission('mail.preview'),
      schema: {
        tags: ['admin'],
        summary: 'Preview every e-mail the product sends (admin)',
        description: 'Each kind rendered with sample data: subject, HTML (light and dark), text part, and whether it carries an unsubscribe link.',
        security: USER_SECURITY,
        response: { 200: MailPreviewListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { mailBrand, unsubscribeLinks, config } = app.services;
      const context = { brand: mailBrand, links: unsubscribeLinks, downloadUrl: new URL('/download', config.publicUrl).toString(), supportEmail: config.supportEmail };
      const items = await Promise.all(
        MAIL_PREVIEWS.map(async (preview) => {
          const message = await preview.build(SAMPLE_RECIPIENT, context);
          return {
            kind: preview.kind,
            label: preview.label,
            description: preview.description,
            subject: message.subject,
            replyTo: message.replyTo ?? null,
            hasUnsubscribe: Boolean(message.unsubscribe),
            html: message.html,
            darkHtml: message.html.replace(/<html\b/, `<html class="${PREVIEW_DARK_CLASS}"`),
            text: message.text,
          };
        }),
      );
      return { items };
    },
  );
}
