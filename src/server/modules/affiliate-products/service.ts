/**
 * Affiliate products (spec §3, issue 12): admin CRUD (audited, announced on `contentEvents` 'affiliates'), the
 * public list of active products, and /go/{id}: a click counted per product per UTC day (bots excluded), then a
 * redirect to the stored affiliate link — only ever a stored link of an active product (no open redirect).
 */
import { and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminAffiliateProduct,
  AFFILIATE_TEXTS,
  type AffiliateProduct,
  type AffiliateProductListQuerySchema,
  type CreateAffiliateProductSchema,
  isHttpUrl,
  type PublicAffiliateProduct,
  type UpdateAffiliateProductSchema,
} from '../../../shared/schemas/affiliate-products.ts';
import { affiliateProductClickVisitors, affiliateProductDailyClicks, affiliateProducts } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { countOncePerVisitorPerDay } from '../../lib/once-per-visitor-per-day.ts';
import { escapeLike } from '../../lib/sql.ts';
import { utcDay } from '../../lib/utc-day.ts';
import type { Visitor } from '../../lib/visitor-key.ts';
import { actorUserId, type AppServices, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { apiRow } from '../../lib/api-row.ts';

type ProductRow = typeof affiliateProducts.$inferSelect;
type ListQuery = z.output<typeof AffiliateProductListQuerySchema>;

const DAY = 24 * 60 * 60 * 1000;

/** The public link of a product: through the click counter. */
export const goUrl = (id: number) => `/go/${id}`;

/** numeric columns come back as strings ("19.99"): kept as strings, never parsed to floats. */
export function toProduct(row: ProductRow): AffiliateProduct {
  return apiRow(row, ['id', 'name', 'description', 'price', 'affiliateLink', 'vendor', 'category', 'commissionRate', 'featuredImageUrl', 'isActive', 'createdAt', 'updatedAt', 'createdBy']);
}

function toPublic(row: ProductRow): PublicAffiliateProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    vendor: row.vendor,
    category: row.category,
    featuredImageUrl: row.featuredImageUrl,
    goUrl: goUrl(row.id),
  };
}

function listConditions(query: ListQuery, publicOnly: boolean): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (publicOnly) conditions.push(eq(affiliateProducts.isActive, true));
  else if (query.active) conditions.push(eq(affiliateProducts.isActive, query.active === 'true'));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(affiliateProducts.name, pattern), ilike(affiliateProducts.vendor, pattern), ilike(affiliateProducts.category, pattern)));
  }
  return and(...conditions);
}

async function listPage(services: AppServices, query: ListQuery, publicOnly: boolean) {
  const where = listConditions(query, publicOnly);
  const [rows, [total]] = await Promise.all([
    services.database.db
      .select()
      .from(affiliateProducts)
      .where(where)
      .orderBy(desc(affiliateProducts.createdAt), desc(affiliateProducts.id))
      .limit(query.limit)
      .offset(query.offset),
    services.database.db.select({ total: count() }).from(affiliateProducts).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function listPublicProducts(services: AppServices, query: ListQuery): Promise<{ items: PublicAffiliateProduct[]; total: number }> {
  const { rows, total } = await listPage(services, query, true);
  return { items: rows.map(toPublic), total };
}

export async function listAdminProducts(services: AppServices, query: ListQuery): Promise<{ items: AdminAffiliateProduct[]; total: number }> {
  const { rows, total } = await listPage(services, query, false);
  return { items: await withClicks(services, rows), total };
}

async function withClicks(services: AppServices, rows: ProductRow[]): Promise<AdminAffiliateProduct[]> {
  if (rows.length === 0) return [];
  const from = utcDay(new Date(services.now().getTime() - 29 * DAY));
  const clicks = await services.database.db
    .select({ id: affiliateProductDailyClicks.productId, clicks: sql<number>`coalesce(sum(${affiliateProductDailyClicks.clicks}), 0)::int` })
    .from(affiliateProductDailyClicks)
    .where(and(inArray(affiliateProductDailyClicks.productId, rows.map((row) => row.id)), gte(affiliateProductDailyClicks.day, from)))
    .groupBy(affiliateProductDailyClicks.productId);
  const byId = new Map(clicks.map((row) => [row.id, Number(row.clicks)]));
  return rows.map((row) => ({ ...toProduct(row), clicks30d: byId.get(row.id) ?? 0 }));
}

async function findProduct(services: AppServices, id: number): Promise<ProductRow | undefined> {
  const [row] = await services.database.db.select().from(affiliateProducts).where(eq(affiliateProducts.id, id));
  return row;
}

export async function getAdminProduct(services: AppServices, id: number): Promise<AdminAffiliateProduct> {
  const row = await findProduct(services, id);
  if (!row) throw notFound(AFFILIATE_TEXTS.notFound);
  return (await withClicks(services, [row]))[0]!;
}

export async function getActiveProduct(services: AppServices, id: number): Promise<PublicAffiliateProduct> {
  const row = await findProduct(services, id);
  if (!row?.isActive) throw notFound(AFFILIATE_TEXTS.notFound);
  return toPublic(row);
}

const PRODUCT_CLICKS = { visitors: affiliateProductClickVisitors, totals: affiliateProductDailyClicks, thing: 'productId', count: 'clicks' } as const;

/**
 * `/go/{id}`: the stored link of an active product (else null → 404), the click counted once per visitor and
 * day (decision 0021: the server-side visitor key; bots and floods not counted). The target is never taken
 * from the request; a stored link that is not http(s) (an old row) is refused too.
 */
export async function followProduct(services: AppServices, id: number, visitor: Visitor): Promise<string | null> {
  const row = await findProduct(services, id);
  if (!row?.isActive || !isHttpUrl(row.affiliateLink)) return null;
  await countOncePerVisitorPerDay({ db: services.database.db, visitors: services.visitors, now: services.now() }, PRODUCT_CLICKS, id, visitor);
  return row.affiliateLink;
}

/** Active products by id, for the blog's ads (only these get a /go/ link). */
export async function activeProductIds(services: AppServices, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await services.database.db
    .select({ id: affiliateProducts.id })
    .from(affiliateProducts)
    .where(and(inArray(affiliateProducts.id, ids), eq(affiliateProducts.isActive, true)));
  return new Set(rows.map((row) => row.id));
}

export async function createProduct(services: AppServices, { actor, meta, input }: RequestContext & { input: z.output<typeof CreateAffiliateProductSchema> }): Promise<AffiliateProduct> {
  const product = await services.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliateProducts)
      .values({
        name: input.name,
        description: input.description ?? null,
        price: input.price ?? null,
        affiliateLink: input.affiliate_link,
        vendor: input.vendor ?? null,
        category: input.category ?? null,
        commissionRate: input.commission_rate ?? null,
        featuredImageUrl: input.featured_image_url ?? null,
        isActive: input.is_active,
        createdBy: actorUserId(actor),
      })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'affiliate_product.create', entityId: row!.id });
    return toProduct(row!);
  });
  services.contentEvents.emit('affiliates');
  return product;
}

export async function updateProduct(services: AppServices, { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateAffiliateProductSchema> } }): Promise<AffiliateProduct> {
  const columns: Partial<typeof affiliateProducts.$inferInsert> = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.description !== undefined) columns.description = changes.description;
  if (changes.price !== undefined) columns.price = changes.price;
  if (changes.affiliate_link !== undefined) columns.affiliateLink = changes.affiliate_link;
  if (changes.vendor !== undefined) columns.vendor = changes.vendor;
  if (changes.category !== undefined) columns.category = changes.category;
  if (changes.commission_rate !== undefined) columns.commissionRate = changes.commission_rate;
  if (changes.featured_image_url !== undefined) columns.featuredImageUrl = changes.featured_image_url;
  if (changes.is_active !== undefined) columns.isActive = changes.is_active;
  const product = await services.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(affiliateProducts).where(eq(affiliateProducts.id, id)).for('update');
    if (!current) throw notFound(AFFILIATE_TEXTS.notFound);
    const [row] = await tx
      .update(affiliateProducts)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(affiliateProducts.id, id))
      .returning();
    if (!row) throw notFound(AFFILIATE_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, {
      action: 'affiliate_product.update',
      entityId: id,
      details: { fields: Object.keys(changes) },
      change: { before: current, after: row },
    });
    return toProduct(row);
  });
  services.contentEvents.emit('affiliates');
  return product;
}

export async function deleteProduct(services: AppServices, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const deleted = await tx.delete(affiliateProducts).where(eq(affiliateProducts.id, id)).returning({ id: affiliateProducts.id });
    if (deleted.length === 0) throw notFound(AFFILIATE_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, { action: 'affiliate_product.delete', entityId: id });
  });
  services.contentEvents.emit('affiliates');
}
