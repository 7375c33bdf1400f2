/**
 * The public side of the blog: live posts only (published, date passed — the clock is passed in), Markdown
 * rendered to sanitised HTML on the server (the HTML is cached per post version, so a page view costs one indexed
 * query and no rendering), the post's ads at their positions and its related posts.
 */
import { and, asc, desc, eq, inArray, min, ne } from 'drizzle-orm';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { isStorableText } from '../../../shared/schemas/text.ts';
import type { BlogCategory, PublicBlogAd, PublicBlogPost, PublicBlogPostSummary } from '../../../shared/schemas/blog.ts';
import type { Database } from '../../db/client.ts';
import { affiliateProducts, blogAds, blogCategories, blogPostAds, blogPosts, blogRelatedPosts } from '../../db/schema.ts';
import { findResponsiveImages, responsiveHtml } from '../../lib/responsive-images.ts';
import { isLive, isScheduled } from './live.ts';

type PostRow = typeof blogPosts.$inferSelect;

const renderedHtml = new Map<string, { version: number; html: string }>();

export function toSummary(row: PostRow): PublicBlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    authorName: row.authorName,
    category: row.category,
    tags: row.tags,
    readTimeMinutes: row.readTimeMinutes,
    isFeatured: row.isFeatured,
    featuredImageUrl: row.featuredImageUrl,
    featuredImageAlt: row.featuredImageAlt,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

/** Summaries with their covers' sizes (issue 39 §3): one query for all of them. */
async function withCovers(db: Database, summaries: PublicBlogPostSummary[]): Promise<PublicBlogPostSummary[]> {
  const images = await findResponsiveImages(db, summaries.map((summary) => summary.featuredImageUrl));
  return summaries.map((summary) => ({ ...summary, featuredImage: images.get(summary.featuredImageUrl ?? '') ?? null }));
}

export async function listPublishedPosts(db: Database, now: Date = new Date()): Promise<PublicBlogPostSummary[]> {
  const rows = await db.select().from(blogPosts).where(isLive(now)).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt));
  return withCovers(db, rows.map(toSummary));
}

export async function getPublishedPost(db: Database, slug: string, now: Date = new Date()): Promise<PublicBlogPost | null> {
  // A slug from the URL may hold bytes PostgreSQL refuses in a text parameter (NUL, lone surrogates): no post has it.
  if (!isStorableText(slug)) return null;
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isLive(now)));
  if (!row) return null;
  const version = row.updatedAt.getTime();
  let cached = renderedHtml.get(row.id);
  if (!cached || cached.version !== version) {
    cached = { version, html: renderMarkdown(row.content) };
    if (renderedHtml.size > 2000) renderedHtml.clear();
    renderedHtml.set(row.id, cached);
  }
  const [summary] = await withCovers(db, [toSummary(row)]);
  return {
    ...summary!,
    authorBio: row.authorBio,
    authorAvatarUrl: row.authorAvatarUrl,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    likeCount: row.likeCount,
    // The inline images' sizes are looked up per view: they appear seconds after an upload, the Markdown does not change.
    contentHtml: await responsiveHtml(db, cached.html),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active ads linked to a post, at the link's position, by priority (1 first). */
export async function listPostAds(db: Database, postId: string): Promise<PublicBlogAd[]> {
  const rows = await db
    .select({ ad: blogAds, position: blogPostAds.position, productActive: affiliateProducts.isActive })
    .from(blogPostAds)
    .innerJoin(blogAds, eq(blogAds.id, blogPostAds.adId))
    .leftJoin(affiliateProducts, eq(affiliateProducts.id, blogAds.affiliateProductId))
    .where(and(eq(blogPostAds.postId, postId), eq(blogAds.isActive, true)))
    .orderBy(asc(blogAds.priority), asc(blogPostAds.id));
  return rows.map(({ ad, position, productActive }) => ({
    id: ad.id,
    name: ad.name,
    type: ad.type,
    content: ad.content,
    imageUrl: ad.imageUrl,
    altText: ad.altText,
    // An affiliate_link ad pointing at a product links through /go/{id} (counted); an inactive product, no link.
    targetUrl: ad.type === 'affiliate_link' && ad.affiliateProductId !== null ? (productActive ? `/go/${ad.affiliateProductId}` : null) : ad.targetUrl,
    priority: ad.priority,
    position: position as PublicBlogAd['position'],
  }));
}

/** The chosen related posts that are live, else the newest live posts of the same category (3). */
export async function listRelatedPosts(db: Database, post: { id: string; category: string }, now: Date = new Date()): Promise<PublicBlogPostSummary[]> {
  const chosen = await db.select({ id: blogRelatedPosts.relatedPostId }).from(blogRelatedPosts).where(eq(blogRelatedPosts.postId, post.id)).orderBy(asc(blogRelatedPosts.id));
  if (chosen.length > 0) {
    const ids = chosen.map((link) => link.id);
    const rows = await db.select().from(blogPosts).where(and(inArray(blogPosts.id, ids), isLive(now)));
    const order = new Map(ids.map((id, index) => [id, index]));
    if (rows.length > 0) return withCovers(db, rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toSummary));
  }
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(isLive(now), eq(blogPosts.category, post.category), ne(blogPosts.id, post.id)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(3);
  return withCovers(db, rows.map(toSummary));
}

/** When the next scheduled post goes live (page caches expire then), or null. */
export async function nextScheduledAt(db: Database, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(blogPosts.publishedAt) })
    .from(blogPosts)
    .where(isScheduled(now));
  return row?.at ?? null;
}

export async function listCategories(db: Database): Promise<BlogCategory[]> {
  const rows = await db.select().from(blogCategories).orderBy(asc(blogCategories.name));
  return rows.map(({ id, name, slug, description, color }) => ({ id, name, slug, description, color }));
}
