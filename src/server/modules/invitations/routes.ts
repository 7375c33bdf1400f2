import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateInvitationSchema, INVITATION_RECIPIENT_LIMIT_ERROR } from '../../../shared/schemas/invitations.ts';
import { SuccessSchema } from '../../../shared/schemas/leads.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { requestMeta } from '../leads/routes.ts';
import { sendInvitation } from './service.ts';

const ErrorSchema = z.object({ error: z.string() });

/** `POST /api/send-invitation-email` (public, captcha, per-IP and per-recipient limits). */
export async function invitationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/send-invitation-email',
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone to try the app',
        description:
          'Stored, then e-mailed to the recipient. One address receives at most 3 invitations in 24 hours (429 with ' +
          'Retry-After). Needs a solved `captcha`; `website` is a honeypot.',
        body: CreateInvitationSchema,
        response: { 200: SuccessSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { captcha, website, ...input } = request.body;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      const { database, mailer, config } = app.services;
      const result = await sendInvitation({ db: database.db, mailer, publicUrl: config.publicUrl }, input, requestMeta(request));
      if (!result.sent) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new HttpError(429, INVITATION_RECIPIENT_LIMIT_ERROR);
      }
      return { success: true as const };
    },
  );
}
