/** `app.blog`: the blog CMS service (service.ts), a named plugin so routes, the page loaders and tests get it typed. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BlogService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    blog: BlogService;
  }
}

export const blogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('blog', new BlogService(app.services));
  },
  { name: 'blog' },
);
