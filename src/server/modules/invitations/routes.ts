import type { FastifyInstance } from 'fastify';
import { CreateInvitationSchema } from '../../../shared/schemas/invitations.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { publicFormRoute } from '../public-form.ts';
import { sendInvitation } from './service.ts';

/** `POST /api/send-invitation-email` (public, captcha, per-network, per-recipient and site-wide limits; decision 0023). */
export async function invitationRoutes(app: FastifyInstance) {
  publicFormRoute(app, {
    url: '/api/send-invitation-email',
    tag: 'invitations',
    summary: 'Invite someone to try the app',
    description:
      'Stored, then e-mailed to the recipient. Names are plain names, not a brand or a role, in ordinary letters; ' +
      'the personal message may not carry anything a reader takes for a link or a domain (400, decision 0042). ' +
      'One address receives at most 1 invitation a week, one network (an IPv4 address or an IPv6 /64) sends at ' +
      'most 10 a day, and the site at most INVITATION_HOURLY_CAP an hour (429 with Retry-After). A recipient who ' +
      'unsubscribed from invitations gets nothing, and the answer is the same.',
    body: CreateInvitationSchema,
    async submit(input, meta, reply) {
      const { database, mailer, config, mailBrand, unsubscribeLinks } = app.services;
      const result = await sendInvitation(
        { db: database.db, mailer, brand: mailBrand, unsubscribe: unsubscribeLinks, hourlyCap: config.invitationHourlyCap },
        input,
        meta,
      );
      if (!result.sent) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new HttpError(429, result.error);
      }
    },
  });
}
