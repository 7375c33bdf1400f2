/**
 * `GET …/{id}/presence` of a document (issue 39 §2, decision 0081), written once for posts, pages and campaigns: a
 * `text/event-stream` of `presence` events, `{"editors":[{"userId":3,"name":"sam"}]}`, on connect and whenever someone
 * opens or leaves the document. The caller is on the list (the editor leaves itself out). Its module says who may read
 * the document (`find` answers 404 otherwise) and under what permission.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import type { RevisionDocumentType } from '../../../shared/schemas/revisions.ts';
import { users } from '../../db/schema.ts';
import { forbidden } from '../../lib/http-errors.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import type { Actor } from '../../services.ts';

export const PRESENCE_TEXTS = { staffOnly: 'Only a signed-in staff member can be shown as editing' } as const;

export function presenceRoute<Id extends string | number>(
  instance: FastifyInstance,
  document: {
    /** `/api/pages/:id/presence`. */
    url: string;
    tag: string;
    noun: string;
    documentType: RevisionDocumentType;
    permission: Permission;
    params: z.ZodType<{ id: Id }>;
    /** The document (its id names the topic), or its 404 unless it exists and `actor` may read it. */
    find(id: Id, actor: Actor): Promise<{ id: string | number }>;
  },
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { heartbeatMs, maxPerIp } = app.services.config.stream;
  app.get(
    document.url,
    {
      ...LEAN_JSON_ROUTE,
      onRequest: [jsonSecurityHeaders, app.requirePermission(document.permission)],
      schema: {
        tags: [document.tag],
        summary: `Who has this ${document.noun} open in an editor, live (Server-Sent Events)`,
        description:
          `A \`text/event-stream\` of \`presence\` events, \`{"editors":[{"userId":3,"name":"sam"}]}\` (the caller included), ` +
          `on connect and whenever someone opens or leaves the ${document.noun} in an editor, with a comment line every ` +
          `${Math.round(heartbeatMs / 1000)} s. Per instance. At most ${maxPerIp} open streams per address (429 beyond).`,
        security: USER_SECURITY,
        params: document.params,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('The event stream'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { actor } = requestContext(request);
      if (actor.kind !== 'user') throw forbidden(PRESENCE_TEXTS.staffOnly);
      // Parsed by `document.params` (the type provider cannot carry a generic schema's output here).
      const { id } = request.params as { id: Id };
      // The topic is the stored id, not the one typed in the address (a uuid in capitals is the same post).
      const found = await document.find(id, actor);
      const [user] = await app.services.database.db.select({ username: users.username }).from(users).where(eq(users.id, actor.userId));
      const topic = `${document.documentType}:${found.id}`;
      // Asked again at every heartbeat: a session ended, a role taken away or the document gone ends the stream.
      const recheck = async () => document.find(id, await app.recheckPermission(request, document.permission));
      return app.presence.open(request, reply, topic, { userId: actor.userId, name: user?.username ?? 'Someone' }, recheck);
    },
  );
}
