/** `/robots.txt` and `/sitemap.xml`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seoRoutes } from './routes.ts';

export const seoModule = fp(
  async (app: FastifyInstance) => {
    await app.register(seoRoutes);
  },
  { name: 'seo' },
);
