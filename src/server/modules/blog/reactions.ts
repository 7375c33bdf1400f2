/**
 * Views, likes and the blog's figures (issue 11): a view counted once per visitor per UTC day, a like once per
 * visitor (decision 0021: the server's key of the network, never a cookie or the user agent); the summary cards
 * and the Analytics tab.
 */
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type BlogLikeResult, blogPostStatus, type BlogStats, type BlogViewResult } from '../../../shared/schemas/blog.ts';
import { blogAds, blogCategories, blogPostDailyViews, blogPostLikes, blogPosts, blogPostVisitors } from '../../db/schema.ts';
import { countOncePerVisitorPerDay } from '../../lib/once-per-visitor-per-day.ts';
import { utcDay } from '../../lib/utc-day.ts';
import type { Visitor } from '../../lib/visitor-key.ts';
import type { BlogDeps } from './deps.ts';
import { getLivePostRow } from './posts.ts';

const POST_VIEWS = { visitors: blogPostVisitors, totals: blogPostDailyViews, thing: 'postId', count: 'views' } as const;

/** Counted at most once per visitor per UTC day; bots never, and nothing past the per-network counting rate. */
export async function recordView(deps: BlogDeps, idOrSlug: string, visitor: Visitor): Promise<BlogViewResult> {
  const post = await getLivePostRow(deps, idOrSlug);
  let counts = { viewCount: post.viewCount, likeCount: post.likeCount };
  const counted = await countOncePerVisitorPerDay({ db: deps.db, visitors: deps.visitors, now: deps.now() }, POST_VIEWS, post.id, visitor, async (tx) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
      .where(eq(blogPosts.id, post.id))
      .returning({ viewCount: blogPosts.viewCount, likeCount: blogPosts.likeCount });
    counts = row!;
  });
  return { counted, ...counts };
}

/**
 * Like (once per visitor) or undo. A bot changes nothing and gets the current count. No per-minute counting cap
 * here: a visitor can add at most one like per post, ever.
 */
export async function setLike(deps: BlogDeps, idOrSlug: string, visitor: Visitor, liked: boolean): Promise<BlogLikeResult> {
  const post = await getLivePostRow(deps, idOrSlug);
  const browserHash = deps.visitors.likeKey(visitor);
  if (!browserHash) return { liked: false, likeCount: post.likeCount };
  return deps.db.transaction(async (tx) => {
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

/** The summary cards and the Analytics tab: counts by status, every post's counts, views per day over 30 days. */
export async function blogStats({ db, now: clock }: BlogDeps): Promise<BlogStats> {
  const now = clock();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(today.getTime() - 29 * 86_400_000);
  const [posts, [categories], ads, daily] = await Promise.all([
    db
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
    db.select({ n: count() }).from(blogCategories),
    db.select({ isActive: blogAds.isActive, n: count() }).from(blogAds).groupBy(blogAds.isActive),
    db
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
