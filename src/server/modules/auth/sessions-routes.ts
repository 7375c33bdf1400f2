/**
 * `GET /api/auth/sessions`, `DELETE /api/auth/sessions/{id}`, `POST /api/auth/sessions/end-others` and
 * `POST /api/auth/signout` (issue 36 item 6; decision 0051): a signed-in person's own sessions. Thin: schema, permission and rate limit here; the rules in
 * sessions.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EndOtherSessionsResponseSchema,
  NoFieldsSchema,
  SessionIdParamsSchema,
  SessionListResponseSchema,
} from '../../../shared/schemas/sessions.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { currentSessionId, requestContext } from '../../plugins/auth.ts';
import { endOtherSessions, endSession, listSessions, type SessionContext } from './sessions.ts';

const TAGS = ['auth'];

function sessionContext(request: FastifyRequest): SessionContext {
  const context = requestContext(request);
  if (context.actor.kind !== 'user') throw new Error('requireUser let a non-user through');
  return { ...context, userId: context.actor.userId, currentSessionId: currentSessionId(request) };
}

export async function sessionRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Ending sessions is an auth write: the auth routes' limit (docs/architecture.md §6).
  const config = { rateLimit: app.rateLimitFor('auth') };

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: TAGS,
        summary: 'My sessions',
        description:
          'The signed-in devices of the account, newest first: device (from the browser at sign-in), country, when ' +
          'it signed in and was last active (updated at most once a minute). `isCurrent` marks the session of the ' +
          'token that asked. Signed-in users only: 401 for anyone else, API clients included.',
        security: USER_SECURITY,
        response: { 200: SessionListResponseSchema, ...errorResponses(401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request) => listSessions(services, sessionContext(request)),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'End a session',
        description:
          'Signs the device out at once, on every instance: its token answers 401 from the next request. Ending ' +
          'the current session is signing out. Only the account\'s own sessions: any other id answers 404. ' +
          'Audited as `session.end`.',
        security: USER_SECURITY,
        params: SessionIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      await endSession(services, { ...sessionContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sessions/end-others',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Sign out of all other devices',
        description:
          'Ends every session of the account except the one that asks, at once. `ended` is how many. Audited as ' +
          '`session.end_others`.',
        security: USER_SECURITY,
        body: NoFieldsSchema,
        response: { 200: EndOtherSessionsResponseSchema, ...errorResponses(400, 401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request) => endOtherSessions(services, sessionContext(request)),
  );

  app.post(
    '/api/auth/signout',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Sign out',
        description:
          'Ends the session of the token that asks, on every instance: the token answers 401 from the next request. ' +
          'Audited as `session.end`.',
        security: USER_SECURITY,
        body: NoFieldsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 429) },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const context = sessionContext(request);
      if (context.currentSessionId) await endSession(services, { ...context, input: { id: context.currentSessionId } });
      return reply.status(204).send(null);
    },
  );
}
