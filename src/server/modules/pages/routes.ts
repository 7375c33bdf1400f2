import type { FastifyInstance } from 'fastify';
import { NumericIdParamsSchema } from '../../../shared/schemas/fields.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AutosavePageSchema, CreatePageSchema, PAGE_TEXTS, PageLinkListSchema, PageListQuerySchema, PageListSchema, PageSchema, PublicPageSchema, UpdatePageSchema } from '../../../shared/schemas/pages.ts';
import { safeString } from '../../../shared/schemas/text.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { publishedOrStaffList } from '../published-or-staff-list.ts';
import { requestContext } from '../../plugins/auth.ts';
import { PageRevisionFieldsSchema } from '../../../shared/schemas/revisions.ts';
import { documentRevisionRoutes } from '../document-revision-routes.ts';
import {
  autosavePage,
  createPage,
  deletePage,
  getPage,
  getPublishedPage,
  listPages,
  listPublishedPages,
  PAGE_DOCUMENT,
  pageRow,
  restorePageRevision,
  updatePage,
} from './service.ts';
import { actorCan } from '../../services.ts';
import { contentWriteDeps } from '../../lib/content-events.ts';

const IdOrSlugParams = z.object({ id: safeString('Page id').max(200, 'Page id must be at most 200 characters') });
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/** `/api/pages` (issue 12): published pages for anyone; everything else for admins. Served at `/p/{slug}`. */
export async function pageRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = contentWriteDeps(app.services);
  const { db } = deps;

  app.get(
    '/api/pages',
    {
      onRequest: app.identifyOptional,
      config: { staffPermission: 'content.manage' },
      schema: {
        tags: ['pages'],
        summary: 'Pages',
        description:
          '`published=true`: the published pages (title, slug, updatedAt) for anyone. Without it (every page) or ' +
          'with `published=false`: admins only. `q` searches title, slug and meta description (admins). Paged with ' +
          '`limit`/`offset`; answers `{ items, total }`.',
        querystring: PageListQuerySchema,
        response: { 200: z.union([PageListSchema, PageLinkListSchema]), ...errorResponses(400, 401, 403) },
      },
    },
    publishedOrStaffList(app, 'content.manage', { published: (query) => listPublishedPages(db, query), staff: (query) => listPages(db, query) }),
  );

  app.get(
    '/api/pages/:id',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['pages'],
        summary: 'One page (public: a published page by slug, with its HTML; admin: any page by id or slug)',
        params: IdOrSlugParams,
        response: { 200: z.union([PageSchema, PublicPageSchema]), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'content.manage')) {
        reply.header('Cache-Control', 'no-store');
        return getPage(db, request.params.id);
      }
      const page = await getPublishedPage(db, request.params.id);
      if (!page) throw notFound(PAGE_TEXTS.notFound);
      return page;
    },
  );

  app.post(
    '/api/pages',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['pages'], summary: 'Add a page (admin)', security: USER_SECURITY, body: CreatePageSchema, response: { 201: PageSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createPage(deps, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/pages/:id',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['pages'],
        summary: 'Change a page (admin)',
        description:
          'A blank slug regenerates it from the title. A change of the title, slug, content or meta description sends the ' +
          "page's `version` as read: stale or missing is 409 naming who saved since, and nothing is written. Every save " +
          'stores a revision and increments the version.',         security: USER_SECURITY,
        params: NumericIdParamsSchema,
        body: UpdatePageSchema,
        response: { 200: PageSchema, ...writeErrors },
      },
    },
    async (request) => updatePage(deps, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/pages/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['pages'], summary: 'Delete a page (admin)', security: USER_SECURITY, params: NumericIdParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await deletePage(deps, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- history and presence (issue 39 §1–§2, decisions 0080 and 0081) ---
  documentRevisionRoutes(app, {
    base: '/api/pages',
    tag: 'pages',
    noun: 'page',
    documentType: PAGE_DOCUMENT,
    permission: 'content.manage',
    db,
    documentSchema: PageSchema,
    fieldsSchema: PageRevisionFieldsSchema,
    autosaveSchema: AutosavePageSchema,
    find: (id) => pageRow(db, id),
    restore: (context) => restorePageRevision(deps, context),
    autosave: (context) => autosavePage(deps, context),
  });
}
