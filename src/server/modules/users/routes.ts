/**
 * `GET/POST /api/users`, `PATCH/DELETE /api/users/{id}`: user management for admins (spec §2, §6; DESIGN §6).
 * Thin: schema and permission here; the rules live in service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserSchema,
  ListUsersQuerySchema,
  ListUsersResponseSchema,
  UpdateUserSchema,
  UserIdParamsSchema,
  UserSchema,
} from '../../../shared/schemas/accounts.ts';
import { errorResponses } from '../auth/routes.ts';
import { createUser, deleteUser, listUsers, updateUser } from './service.ts';

const TAGS = ['users'];
const security = [{ bearerAuth: [] }];

/** The signed-in admin's id (requireAdmin has run). */
function actorId(request: FastifyRequest): number {
  const caller = request.caller;
  if (caller?.kind !== 'user') throw new Error('requireAdmin let a non-user through');
  return caller.user.id;
}

export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Every route here is for signed-in admins (a JWT); API clients do not manage users.
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/users',
    {
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
    async (request, reply) => reply.status(201).send(await createUser(services, request, request.body)),
  );

  app.patch(
    '/api/users/:id',
    {
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
    async (request) => updateUser(services, request, actorId(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
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
      await deleteUser(services, request, actorId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
