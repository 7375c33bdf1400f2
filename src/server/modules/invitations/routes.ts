import type { FastifyInstance } from 'fastify';
import { CreateInvitationSchema, INVITATION_RECIPIENT_LIMIT_ERROR } from '../../../shared/schemas/invitations.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { publicFormRoute } from '../public-form.ts';
import { sendInvitation } from './service.ts';

/** `POST /api/send-invitation-email` (public, captcha, per-IP and per-recipient limits). */
export async function invitationRoutes(app: FastifyInstance) {
  publicFormRoute(app, {
    url: '/api/send-invitation-email',
    tag: 'invitations',
    summary: 'Invite someone to try the app',
    description:
      'Stored, then e-mailed to the recipient. One address receives at most 3 invitations in 24 hours (429 with ' +
      'Retry-After).',
    body: CreateInvitationSchema,
    async submit(input, meta, reply) {
      const { database, mailer, config } = app.services;
      const result = await sendInvitation({ db: database.db, mailer, publicUrl: config.publicUrl }, input, meta);
      if (!result.sent) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new HttpError(429, INVITATION_RECIPIENT_LIMIT_ERROR);
      }
    },
  });
}
