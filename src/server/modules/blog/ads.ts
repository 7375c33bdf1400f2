/**
 * Blog ads (issue 11; issue 12 for affiliate products): admin CRUD, audited and announced on the content events,
 * and the replacement of a post's ad links, which a post save runs inside its own transaction (posts.ts).
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BlogAd, BlogPostAdLink, CreateBlogAdSchema, UpdateBlogAdSchema } from '../../../shared/schemas/blog.ts';
import type { Database } from '../../db/client.ts';
import { affiliateProducts, blogAds, blogPostAds } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { Executor } from '../../lib/sql.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

type AdRow = typeof blogAds.$inferSelect;

export const AD_NOT_FOUND = 'Ad not found';
export const UNKNOWN_AD_LINK = 'Unknown ad in the links';

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

export const toAdLink = (row: typeof blogPostAds.$inferSelect): BlogPostAdLink => ({
  id: row.id,
  postId: row.postId,
  adId: row.adId,
  position: row.position as BlogPostAdLink['position'],
  createdAt: row.createdAt.toISOString(),
});

/** Replaces a post's ad links inside the caller's transaction; an unknown ad is a 400 naming the field. */
export async function replacePostAds(tx: Executor, postId: string, links: ReadonlyArray<{ ad_id: number; position: BlogPostAdLink['position'] }>): Promise<void> {
  const adIds = [...new Set(links.map((link) => link.ad_id))];
  if (adIds.length > 0) {
    const found = await tx.select({ id: blogAds.id }).from(blogAds).where(inArray(blogAds.id, adIds));
    if (found.length !== adIds.length) throw badRequest(UNKNOWN_AD_LINK, [{ field: 'ad_links', message: UNKNOWN_AD_LINK }]);
  }
  await tx.delete(blogPostAds).where(eq(blogPostAds.postId, postId));
  if (links.length > 0) await tx.insert(blogPostAds).values(links.map((link) => ({ postId, adId: link.ad_id, position: link.position })));
}

export async function listAds(db: Database): Promise<BlogAd[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(blogAds).orderBy(asc(blogAds.priority), asc(blogAds.name), asc(blogAds.id)),
    db.select({ adId: blogPostAds.adId, n: count() }).from(blogPostAds).groupBy(blogPostAds.adId),
  ]);
  const byAd = new Map(counts.map((row) => [row.adId, row.n]));
  return rows.map((row) => toAd(row, byAd.get(row.id) ?? 0));
}

async function adById(db: Database, id: number): Promise<BlogAd> {
  const ad = (await listAds(db)).find((item) => item.id === id);
  if (!ad) throw notFound(AD_NOT_FOUND);
  return ad;
}

/** An ad's affiliate product must exist (400 otherwise, never a foreign-key 500). */
async function assertProduct(db: Executor, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await db.select({ id: affiliateProducts.id }).from(affiliateProducts).where(eq(affiliateProducts.id, id));
  if (!row) throw badRequest('Affiliate product not found', [{ field: 'affiliate_product_id', message: 'Affiliate product not found' }]);
}

export async function createAd({ db, events }: ContentWriteDeps, { actor, meta, input }: RequestContext & { input: z.output<typeof CreateBlogAdSchema> }): Promise<BlogAd> {
  const ad = await db.transaction(async (tx) => {
    await assertProduct(tx, input.affiliate_product_id);
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
  events.emit('blog');
  return ad;
}

export async function updateAd(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateBlogAdSchema> } },
): Promise<BlogAd> {
  await db.transaction(async (tx) => {
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
      await assertProduct(tx, changes.affiliate_product_id);
      columns.affiliateProductId = changes.affiliate_product_id;
    }
    const updated = await tx.update(blogAds).set(columns).where(eq(blogAds.id, id)).returning({ id: blogAds.id });
    if (updated.length === 0) throw notFound(AD_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'blog_ad.update', entityId: id, details: { fields: Object.keys(changes) } });
  });
  events.emit('blog');
  return adById(db, id);
}

export async function removeAd({ db, events }: ContentWriteDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(blogAds).where(eq(blogAds.id, id)).returning({ id: blogAds.id });
    if (deleted.length === 0) throw notFound(AD_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'blog_ad.delete', entityId: id });
  });
  events.emit('blog');
}
