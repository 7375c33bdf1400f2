/**
 * `GET/POST /api/users`, `PATCH/DELETE /api/users/{id}`: user management for admins (spec §2, §6; docs/architecture.md §6).
 * Thin: schema and permission here; the rules live in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserSchema,
  ListUsersQuerySchema,
  ListUsersResponseSchema,
  UpdateUserSchema,
  UserIdParamsSchema,
  UserBulkResponseSchema,
  UserBulkSchema,
  UserSchema,
} from '../../../shared/schemas/accounts.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { bulkUsers, createUser, deleteUser, listUsers, updateUser } from './service.ts';

const TAGS = ['users'];
const security = USER_SECURITY;

export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Every route here is for signed-in admins (a JWT); API clients do not manage users. Checked on request, before
  // the body is validated: a caller without the right gets 401/403, not field errors.

  app.get(
    '/api/users',
    {
      onRequest: app.requirePermission('users.approve'),
      schema: {
        tags: TAGS,
        summary: 'List users',
        description:
          'Admins only. Answers `{ users, total }`: the spec\'s client reads `users`; `total` counts every user matching ' +
          '`search` (part of the e-mail or username, any case) and `status` (`pending` or `approved`), ignoring ' +
          '`limit` (≤ 200, default 200) and `offset`. Newest first. Never includes password hashes.',
        security,
        querystring: ListUsersQuerySchema,
        response: { 200: ListUsersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listUsers(services.database.db, request.query);
    },
  );

  app.post(
    '/api/users',
    {
      onRequest: app.requirePermission('users.manage'),
      schema: {
        tags: TAGS,
        summary: 'Create a user',
        description:
          'Admins only. A user created here counts as having confirmed the e-mail address. 409 when the e-mail or ' +
          'username is taken (any case).',
        security,
        body: CreateUserSchema,
        response: { 201: UserSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(services, { ...requestContext(request), input: request.body })),
  );

  app.post(
    '/api/users/bulk',
    {
      onRequest: app.requirePermission('users.approve'),
      schema: {
        tags: TAGS,
        summary: 'Approve, revoke or delete many users',
        description:
          'Admins only. `{ action: approve | revoke | delete, ids }` (1–200 ids). Each row goes through the same rules ' +
          'and audit entry as the single-user call; an admin cannot revoke or delete themselves, nor the last admin. ' +
          'Answers 200 with the ids done and the ids refused with the reason.',
        security,
        body: UserBulkSchema,
        response: { 200: UserBulkResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => bulkUsers(services, { ...requestContext(request), input: request.body }),
  );

  app.patch(
    '/api/users/:id',
    {
      onRequest: app.requirePermission('users.approve'),
      schema: {
        tags: TAGS,
        summary: 'Update a user',
        description:
          'Admins only. Any of username, email, password, isAdmin, isApproved; an empty or absent password keeps the ' +
          'current one. Approving e-mails the user. A new password, revoked approval or revoked admin role ends the ' +
          "user's sessions at once. 409 when the e-mail or username is taken, or when the last admin would lose the role.",
        security,
        params: UserIdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateUser(services, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: app.requirePermission('users.manage'),
      schema: {
        tags: TAGS,
        summary: 'Delete a user',
        description: 'Admins only. An admin cannot delete their own account (409), and the last admin cannot be deleted.',
        security,
        params: UserIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteUser(services, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );
}
