/**
 * The blog CMS (issue 11): posts, categories, tags, ads, post-ad and related-post links, views, likes and stats.
 * Admin writes are audited and announced on `contentEvents` ('blog') so the public page cache drops its pages.
 * Time-dependent rules (scheduled posts, "today" for views) read the injectable clock `services.now()`.
 */
import { createHash } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminBlogPost,
  type AdminBlogPostDetail,
  type BlogAd,
  type BlogCategoryWithCount,
  type BlogLikeResult,
  type BlogPostAdLink,
  type BlogPostListQuerySchema,
  type BlogRelatedLink,
  type BlogStats,
  type BlogTag,
  type BlogViewResult,
  blogPostStatus,
  BLOG_TEXTS,
  type CreateBlogAdSchema,
  type CreateBlogCategorySchema,
  type CreateBlogPostInput,
  type BlogTagInputSchema,
  estimateReadTime,
  type PublicBlogPostSummary,
  type SetBlogPostAdsSchema,
  type SetRelatedPostsSchema,
  type UpdateBlogAdSchema,
  type UpdateBlogCategorySchema,
  type UpdateBlogPostInput,
} from '../../../shared/schemas/blog.ts';
import type { Database } from '../../db/client.ts';
import {
  affiliateProducts,
  blogAds,
  blogCategories,
  blogPostAds,
  blogPostDailyViews,
  blogPostLikes,
  blogPosts,
  blogPostVisitors,
  blogRelatedPosts,
  blogTags,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import type { Visitor } from '../../lib/visitor-key.ts';
import { actorUserId, type AppServices, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { toSummary } from './public-service.ts';

type PostRow = typeof blogPosts.$inferSelect;
type AdRow = typeof blogAds.$inferSelect;
type ListQuery = z.output<typeof BlogPostListQuerySchema>;

export const POST_NOT_FOUND = 'Blog post not found';
export const CATEGORY_NOT_FOUND = 'Category not found';
export const TAG_NOT_FOUND = 'Tag not found';
export const AD_NOT_FOUND = 'Ad not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A slug from any text; a title without a single letter or digit (emoji only) still gets one. */
export function slugOf(text: string, fallback = 'post'): string {
  const slug = slugify(text).slice(0, 180).replace(/-+$/, '');
  return slug || fallback;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Published and its date has passed: what the public sees. */
export const liveAt = (now: Date) => and(eq(blogPosts.isPublished, true), or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)));

const statusCondition = (status: 'draft' | 'scheduled' | 'published', now: Date): SQL | undefined => {
  if (status === 'draft') return eq(blogPosts.isPublished, false);
  if (status === 'scheduled') return and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, now));
  return liveAt(now);
};


export function toAdminPost(row: PostRow, now: Date): AdminBlogPost {
  const publishedAt = row.publishedAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    authorName: row.authorName,
    authorBio: row.authorBio,
    authorAvatarUrl: row.authorAvatarUrl,
    category: row.category,
    tags: row.tags,
    featuredImageUrl: row.featuredImageUrl,
    isPublished: row.isPublished,
    isFeatured: row.isFeatured,
    status: blogPostStatus({ isPublished: row.isPublished, publishedAt }, now.getTime()),
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    readTimeMinutes: row.readTimeMinutes,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    publishedAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
  };
}

function toAd(row: AdRow, postCount = 0): BlogAd {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    content: row.content,
    imageUrl: row.imageUrl,
    altText: row.altText,
    targetUrl: row.targetUrl,
    position: row.position,
    priority: row.priority,
    isActive: row.isActive,
    affiliateProductId: row.affiliateProductId,
    postCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
  };
}

const toLink = (row: typeof blogPostAds.$inferSelect): BlogPostAdLink => ({
  id: row.id,
  postId: row.postId,
  adId: row.adId,
  position: row.position as BlogPostAdLink['position'],
  createdAt: row.createdAt.toISOString(),
});

/** Post columns from the snake_case input (only the keys that were sent). */
function postColumns(input: UpdateBlogPostInput): Partial<typeof blogPosts.$inferInsert> {
  const columns: Partial<typeof blogPosts.$inferInsert> = {};
  const set = <K extends keyof typeof blogPosts.$inferInsert>(key: K, value: (typeof blogPosts.$inferInsert)[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('title', input.title);
  set('excerpt', input.excerpt);
  set('content', input.content);
  set('featuredImageUrl', input.featured_image_url);
  set('metaTitle', input.meta_title);
  set('metaDescription', input.meta_description);
  set('metaKeywords', input.meta_keywords);
  set('authorName', input.author_name);
  set('authorBio', input.author_bio);
  set('authorAvatarUrl', input.author_avatar_url);
  set('tags', input.tags);
  set('readTimeMinutes', input.read_time_minutes);
  set('isPublished', input.is_published);
  set('isFeatured', input.is_featured);
  set('publishedAt', input.published_at);
  return columns;
}

export class BlogService {
  constructor(private readonly services: AppServices) {}

  private get db(): Database {
    return this.services.database.db;
  }

  private now(): Date {
    return this.services.now();
  }

  private changed(): void {
    this.services.contentEvents.emit('blog');
  }

  // --- posts ---------------------------------------------------------------------------------------------------

  async listPosts(query: ListQuery, admin: true): Promise<{ items: AdminBlogPost[]; total: number }>;
  async listPosts(query: ListQuery, admin: false): Promise<{ items: PublicBlogPostSummary[]; total: number }>;
  async listPosts(query: ListQuery, admin: boolean) {
    const now = this.now();
    const conditions: Array<SQL | undefined> = [];
    if (!admin) conditions.push(liveAt(now));
    else if (query.status) conditions.push(statusCondition(query.status, now));
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.slug, pattern)));
    }
    if (query.category) {
      const [category] = await this.db
        .select({ name: blogCategories.name })
        .from(blogCategories)
        .where(or(eq(blogCategories.slug, query.category.toLowerCase()), sql`lower(${blogCategories.name}) = lower(${query.category})`));
      conditions.push(eq(blogPosts.category, category?.name ?? query.category));
    }
    if (query.tag) conditions.push(sql`${blogPosts.tags} @> ARRAY[${query.tag}]::text[]`);
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.createdAt))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(blogPosts).where(where),
    ]);
    return { items: rows.map((row) => (admin ? toAdminPost(row, now) : toSummary(row))), total: total?.total ?? 0 };
  }

  private async findPost(db: Executor, idOrSlug: string): Promise<PostRow | undefined> {
    const [row] = await db
      .select()
      .from(blogPosts)
      .where(isUuid(idOrSlug) ? or(eq(blogPosts.id, idOrSlug), eq(blogPosts.slug, idOrSlug)) : eq(blogPosts.slug, idOrSlug));
    return row;
  }

  /** A post by id or slug for an admin: with its related-post ids and ad links. */
  async getAdminPost(idOrSlug: string): Promise<AdminBlogPostDetail> {
    const row = await this.findPost(this.db, idOrSlug);
    if (!row) throw notFound(POST_NOT_FOUND);
    const [related, links] = await Promise.all([
      this.db.select().from(blogRelatedPosts).where(eq(blogRelatedPosts.postId, row.id)).orderBy(asc(blogRelatedPosts.id)),
      this.db.select().from(blogPostAds).where(eq(blogPostAds.postId, row.id)).orderBy(asc(blogPostAds.id)),
    ]);
    return { ...toAdminPost(row, this.now()), relatedPostIds: related.map((link) => link.relatedPostId), adLinks: links.map(toLink) };
  }

  /** The row of a live post by id or slug, or 404 (drafts and scheduled posts do not exist for the public). */
  async getLivePostRow(idOrSlug: string): Promise<PostRow> {
    const row = await this.findPost(this.db, idOrSlug);
    const now = this.now();
    if (!row || !row.isPublished || (row.publishedAt && row.publishedAt > now)) throw notFound(POST_NOT_FOUND);
    return row;
  }

  /** A category name or slug from the categories table → its name; unknown → 400. */
  private async categoryName(db: Executor, value: string): Promise<string> {
    const [category] = await db
      .select({ name: blogCategories.name })
      .from(blogCategories)
      .where(or(sql`lower(${blogCategories.name}) = lower(${value})`, eq(blogCategories.slug, value.toLowerCase())))
      .limit(1);
    if (!category) throw badRequest(BLOG_TEXTS.unknownCategory(value), [{ field: 'category', message: BLOG_TEXTS.unknownCategory(value) }]);
    return category.name;
  }

  /** `base`, else `base-2`, `base-3`… — the first slug no other post uses. */
  private async uniqueSlug(db: Executor, base: string, exceptId?: string): Promise<string> {
    const rows = await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(or(eq(blogPosts.slug, base), sql`${blogPosts.slug} ~ ${`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9]+$`}`), exceptId ? ne(blogPosts.id, exceptId) : undefined));
    const taken = new Set(rows.map((row) => row.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  private async assertSlugFree(db: Executor, slug: string, exceptId?: string): Promise<void> {
    const [row] = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, slug), exceptId ? ne(blogPosts.id, exceptId) : undefined));
    if (row) throw conflict(BLOG_TEXTS.slugTaken(slug));
  }

  /** The tags table holds every tag a post uses (kept in step on each save). */
  private async syncTags(db: Executor, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    const existing = await db.select({ name: blogTags.name }).from(blogTags).where(inArray(sql`lower(${blogTags.name})`, tags.map((t) => t.toLowerCase())));
    const known = new Set(existing.map((row) => row.name.toLowerCase()));
    for (const name of tags) {
      if (known.has(name.toLowerCase())) continue;
      const base = slugOf(name, `tag-${sha256(name).slice(0, 8)}`);
      const taken = await db.select({ slug: blogTags.slug }).from(blogTags).where(sql`${blogTags.slug} = ${base} or ${blogTags.slug} like ${`${escapeLike(base)}-%`}`);
      const slugs = new Set(taken.map((row) => row.slug));
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      await db.insert(blogTags).values({ name, slug }).onConflictDoNothing();
      known.add(name.toLowerCase());
    }
  }

  /** Spec §4: saved as published without a date → now. */
  private publishedAt(isPublished: boolean, publishedAt: Date | null | undefined, current: Date | null): Date | null {
    if (publishedAt !== undefined && publishedAt !== null) return publishedAt;
    if (publishedAt === null) return isPublished ? this.now() : null;
    return current ?? (isPublished ? this.now() : null);
  }

  async createPost({ actor, meta, input }: RequestContext & { input: CreateBlogPostInput }): Promise<AdminBlogPost> {
    const post = await this.db.transaction(async (tx) => {
      const category = await this.categoryName(tx, input.category);
      let slug: string;
      if (input.slug) {
        await this.assertSlugFree(tx, input.slug);
        slug = input.slug;
      } else slug = await this.uniqueSlug(tx, slugOf(input.title));
      const [row] = await tx
        .insert(blogPosts)
        .values({
          ...postColumns(input),
          title: input.title,
          content: input.content,
          slug,
          category,
          readTimeMinutes: input.read_time_minutes ?? estimateReadTime(input.content),
          publishedAt: this.publishedAt(input.is_published, input.published_at, null),
          createdBy: actorUserId(actor),
          createdAt: this.now(),
          updatedAt: this.now(),
        })
        .returning();
      await this.syncTags(tx, input.tags);
      await writeAudit(tx, { actor, meta }, { action: 'blog_post.create', entityId: row!.id, details: { slug } });
      return toAdminPost(row!, this.now());
    });
    this.changed();
    return post;
  }

  async updatePost({ actor, meta, input: { id, changes } }: RequestContext & { input: { id: string; changes: UpdateBlogPostInput } }): Promise<AdminBlogPost> {
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    const post = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!current) throw notFound(POST_NOT_FOUND);
      const columns = postColumns(changes);
      if (changes.category !== undefined) columns.category = await this.categoryName(tx, changes.category);
      if (changes.slug) {
        if (changes.slug !== current.slug) await this.assertSlugFree(tx, changes.slug, id);
        columns.slug = changes.slug;
      } else if (changes.slug === null) {
        columns.slug = await this.uniqueSlug(tx, slugOf(changes.title ?? current.title), id);
      }
      const isPublished = changes.is_published ?? current.isPublished;
      if (changes.is_published !== undefined || changes.published_at !== undefined) {
        columns.publishedAt = this.publishedAt(isPublished, changes.published_at, current.publishedAt);
      }
      const [row] = await tx
        .update(blogPosts)
        .set({ ...columns, updatedAt: new Date(Math.max(this.now().getTime(), current.updatedAt.getTime() + 1)) })
        .where(eq(blogPosts.id, id))
        .returning();
      if (changes.tags) await this.syncTags(tx, changes.tags);
      await writeAudit(tx, { actor, meta }, { action: 'blog_post.update', entityId: id, details: { fields: Object.keys(changes) } });
      return toAdminPost(row!, this.now());
    });
    this.changed();
    return post;
  }

  async removePost({ actor, meta, input: { id } }: RequestContext & { input: { id: string } }): Promise<void> {
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, slug: blogPosts.slug });
      if (deleted.length === 0) throw notFound(POST_NOT_FOUND);
      await writeAudit(tx, { actor, meta }, { action: 'blog_post.delete', entityId: id, details: { slug: deleted[0]!.slug } });
    });
    this.changed();
  }

  private async requirePost(db: Executor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
    if (!row) throw notFound(POST_NOT_FOUND);
  }

  async setPostAds({ actor, meta, input: { id, links } }: RequestContext & { input: { id: string } & z.output<typeof SetBlogPostAdsSchema> }): Promise<BlogPostAdLink[]> {
    const result = await this.db.transaction(async (tx) => {
      await this.requirePost(tx, id);
      const adIds = [...new Set(links.map((link) => link.ad_id))];
      if (adIds.length > 0) {
        const found = await tx.select({ id: blogAds.id }).from(blogAds).where(inArray(blogAds.id, adIds));
        if (found.length !== adIds.length) throw badRequest('Unknown ad in the links');
      }
      await tx.delete(blogPostAds).where(eq(blogPostAds.postId, id));
      const rows =
        links.length === 0
          ? []
          : await tx
              .insert(blogPostAds)
              .values(links.map((link) => ({ postId: id, adId: link.ad_id, position: link.position })))
              .returning();
      await writeAudit(tx, { actor, meta }, { action: 'blog_post.update', entityId: id, details: { fields: ['ads'], ads: links.length } });
      return rows.map(toLink);
    });
    this.changed();
    return result;
  }

  async setRelatedPosts({ actor, meta, input: { id, related_post_ids } }: RequestContext & { input: { id: string } & z.output<typeof SetRelatedPostsSchema> }): Promise<BlogRelatedLink[]> {
    const result = await this.db.transaction(async (tx) => {
      await this.requirePost(tx, id);
      const ids = [...new Set(related_post_ids)].filter((other) => other !== id);
      if (ids.length > 0) {
        const found = await tx.select({ id: blogPosts.id }).from(blogPosts).where(inArray(blogPosts.id, ids));
        if (found.length !== ids.length) throw badRequest('Unknown post in the related posts');
      }
      await tx.delete(blogRelatedPosts).where(eq(blogRelatedPosts.postId, id));
      const rows = ids.length === 0 ? [] : await tx.insert(blogRelatedPosts).values(ids.map((relatedPostId) => ({ postId: id, relatedPostId }))).returning();
      await writeAudit(tx, { actor, meta }, { action: 'blog_post.update', entityId: id, details: { fields: ['related'], related: ids.length } });
      return rows.map((row) => ({ id: row.id, postId: row.postId, relatedPostId: row.relatedPostId, createdAt: row.createdAt.toISOString() }));
    });
    this.changed();
    return result;
  }

  // --- views and likes -----------------------------------------------------------------------------------------

  /**
   * Counted at most once per visitor per UTC day (the server-side visitor key, decision 0021: the network, not the
   * user agent or a cookie); bots never, and nothing past the per-network counting rate.
   */
  async recordView(idOrSlug: string, visitor: Visitor): Promise<BlogViewResult> {
    const post = await this.getLivePostRow(idOrSlug);
    const now = this.now();
    const visitorHash = this.services.visitors.countable(visitor, now);
    if (!visitorHash) return { counted: false, viewCount: post.viewCount, likeCount: post.likeCount };
    const day = utcDay(now);
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(blogPostVisitors).values({ postId: post.id, day, visitorHash }).onConflictDoNothing().returning({ day: blogPostVisitors.day });
      if (inserted.length === 0) return { counted: false, viewCount: post.viewCount, likeCount: post.likeCount };
      await tx
        .insert(blogPostDailyViews)
        .values({ postId: post.id, day, views: 1 })
        .onConflictDoUpdate({ target: [blogPostDailyViews.postId, blogPostDailyViews.day], set: { views: sql`${blogPostDailyViews.views} + 1` } });
      const [row] = await tx
        .update(blogPosts)
        .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
        .where(eq(blogPosts.id, post.id))
        .returning({ viewCount: blogPosts.viewCount, likeCount: blogPosts.likeCount });
      return { counted: true, viewCount: row!.viewCount, likeCount: row!.likeCount };
    });
  }

  /**
   * Like (once per visitor) or undo. The visitor is the server's like key (decision 0021), so no cookie can mint
   * another like; a bot changes nothing and gets the current count. No per-minute counting cap here: a visitor
   * can add at most one like per post, ever.
   */
  async setLike(idOrSlug: string, visitor: Visitor, liked: boolean): Promise<BlogLikeResult> {
    const post = await this.getLivePostRow(idOrSlug);
    const browserHash = this.services.visitors.likeKey(visitor);
    if (!browserHash) return { liked: false, likeCount: post.likeCount };
    return this.db.transaction(async (tx) => {
      const changed = liked
        ? await tx.insert(blogPostLikes).values({ postId: post.id, browserHash }).onConflictDoNothing().returning({ postId: blogPostLikes.postId })
        : await tx
            .delete(blogPostLikes)
            .where(and(eq(blogPostLikes.postId, post.id), eq(blogPostLikes.browserHash, browserHash)))
            .returning({ postId: blogPostLikes.postId });
      if (changed.length === 0) {
        const [row] = await tx.select({ likeCount: blogPosts.likeCount }).from(blogPosts).where(eq(blogPosts.id, post.id));
        return { liked, likeCount: row!.likeCount };
      }
      const [row] = await tx
        .update(blogPosts)
        .set({ likeCount: sql`greatest(${blogPosts.likeCount} + ${liked ? 1 : -1}, 0)` })
        .where(eq(blogPosts.id, post.id))
        .returning({ likeCount: blogPosts.likeCount });
      return { liked, likeCount: row!.likeCount };
    });
  }

  // --- categories ----------------------------------------------------------------------------------------------

  async listCategories(): Promise<BlogCategoryWithCount[]> {
    const [rows, counts] = await Promise.all([
      this.db.select().from(blogCategories).orderBy(asc(blogCategories.name)),
      this.db.select({ name: blogPosts.category, n: count() }).from(blogPosts).groupBy(blogPosts.category),
    ]);
    const byName = new Map(counts.map((row) => [row.name, row.n]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      color: row.color,
      postCount: byName.get(row.name) ?? 0,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  private async categoryById(id: number): Promise<BlogCategoryWithCount> {
    const category = (await this.listCategories()).find((item) => item.id === id);
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    return category;
  }

  private async assertCategoryFree(db: Executor, name: string, slug: string, exceptId?: number): Promise<void> {
    const [row] = await db
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(and(or(sql`lower(${blogCategories.name}) = lower(${name})`, eq(blogCategories.slug, slug)), exceptId ? ne(blogCategories.id, exceptId) : undefined));
    if (row) throw conflict(BLOG_TEXTS.categoryTaken);
  }

  async createCategory({ actor, meta, input }: RequestContext & { input: z.output<typeof CreateBlogCategorySchema> }): Promise<BlogCategoryWithCount> {
    const id = await this.db.transaction(async (tx) => {
      const slug = input.slug ?? slugOf(input.name, 'category');
      await this.assertCategoryFree(tx, input.name, slug);
      const [row] = await tx
        .insert(blogCategories)
        .values({ name: input.name, slug, description: input.description ?? null, color: input.color ?? null })
        .returning({ id: blogCategories.id });
      await writeAudit(tx, { actor, meta }, { action: 'blog_category.create', entityId: row!.id, details: { slug } });
      return row!.id;
    });
    this.changed();
    return this.categoryById(id);
  }

  async updateCategory({ actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateBlogCategorySchema> } }): Promise<BlogCategoryWithCount> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      const name = changes.name ?? current.name;
      const slug = changes.slug === null ? slugOf(name, 'category') : (changes.slug ?? current.slug);
      await this.assertCategoryFree(tx, name, slug, id);
      await tx
        .update(blogCategories)
        .set({ name, slug, ...(changes.description !== undefined ? { description: changes.description } : {}), ...(changes.color !== undefined ? { color: changes.color } : {}) })
        .where(eq(blogCategories.id, id));
      // Posts name their category: a rename follows into them.
      if (name !== current.name) await tx.update(blogPosts).set({ category: name }).where(eq(blogPosts.category, current.name));
      await writeAudit(tx, { actor, meta }, { action: 'blog_category.update', entityId: id, details: { fields: Object.keys(changes) } });
    });
    this.changed();
    return this.categoryById(id);
  }

  async removeCategory({ actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      const [used] = await tx.select({ n: count() }).from(blogPosts).where(eq(blogPosts.category, current.name));
      if ((used?.n ?? 0) > 0) throw conflict(BLOG_TEXTS.categoryInUse(current.name, used!.n));
      await tx.delete(blogCategories).where(eq(blogCategories.id, id));
      await writeAudit(tx, { actor, meta }, { action: 'blog_category.delete', entityId: id, details: { slug: current.slug } });
    });
    this.changed();
  }

  // --- tags ----------------------------------------------------------------------------------------------------

  async listTags(): Promise<BlogTag[]> {
    const [rows, counts] = await Promise.all([
      this.db.select().from(blogTags).orderBy(asc(blogTags.name)),
      this.db.execute<{ tag: string; n: number | string }>(sql`select lower(t) as tag, count(*) as n from ${blogPosts}, unnest(${blogPosts.tags}) as t group by lower(t)`),
    ]);
    const countRows = (Array.isArray(counts) ? counts : (counts as { rows: Array<{ tag: string; n: number | string }> }).rows) as Array<{ tag: string; n: number | string }>;
    const byName = new Map(countRows.map((row) => [row.tag, Number(row.n)]));
    return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, postCount: byName.get(row.name.toLowerCase()) ?? 0, createdAt: row.createdAt.toISOString() }));
  }

  private async tagById(id: number): Promise<BlogTag> {
    const tag = (await this.listTags()).find((item) => item.id === id);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    return tag;
  }

  private async assertTagFree(db: Executor, name: string, slug: string, exceptId?: number): Promise<void> {
    const [row] = await db
      .select({ id: blogTags.id })
      .from(blogTags)
      .where(and(or(sql`lower(${blogTags.name}) = lower(${name})`, eq(blogTags.slug, slug)), exceptId ? ne(blogTags.id, exceptId) : undefined));
    if (row) throw conflict(BLOG_TEXTS.tagTaken);
  }

  async createTag({ actor, meta, input }: RequestContext & { input: z.output<typeof BlogTagInputSchema> }): Promise<BlogTag> {
    const id = await this.db.transaction(async (tx) => {
      const slug = input.slug ?? slugOf(input.name, `tag-${sha256(input.name).slice(0, 8)}`);
      await this.assertTagFree(tx, input.name, slug);
      const [row] = await tx.insert(blogTags).values({ name: input.name, slug }).returning({ id: blogTags.id });
      await writeAudit(tx, { actor, meta }, { action: 'blog_tag.create', entityId: row!.id, details: { slug } });
      return row!.id;
    });
    return this.tagById(id);
  }

  async updateTag({ actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof BlogTagInputSchema> } }): Promise<BlogTag> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogTags).where(eq(blogTags.id, id));
      if (!current) throw notFound(TAG_NOT_FOUND);
      const slug = changes.slug ?? slugOf(changes.name, current.slug);
      await this.assertTagFree(tx, changes.name, slug, id);
      await tx.update(blogTags).set({ name: changes.name, slug }).where(eq(blogTags.id, id));
      if (changes.name !== current.name) {
        await tx
          .update(blogPosts)
          .set({ tags: sql`array_replace(${blogPosts.tags}, ${current.name}, ${changes.name})` })
          .where(sql`${current.name} = any(${blogPosts.tags})`);
      }
      await writeAudit(tx, { actor, meta }, { action: 'blog_tag.update', entityId: id, details: { from: current.name, to: changes.name } });
    });
    this.changed();
    return this.tagById(id);
  }

  async removeTag({ actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.delete(blogTags).where(eq(blogTags.id, id)).returning();
      if (!current) throw notFound(TAG_NOT_FOUND);
      await tx
        .update(blogPosts)
        .set({ tags: sql`array_remove(${blogPosts.tags}, ${current.name})` })
        .where(sql`${current.name} = any(${blogPosts.tags})`);
      await writeAudit(tx, { actor, meta }, { action: 'blog_tag.delete', entityId: id, details: { name: current.name } });
    });
    this.changed();
  }

  // --- ads -----------------------------------------------------------------------------------------------------

  async listAds(): Promise<BlogAd[]> {
    const [rows, counts] = await Promise.all([
      this.db.select().from(blogAds).orderBy(asc(blogAds.priority), asc(blogAds.name), asc(blogAds.id)),
      this.db.select({ adId: blogPostAds.adId, n: count() }).from(blogPostAds).groupBy(blogPostAds.adId),
    ]);
    const byAd = new Map(counts.map((row) => [row.adId, row.n]));
    return rows.map((row) => toAd(row, byAd.get(row.id) ?? 0));
  }

  private async adById(id: number): Promise<BlogAd> {
    const ad = (await this.listAds()).find((item) => item.id === id);
    if (!ad) throw notFound(AD_NOT_FOUND);
    return ad;
  }

  /** An ad's affiliate product must exist (400 otherwise, never a foreign-key 500). */
  private async assertProduct(db: Executor, id: number | null | undefined): Promise<void> {
    if (id === null || id === undefined) return;
    const [row] = await db.select({ id: affiliateProducts.id }).from(affiliateProducts).where(eq(affiliateProducts.id, id));
    if (!row) throw badRequest('Affiliate product not found', [{ field: 'affiliate_product_id', message: 'Affiliate product not found' }]);
  }

  async createAd({ actor, meta, input }: RequestContext & { input: z.output<typeof CreateBlogAdSchema> }): Promise<BlogAd> {
    const ad = await this.db.transaction(async (tx) => {
      await this.assertProduct(tx, input.affiliate_product_id);
      const [row] = await tx
        .insert(blogAds)
        .values({
          name: input.name,
          type: input.type,
          content: input.content,
          imageUrl: input.image_url ?? null,
          targetUrl: input.target_url ?? null,
          altText: input.alt_text ?? null,
          isActive: input.is_active,
          position: input.position,
          priority: input.priority,
          affiliateProductId: input.affiliate_product_id ?? null,
          createdBy: actorUserId(actor),
        })
        .returning();
      await writeAudit(tx, { actor, meta }, { action: 'blog_ad.create', entityId: row!.id });
      return toAd(row!);
    });
    this.changed();
    return ad;
  }

  async updateAd({ actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateBlogAdSchema> } }): Promise<BlogAd> {
    await this.db.transaction(async (tx) => {
      const columns: Partial<typeof blogAds.$inferInsert> = { updatedAt: new Date() };
      if (changes.name !== undefined) columns.name = changes.name;
      if (changes.type !== undefined) columns.type = changes.type;
      if (changes.content !== undefined) columns.content = changes.content;
      if (changes.image_url !== undefined) columns.imageUrl = changes.image_url;
      if (changes.target_url !== undefined) columns.targetUrl = changes.target_url;
      if (changes.alt_text !== undefined) columns.altText = changes.alt_text;
      if (changes.is_active !== undefined) columns.isActive = changes.is_active;
      if (changes.position !== undefined) columns.position = changes.position;
      if (changes.priority !== undefined) columns.priority = changes.priority;
      if (changes.affiliate_product_id !== undefined) {
        await this.assertProduct(tx, changes.affiliate_product_id);
        columns.affiliateProductId = changes.affiliate_product_id;
      }
      const updated = await tx.update(blogAds).set(columns).where(eq(blogAds.id, id)).returning({ id: blogAds.id });
      if (updated.length === 0) throw notFound(AD_NOT_FOUND);
      await writeAudit(tx, { actor, meta }, { action: 'blog_ad.update', entityId: id, details: { fields: Object.keys(changes) } });
    });
    this.changed();
    return this.adById(id);
  }

  async removeAd({ actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(blogAds).where(eq(blogAds.id, id)).returning({ id: blogAds.id });
      if (deleted.length === 0) throw notFound(AD_NOT_FOUND);
      await writeAudit(tx, { actor, meta }, { action: 'blog_ad.delete', entityId: id });
    });
    this.changed();
  }

  // --- stats ---------------------------------------------------------------------------------------------------

  async stats(): Promise<BlogStats> {
    const now = this.now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const first = new Date(today.getTime() - 29 * 86_400_000);
    const [posts, [categories], ads, daily] = await Promise.all([
      this.db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          slug: blogPosts.slug,
          isPublished: blogPosts.isPublished,
          publishedAt: blogPosts.publishedAt,
          viewCount: blogPosts.viewCount,
          likeCount: blogPosts.likeCount,
        })
        .from(blogPosts)
        .orderBy(desc(blogPosts.viewCount), asc(blogPosts.title)),
      this.db.select({ n: count() }).from(blogCategories),
      this.db.select({ isActive: blogAds.isActive, n: count() }).from(blogAds).groupBy(blogAds.isActive),
      this.db
        .select({ day: blogPostDailyViews.day, views: sql<number>`sum(${blogPostDailyViews.views})::int` })
        .from(blogPostDailyViews)
        .where(gte(blogPostDailyViews.day, utcDay(first)))
        .groupBy(blogPostDailyViews.day),
    ]);
    const rows = posts.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: blogPostStatus({ isPublished: post.isPublished, publishedAt: post.publishedAt?.toISOString() ?? null }, now.getTime()),
      viewCount: post.viewCount,
      likeCount: post.likeCount,
    }));
    const byDay = new Map(daily.map((row) => [row.day, Number(row.views)]));
    return {
      totalPosts: rows.length,
      publishedPosts: rows.filter((post) => post.status === 'published').length,
      scheduledPosts: rows.filter((post) => post.status === 'scheduled').length,
      draftPosts: rows.filter((post) => post.status === 'draft').length,
      categories: categories?.n ?? 0,
      activeAds: ads.find((row) => row.isActive)?.n ?? 0,
      totalAds: ads.reduce((sum, row) => sum + row.n, 0),
      totalViews: rows.reduce((sum, post) => sum + post.viewCount, 0),
      totalLikes: rows.reduce((sum, post) => sum + post.likeCount, 0),
      posts: rows,
      topPosts: rows.slice(0, 5).map(({ id, title, slug, viewCount, likeCount }) => ({ id, title, slug, viewCount, likeCount })),
      viewsPerDay: Array.from({ length: 30 }, (_, i) => {
        const date = utcDay(new Date(first.getTime() + i * 86_400_000));
        return { date, views: byDay.get(date) ?? 0 };
      }),
    };
  }
}
