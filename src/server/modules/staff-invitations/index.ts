/**
 * Staff invitations (issue 36 §4; decision 0056): owners and admins invite people to the back-office with a role;
 * the invitee sets a password through the e-mailed link and is signed in. Not `invitations`, the public
 * "invite a friend" of the spec.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { staffInvitationRoutes } from './routes.ts';

export const staffInvitationsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(staffInvitationRoutes);
  },
  { name: 'staff-invitations', dependencies: ['auth', 'rate-limit', 'geoip', 'users'] },
);
