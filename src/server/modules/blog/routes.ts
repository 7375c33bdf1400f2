import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBlogPostDetailSchema,
  AdminBlogPostListSchema,
  AutosaveBlogPostSchema,
  BlogAdSchema,
  BlogCategoryWithCountSchema,
  BlogLikeResultSchema,
  BlogPostListQuerySchema,
  BLOG_SUBSCRIBE_SOURCE,
  BlogStatsSchema,
  BlogSubscribeSchema,
  BlogTagInputSchema,
  BlogTagSchema,
  BlogViewResultSchema,
  CreateBlogAdSchema,
  CreateBlogCategorySchema,
  CreateBlogPostSchema,
  PublicBlogPostListSchema,
  PublicBlogPostSchema,
  UpdateBlogAdSchema,
  UpdateBlogCategorySchema,
  UpdateBlogPostSchema,
} from '../../../shared/schemas/blog.ts';
import { NoFieldsSchema } from '../../../shared/schemas/sessions.ts';
import { BlogPostRevisionSchema, RestoreRevisionSchema, RevisionListSchema, RevisionParamsSchema, RevisionSummarySchema } from '../../../shared/schemas/revisions.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { requestContext } from '../../plugins/auth.ts';
import { assertCaptcha } from '../captcha/service.ts';
import { leadDependencies, requestCountry, subscribeToUpdates } from '../leads/service.ts';
import { safeString } from '../../../shared/schemas/text.ts';
import { createAd, listAds, removeAd, updateAd } from './ads.ts';
import { createPost, getAdminPost, getLivePostRow, listPosts, removePost, setPostReview, updatePost } from './posts.ts';
import { getPublishedPost } from './public-service.ts';
import { autosavePost, getPostRevision, listPostRevisions, readablePost, restorePostRevision } from './revisions.ts';
import { presenceRoute } from '../presence/route.ts';
import { blogStats, recordView, setLike } from './reactions.ts';
import { createCategory, createTag, listCategoriesWithCounts, listTags, removeCategory, removeTag, updateCategory, updateTag } from './taxonomy.ts';
import { actorCan, actorUserId } from '../../services.ts';

const NumericId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const PostId = z.object({ id: safeString('Post id').max(200) });
const adminErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const reactionErrors = errorResponses(400, 404, 429);


/** Blog CMS API (issue 11; docs/blog-api.md). */
export async function blogRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const blog = app.blog;
  const { config } = app.services;
  const reactionLimit = { max: Math.max(1, Math.round(60 * config.rateLimitMultiplier)), timeWindow: '1 minute' };

  // --- posts ---
  app.get(
    '/api/blog-posts',
    {
      onRequest: app.identifyOptional,
      config: { staffPermission: 'posts.write' },
      schema: {
        tags: ['blog'],
        summary: 'Blog posts (public: live posts; admin: every post with its status)',
        description:
          '`status=draft` and `status=scheduled` are for admins: without an admin bearer they answer 401 (anonymous) ' +
          'or 403, never a silently different list. `status=published` is allowed to anyone.',
        querystring: BlogPostListQuerySchema,
        response: { 200: z.union([AdminBlogPostListSchema, PublicBlogPostListSchema]), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'posts.write')) {
        reply.header('Cache-Control', 'no-store');
        // An author's admin list holds their own posts only (decision 0050).
        const authorId = actorCan(request.actor, 'posts.publish') ? undefined : (actorUserId(request.actor!) ?? undefined);
        return listPosts(blog, request.query, true, authorId);
      }
      // A filter the caller may not use is refused rather than ignored (issue 25).
      if (request.query.status && request.query.status !== 'published') await app.requirePermission('posts.write')(request);
      return listPosts(blog, request.query, false);
    },
  );

  app.get(
    '/api/blog-posts/:id',
    {
      onRequest: app.identifyOptional,
      schema: {
        tags: ['blog'],
        summary: 'One blog post by id or slug (public: live posts only; admin: any, with links)',
        params: PostId,
        response: { 200: z.union([AdminBlogPostDetailSchema, PublicBlogPostSchema]), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (actorCan(request.actor, 'posts.write')) {
        reply.header('Cache-Control', 'no-store');
        const post = await getAdminPost(blog, request.params.id, requestContext(request).actor);
        // The version a save must send back (decision 0064), also as the ETag of this answer.
        reply.header('ETag', `"${post.version}"`);
        return post;
      }
      const row = await getLivePostRow(blog, request.params.id);
      return (await getPublishedPost(app.services.database.db, row.slug, app.services.now()))!;
    },
  );

  app.post(
    '/api/blog-posts',
    { onRequest: app.requirePermission('posts.write'), schema: { tags: ['blog'], summary: 'Create a blog post with its ad links and related posts (admin; one transaction)', security: USER_SECURITY, body: CreateBlogPostSchema, response: { 201: AdminBlogPostDetailSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createPost(blog, { ...requestContext(request), input: request.body })),
  );

  app.patch(
    '/api/blog-posts/:id',
    {
      onRequest: app.requirePermission('posts.write'),
      schema: {
        tags: ['blog'],
        summary: 'Change a blog post, its ad links and related posts (admin; one transaction)',
        description:
          'Send the `version` the post was read with (decision 0064): a stale or missing version answers 409 with `conflict: { savedBy, savedAt, version }` ' +
          'naming who saved since, and nothing is written. Every save stores a revision and increments the version.',
        security: USER_SECURITY,
        params: PostId,
        body: UpdateBlogPostSchema,
        response: { 200: AdminBlogPostDetailSchema, ...writeErrors },
      },
    },
    async (request) => updatePost(blog, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );

  app.delete(
    '/api/blog-posts/:id',
    { onRequest: app.requirePermission('posts.write'), schema: { tags: ['blog'], summary: 'Delete a blog post (admin; an author: their own drafts)', security: USER_SECURITY, params: PostId, response: { 204: z.null(), ...adminErrors } } },
    async (request, reply) => {
      await removePost(blog, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- revisions (issue 39 §1, decision 0064): whoever may edit the post; an author only their own ---
  app.get(
    '/api/blog-posts/:id/revisions',
    { onRequest: app.requirePermission('posts.write'), schema: { tags: ['blog'], summary: "A post's revisions, newest first (saves, publishes, autosaves, restores)", security: USER_SECURITY, params: PostId, response: { 200: RevisionListSchema, ...adminErrors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listPostRevisions(blog, requestContext(request).actor, request.params.id);
    },
  );

  app.get(
    '/api/blog-posts/:id/revisions/:revisionId',
    { onRequest: app.requirePermission('posts.write'), schema: { tags: ['blog'], summary: 'One revision of a post with its fields as they were (a revision of another post: 404)', security: USER_SECURITY, params: RevisionParamsSchema, response: { 200: BlogPostRevisionSchema, ...adminErrors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getPostRevision(blog, requestContext(request).actor, request.params.id, request.params.revisionId);
    },
  );

  app.post(
    '/api/blog-posts/:id/revisions/:revisionId/restore',
    {
      onRequest: app.requirePermission('posts.write'),
      schema: {
        tags: ['blog'],
        summary: "Restore a revision's content as a new save (nothing is lost)",
        description: 'Saves the revision\'s content fields over the post (its publish state, slug and links stay) as a new `restore` revision. Send the post\'s `version`: stale or missing is 409, as for a save. A revision of another post is 404.',
        security: USER_SECURITY,
        params: RevisionParamsSchema,
        body: RestoreRevisionSchema,
        response: { 200: AdminBlogPostDetailSchema, ...writeErrors },
      },
    },
    async (request) => restorePostRevision(blog, { ...requestContext(request), input: { id: request.params.id, revisionId: request.params.revisionId, version: request.body.version } }),
  );

  app.post(
    '/api/blog-posts/:id/autosave',
    {
      onRequest: app.requirePermission('posts.write'),
      schema: {
        tags: ['blog'],
        summary: "Autosave the editor's unsaved text as a draft revision (the live post never changes)",
        description: 'The fields sent replace the post\'s in an `autosave` revision; the post, its version and the public pages stay as they are. Older autosaves beyond the last 50 revisions are pruned hourly.',
        security: USER_SECURITY,
        params: PostId,
        body: AutosaveBlogPostSchema,
        response: { 201: RevisionSummarySchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await autosavePost(blog, { actor: requestContext(request).actor, input: { id: request.params.id, changes: request.body } })),
  );

  // --- presence (decision 0081): who has the post open; whoever may read its history ---
  presenceRoute(app, {
    url: '/api/blog-posts/:id/presence',
    tag: 'blog',
    noun: 'post',
    documentType: 'blog_post',
    permission: 'posts.write',
    params: PostId,
    find: (id, actor) => readablePost(blog, id, actor),
  });

  // --- review (decision 0058): an author submits a draft, the author or an editor withdraws it ---
  app.post(
    '/api/blog-posts/:id/submit',
    {
      onRequest: app.requirePermission('posts.write'),
      schema: {
        tags: ['blog'],
        summary: 'Submit a draft for review (its author)',
        description: 'Marks the draft as waiting for an editor (`submittedForReviewAt`); already submitted answers the post as it is. Another person\'s post is 403; a published or scheduled post 409. Publishing or scheduling the post ends the review.',
        security: USER_SECURITY,
        params: PostId,
        body: NoFieldsSchema,
        response: { 200: AdminBlogPostDetailSchema, ...writeErrors },
      },
    },
    async (request) => setPostReview(blog, { ...requestContext(request), input: { id: request.params.id, submit: true } }),
  );

  app.post(
    '/api/blog-posts/:id/withdraw',
    {
      onRequest: app.requirePermission('posts.write'),
      schema: {
        tags: ['blog'],
        summary: 'Withdraw a draft from review (its author), or return it to its author (an editor)',
        description: 'The post stays a draft, no longer waiting for review; a post not waiting answers as it is. An author may withdraw only their own post (403 otherwise); whoever may publish may return anyone\'s.',
        security: USER_SECURITY,
        params: PostId,
        body: NoFieldsSchema,
        response: { 200: AdminBlogPostDetailSchema, ...writeErrors },
      },
    },
    async (request) => setPostReview(blog, { ...requestContext(request), input: { id: request.params.id, submit: false } }),
  );

  // --- views and likes (public, rate-limited) ---
  app.post(
    '/api/blog-posts/:id/view',
    { config: { rateLimit: reactionLimit }, schema: { tags: ['blog'], summary: 'Count a view (once per visitor per day; bots never)', params: PostId, response: { 200: BlogViewResultSchema, ...reactionErrors } } },
    async (request) => recordView(blog, request.params.id, requestContext(request).meta),
  );

  app.post(
    '/api/blog-posts/:id/like',
    { config: { rateLimit: reactionLimit }, schema: { tags: ['blog'], summary: 'Like a post (once per visitor)', params: PostId, response: { 200: BlogLikeResultSchema, ...reactionErrors } } },
    async (request) => setLike(blog, request.params.id, requestContext(request).meta, true),
  );

  app.delete(
    '/api/blog-posts/:id/like',
    { config: { rateLimit: reactionLimit }, schema: { tags: ['blog'], summary: 'Undo a like', params: PostId, response: { 200: BlogLikeResultSchema, ...reactionErrors } } },
    async (request) => setLike(blog, request.params.id, requestContext(request).meta, false),
  );

  // --- categories ---
  app.get(
    '/api/blog-categories',
    { schema: { tags: ['blog'], summary: 'Blog categories with their post counts', response: { 200: z.array(BlogCategoryWithCountSchema) } } },
    async () => listCategoriesWithCounts(blog.db),
  );
  app.post(
    '/api/blog-categories',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Create a category (admin)', security: USER_SECURITY, body: CreateBlogCategorySchema, response: { 201: BlogCategoryWithCountSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createCategory(blog, { ...requestContext(request), input: request.body })),
  );
  app.patch(
    '/api/blog-categories/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Change a category (admin)', security: USER_SECURITY, params: NumericId, body: UpdateBlogCategorySchema, response: { 200: BlogCategoryWithCountSchema, ...writeErrors } } },
    async (request) => updateCategory(blog, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );
  app.delete(
    '/api/blog-categories/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Delete an unused category (admin)', security: USER_SECURITY, params: NumericId, response: { 204: z.null(), ...writeErrors } } },
    async (request, reply) => {
      await removeCategory(blog, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- tags ---
  app.get('/api/blog-tags', { schema: { tags: ['blog'], summary: 'Blog tags with their post counts', response: { 200: z.array(BlogTagSchema) } } }, async () => listTags(blog.db));
  app.post(
    '/api/blog-tags',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Create a tag (admin)', security: USER_SECURITY, body: BlogTagInputSchema, response: { 201: BlogTagSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createTag(blog, { ...requestContext(request), input: request.body })),
  );
  app.patch(
    '/api/blog-tags/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Rename a tag everywhere (admin)', security: USER_SECURITY, params: NumericId, body: BlogTagInputSchema, response: { 200: BlogTagSchema, ...writeErrors } } },
    async (request) => updateTag(blog, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );
  app.delete(
    '/api/blog-tags/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Delete a tag from every post (admin)', security: USER_SECURITY, params: NumericId, response: { 204: z.null(), ...adminErrors } } },
    async (request, reply) => {
      await removeTag(blog, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- ads ---
  app.get(
    '/api/blog-ads',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Every ad (admin)', security: USER_SECURITY, response: { 200: z.array(BlogAdSchema), ...adminErrors } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listAds(blog.db);
    },
  );
  app.post(
    '/api/blog-ads',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Create an ad (admin)', security: USER_SECURITY, body: CreateBlogAdSchema, response: { 201: BlogAdSchema, ...adminErrors } } },
    async (request, reply) => reply.status(201).send(await createAd(blog, { ...requestContext(request), input: request.body })),
  );
  app.patch(
    '/api/blog-ads/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Change an ad (admin)', security: USER_SECURITY, params: NumericId, body: UpdateBlogAdSchema, response: { 200: BlogAdSchema, ...adminErrors } } },
    async (request) => updateAd(blog, { ...requestContext(request), input: { id: request.params.id, changes: request.body } }),
  );
  app.delete(
    '/api/blog-ads/:id',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Delete an ad (admin)', security: USER_SECURITY, params: NumericId, response: { 204: z.null(), ...adminErrors } } },
    async (request, reply) => {
      await removeAd(blog, { ...requestContext(request), input: { id: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  // --- Stay Updated (a lead with source blog-subscribe) ---
  app.post(
    '/api/blog-subscribe',
    {
      config: { rateLimit: app.rateLimitFor('publicForm') },
      schema: {
        tags: ['blog'],
        summary: "Subscribe to the blog (the 'Stay Updated' box)",
        description: 'Stores a lead with source `blog-subscribe` (one per address; a repeat keeps the first source) and its consent. With SUBSCRIBE_DOUBLE_OPT_IN (default) it e-mails a confirmation link and syncs to Kit only after the click. Needs a solved `captcha`; `website` is a honeypot.',
        body: BlogSubscribeSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { captcha, website, email } = request.body;
      if (website) return { success: true as const };
      await assertCaptcha(app.captcha, captcha);
      const meta = { ...requestContext(request).meta, country: requestCountry(request, config.trustProxy) };
      await subscribeToUpdates(leadDependencies(app.services), { email, source: BLOG_SUBSCRIBE_SOURCE }, meta);
      return { success: true as const };
    },
  );

  // --- stats ---
  app.get(
    '/api/blog-stats',
    { onRequest: app.requirePermission('content.manage'), schema: { tags: ['blog'], summary: 'Blog summary cards and analytics (admin)', security: USER_SECURITY, response: { 200: BlogStatsSchema, ...adminErrors } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return blogStats(blog);
    },
  );
}
