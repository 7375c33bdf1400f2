/**
 * The history routes of a document with a number id — pages and campaigns (issue 39 §1–§2, decisions 0080 and 0081)
 * — written once: `{base}/:id/revisions`, `{base}/:id/revisions/:revisionId`, its `/restore`, `{base}/:id/autosave`
 * and `{base}/:id/presence`. The blog's post routes are the same five with a uuid and an author's own-post rule
 * (blog/routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '../../shared/permissions.ts';
import { NumericIdParamsSchema } from '../../shared/schemas/fields.ts';
import {
  NumericRevisionParamsSchema,
  RestoreRevisionSchema,
  type RevisionDocumentType,
  RevisionListSchema,
  type RevisionSummary,
  RevisionSummarySchema,
} from '../../shared/schemas/revisions.ts';
import type { Executor } from '../lib/sql.ts';
import { errorResponses, USER_SECURITY } from '../lib/openapi.ts';
import { requestContext } from '../plugins/auth.ts';
import type { RequestContext } from '../services.ts';
import { listRevisions, readRevision } from './document-revisions.ts';
import { presenceRoute } from './presence/route.ts';

interface DocumentHistory<DocumentSchema extends z.ZodType, FieldsSchema extends z.ZodType, Autosave extends z.ZodType> {
  /** `/api/pages`. */
  base: string;
  tag: string;
  /** "page": the summaries say "a page's revisions". */
  noun: string;
  documentType: RevisionDocumentType;
  permission: Permission;
  db: Executor;
  documentSchema: DocumentSchema;
  /** The content fields a revision keeps. */
  fieldsSchema: FieldsSchema;
  autosaveSchema: Autosave;
  /** Throws the document's 404 unless it exists. */
  find(id: number): Promise<{ id: number }>;
  restore(context: RequestContext & { input: { id: number; revisionId: number; version: number | undefined } }): Promise<z.output<DocumentSchema>>;
  autosave(context: Pick<RequestContext, 'actor'> & { input: { id: number; changes: z.output<Autosave> } }): Promise<RevisionSummary>;
}

export function documentRevisionRoutes<DocumentSchema extends z.ZodType, FieldsSchema extends z.ZodType, Autosave extends z.ZodType>(
  instance: FastifyInstance,
  history: DocumentHistory<DocumentSchema, FieldsSchema, Autosave>,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { base, tag, noun, documentType, permission, db } = history;
  const readErrors = errorResponses(400, 401, 403, 404);
  // Widened for the route options: the type provider cannot resolve a generic schema's reply type; the schemas
  // still validate and document every answer.
  const documentSchema: z.ZodType = history.documentSchema;
  const revisionSchema: z.ZodType = RevisionSummarySchema.extend({ fields: history.fieldsSchema });

  app.get(
    `${base}/:id/revisions`,
    { onRequest: app.requirePermission(permission), schema: { tags: [tag], summary: `A ${noun}'s revisions, newest first (saves, publishes, autosaves, restores)`, security: USER_SECURITY, params: NumericIdParamsSchema, response: { 200: RevisionListSchema, ...readErrors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await history.find(request.params.id);
      return listRevisions(db, documentType, request.params.id);
    },
  );

  app.get(
    `${base}/:id/revisions/:revisionId`,
    { onRequest: app.requirePermission(permission), schema: { tags: [tag], summary: `One revision of a ${noun} with its fields as they were (a revision of another document: 404)`, security: USER_SECURITY, params: NumericRevisionParamsSchema, response: { 200: revisionSchema, ...readErrors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await history.find(request.params.id);
      return readRevision(db, documentType, request.params.id, request.params.revisionId, history.fieldsSchema);
    },
  );

  app.post(
    `${base}/:id/revisions/:revisionId/restore`,
    {
      onRequest: app.requirePermission(permission),
      schema: {
        tags: [tag],
        summary: `Restore a revision's content as a new save of the ${noun} (nothing is lost)`,
        description: `Saves the revision's content fields over the ${noun} (its slug and whether it is live stay) as a new \`restore\` revision. Send the ${noun}'s \`version\`: stale or missing is 409, as for a save. A revision of another document is 404.`,
        security: USER_SECURITY,
        params: NumericRevisionParamsSchema,
        body: RestoreRevisionSchema,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      history.restore({ ...requestContext(request), input: { id: request.params.id, revisionId: request.params.revisionId, version: request.body.version } }),
  );

  app.post(
    `${base}/:id/autosave`,
    {
      onRequest: app.requirePermission(permission),
      schema: {
        tags: [tag],
        summary: `Autosave the editor's unsaved text as a draft revision (the live ${noun} never changes)`,
        description: `The fields sent replace the ${noun}'s in an \`autosave\` revision; the ${noun}, its version and the public pages stay as they are. Older autosaves beyond the last 50 revisions are pruned hourly.`,
        security: USER_SECURITY,
        params: NumericIdParamsSchema,
        body: history.autosaveSchema,
        response: { 201: RevisionSummarySchema, ...readErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await history.autosave({ actor: requestContext(request).actor, input: { id: request.params.id, changes: request.body as z.output<Autosave> } })),
  );

  presenceRoute(app, { url: `${base}/:id/presence`, tag, noun, documentType, permission, params: NumericIdParamsSchema, find: (id) => history.find(id) });
}
