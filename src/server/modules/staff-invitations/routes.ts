/**
 * `GET/POST /api/staff-invitations`, `DELETE /api/staff-invitations/{id}` for owners and admins, and the invitee's
 * public `POST /api/staff-invitations/lookup` and `POST /api/staff-invitations/accept` (decision 0056).
 * Thin: schema, permission and rate limit here; the rules live in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptStaffInvitationResponseSchema,
  AcceptStaffInvitationSchema,
  CreateStaffInvitationSchema,
  StaffInvitationIdParamsSchema,
  StaffInvitationListSchema,
  StaffInvitationLookupSchema,
  StaffInvitationPreviewSchema,
  StaffInvitationSchema,
} from '../../../shared/schemas/staff-invitations.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import {
  acceptStaffInvitation,
  createStaffInvitation,
  listStaffInvitations,
  previewStaffInvitation,
  revokeStaffInvitation,
} from './service.ts';

const TAGS = ['users'];
const security = USER_SECURITY;

export async function staffInvitationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // The public routes check a token and set a password: the auth limit (10 a minute per address).
  const config = { rateLimit: app.rateLimitFor('auth') };

  app.get(
    '/api/staff-invitations',
    {
      onRequest: app.requirePermission('users.manage'),
      schema: {
        tags: TAGS,
        summary: 'List pending staff invitations',
        description: 'Owners and admins. The invitations not yet accepted, newest first, expired ones included (`isExpired`). Never the link.',
        security,
        response: { 200: StaffInvitationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listStaffInvitations(services);
    },
  );

  app.post(
    '/api/staff-invitations',
    {
      onRequest: app.requirePermission('users.manage'),
      schema: {
        tags: TAGS,
        summary: 'Invite someone to the staff',
        description:
          'Owners and admins. E-mails `email` a single-use link to `/staff-invite?token=…`, valid 72 hours, to join with ' +
          '`role` — a staff role the caller may give (403 otherwise; only owners invite owners). Inviting an address ' +
          'again replaces its pending invitation (the old link stops working). 409 when the address already has an ' +
          'account: change its role instead.',
        security,
        body: CreateStaffInvitationSchema,
        response: { 201: StaffInvitationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createStaffInvitation(services, { ...requestContext(request), input: request.body })),
  );

  app.delete(
    '/api/staff-invitations/:id',
    {
      onRequest: app.requirePermission('users.manage'),
      schema: {
        tags: TAGS,
        summary: 'Revoke a staff invitation',
        description: 'Owners and admins. The link stops working at once. 404 for an unknown or already accepted invitation.',
        security,
        params: StaffInvitationIdParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeStaffInvitation(services, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/staff-invitations/lookup',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Read a staff invitation by its link',
        description:
          'Public: the token from the invitation e-mail (in the body, so no URL carries it). Answers the address, the ' +
          'role and who invited; 400 with a clear text when the link is unknown, expired or already used.',
        body: StaffInvitationLookupSchema,
        response: { 200: StaffInvitationPreviewSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return previewStaffInvitation(services, request.body.token);
    },
  );

  app.post(
    '/api/staff-invitations/accept',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Accept a staff invitation',
        description:
          'Public: the token from the invitation e-mail and a password (the sign-up rules). Creates a confirmed, approved ' +
          'account with the invited role and signs it in: the same answer as `POST /api/auth/signin`, and a session. ' +
          'The link works once; 400 when it is unknown, expired or used, 409 when the address has an account by now.',
        body: AcceptStaffInvitationSchema,
        response: { 200: AcceptStaffInvitationResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const context = requestContext(request);
      const { country } = app.locate(request);
      return acceptStaffInvitation(
        services,
        { signUserToken: app.signUserToken },
        { ...context, meta: { ...context.meta, country }, country, input: request.body },
      );
    },
  );
}
