/**
 * The blog (spec §5, issue 11; docs/blog-api.md): `app.blog` (what its service functions need, deps.ts), its routes,
 * and its part of the pages' data — posts, categories, a post's ads and related posts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPageParam } from '../../../shared/schemas/text.ts';
import { type BlogDeps, blogDeps } from './deps.ts';
import { getPublishedPost, listCategories, listPostAds, listPublishedPosts, listRelatedPosts } from './public-service.ts';
import { blogRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    blog: BlogDeps;
  }
}

export const blogModule = fp(
  async (app: FastifyInstance) => {
    const { db } = app.services.database;
    const now = () => app.services.now();
    app.decorate('blog', blogDeps(app.services));
    app.provideWebServices({
      listBlogPosts: () => listPublishedPosts(db, now()),
      // Path parameters are checked like the API's: unstorable or over-long text is a 404, never a query.
      getBlogPost: async (slug) => (isPageParam(slug) ? getPublishedPost(db, slug, now()) : null),
      listBlogCategories: () => listCategories(db),
      getBlogPostExtras: async (post) => {
        const [ads, related] = await Promise.all([listPostAds(db, post.id), listRelatedPosts(db, post, now())]);
        return { ads, related };
      },
    });
    await app.register(blogRoutes);
  },
  { name: 'blog', dependencies: ['auth', 'rate-limit', 'captcha', 'web-services', 'presence'] },
);
