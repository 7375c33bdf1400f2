/**
 * The API's own documentation: the OpenAPI document built from every route's schema (openapi.ts, which must see
 * every route: this module is registered before the others), `/docs` and the jot protocol page (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openApiPlugin } from './openapi.ts';
import { apiDocsRoutes } from './routes.ts';

export const apiDocsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(openApiPlugin);
    await app.register(apiDocsRoutes);
  },
  { name: 'api-docs', dependencies: ['security'] },
);
