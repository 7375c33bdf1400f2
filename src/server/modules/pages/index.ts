/** Pages (issue 12): admin CRUD; `/p/{slug}` and the footer's links. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPageParam } from '../../../shared/schemas/text.ts';
import { pageRoutes } from './routes.ts';
import { getPublishedPage, listPublishedPages, listPublishedPageSlugs } from './service.ts';

export const pagesModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.services.database;
    app.provideWebServices({
      // Path parameters are checked like the API's: unstorable or over-long text is a 404, never a query.
      getPage: async (slug) => (isPageParam(slug) ? getPublishedPage(db, slug) : null),
      listPages: async () => (await listPublishedPages(db, { limit: 20 })).items,
      listPageSlugs: () => listPublishedPageSlugs(db),
    });
    await app.register(pageRoutes);
  },
  { name: 'pages', dependencies: ['auth', 'web-services', 'presence'] },
);
