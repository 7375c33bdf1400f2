/** `app.blog`: what the blog's service functions need (deps.ts), built once, typed for the routes and the tests. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BlogDeps, blogDeps } from './deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    blog: BlogDeps;
  }
}

export const blogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('blog', blogDeps(app.services));
  },
  { name: 'blog' },
);
