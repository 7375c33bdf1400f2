/**
 * The admin inbox (issue 10 §7): `GET /api/inbox`, `GET /api/inbox/unread-count`, `GET/PATCH /api/inbox/{type}/{id}`.
 * Admins only; thin routes over service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  InboxListQuerySchema,
  InboxListResponseSchema,
  InboxMessageParamsSchema,
  InboxMessageSchema,
  UnreadCountSchema,
  UpdateInboxMessageSchema,
} from '../../../shared/schemas/inbox.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { getInboxMessage, listInbox, unreadInboxCount, updateInboxMessage } from './service.ts';

const TAGS = ['inbox'];
const security = USER_SECURITY;

export async function inboxRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  // Encapsulated (no fastify-plugin): these hooks apply to this module's routes only.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/inbox',
    {
      onRequest: app.requirePermission('inbox.manage'),
      schema: {
        tags: TAGS,
        summary: 'Feedback and contact messages (admin)',
        description:
          'Admins only. Newest first, with a 160-character preview. `view=inbox` (default) lists messages not archived, ' +
          '`view=archived` the archived ones; `type` narrows to `feedback` or `contact`. `total` ignores limit and offset.',
        security,
        querystring: InboxListQuerySchema,
        response: { 200: InboxListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listInbox(services.database.db, request.query),
  );

  app.get(
    '/api/inbox/unread-count',
    {
      onRequest: app.requirePermission('inbox.manage'),
      schema: {
        tags: TAGS,
        summary: 'Unread inbox messages (admin)',
        description: 'Admins only. Messages neither read nor archived.',
        security,
        response: { 200: UnreadCountSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ unread: await unreadInboxCount(services.database.db) }),
  );

  app.get(
    '/api/inbox/:type/:id',
    {
      onRequest: app.requirePermission('inbox.manage'),
      schema: {
        tags: TAGS,
        summary: 'One message, whole (admin)',
        description: 'Admins only. Reading does not mark it read: the client does that with PATCH.',
        security,
        params: InboxMessageParamsSchema,
        response: { 200: InboxMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getInboxMessage(services.database.db, request.params),
  );

  app.patch(
    '/api/inbox/:type/:id',
    {
      onRequest: app.requirePermission('inbox.manage'),
      schema: {
        tags: TAGS,
        summary: 'Mark read / unread, archive / unarchive (admin)',
        description: 'Admins only. `{ isRead?, isArchived? }`; each change is audited (`inbox_message.mark_read`, …).',
        security,
        params: InboxMessageParamsSchema,
        body: UpdateInboxMessageSchema,
        response: { 200: InboxMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateInboxMessage(services, { ...requestContext(request), input: { ...request.params, changes: request.body } }),
  );
}
