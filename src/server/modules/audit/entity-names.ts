/**
 * The names of the entities a page of audit entries is about (issue 26 §3: "Post “Hello”", not "Blog post #2"),
 * looked up in one query per kind of entity on the page (at most one page of ids each, by primary key), never one
 * per row. An entry may outlive its entity: it then falls back to the name the entry stored when it was written.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  affiliateProducts,
  apiClients,
  banners,
  blogAds,
  blogCategories,
  blogPosts,
  blogTags,
  buildGuids,
  campaigns,
  faqs,
  leads,
  pages,
  staffInvitations,
  webhookEndpoints,
  testimonials,
  users,
} from '../../db/schema.ts';
import type { AuditEntity } from '../../../shared/schemas/audit.ts';

interface NameSource {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  /** How the table's key is written; an id of another shape cannot match and is not asked for. */
  idKind?: 'serial' | 'uuid' | 'text';
}

const NAME_SOURCES: Partial<Record<AuditEntity, NameSource>> = {
  user: { table: users, id: users.id, name: users.email },
  banner: { table: banners, id: banners.id, name: banners.title },
  faq: { table: faqs, id: faqs.id, name: faqs.question },
  build_guid: { table: buildGuids, id: buildGuids.id, name: buildGuids.name },
  client: { table: apiClients, id: apiClients.clientId, name: apiClients.name, idKind: 'text' },
  lead: { table: leads, id: leads.id, name: leads.email },
  blog_post: { table: blogPosts, id: blogPosts.id, name: blogPosts.title, idKind: 'uuid' },
  blog_category: { table: blogCategories, id: blogCategories.id, name: blogCategories.name },
  blog_tag: { table: blogTags, id: blogTags.id, name: blogTags.name },
  blog_ad: { table: blogAds, id: blogAds.id, name: blogAds.name },
  campaign: { table: campaigns, id: campaigns.id, name: campaigns.name },
  affiliate_product: { table: affiliateProducts, id: affiliateProducts.id, name: affiliateProducts.name },
  testimonial: { table: testimonials, id: testimonials.id, name: testimonials.customerName },
  page: { table: pages, id: pages.id, name: pages.title },
  staff_invitation: { table: staffInvitations, id: staffInvitations.id, name: staffInvitations.email },
  webhook_endpoint: { table: webhookEndpoints, id: webhookEndpoints.id, name: webhookEndpoints.url },
};

/** What an entry wrote about its entity, in the order a reader would name it by. */
const STORED_NAME_KEYS = ['email', 'title', 'name', 'question', 'slug'] as const;

/** The name an entry stored when it was written (a delete keeps the e-mail, name or slug of what it removed). */
export function storedEntityName(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  for (const key of STORED_NAME_KEYS) {
    const value = details[key];
    if (typeof value === 'string' && value) return value;
  }
  // A renamed tag keeps { from, to }; an update keeps the new title or name among its changes.
  if (typeof details.to === 'string' && details.to) return details.to;
  const changes = details.changes as Record<string, { to?: unknown }> | undefined;
  for (const key of STORED_NAME_KEYS) {
    const value = changes?.[key]?.to;
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const MAX_SERIAL = 2 ** 31 - 1;

function keysOf(kind: 'serial' | 'uuid' | 'text', ids: string[]): Array<string | number> {
  if (kind === 'text') return ids;
  if (kind === 'uuid') return ids.filter((id) => UUID.test(id));
  return ids.filter((id) => /^\d{1,10}$/.test(id)).map(Number).filter((id) => id > 0 && id <= MAX_SERIAL);
}

/** `entity → id → name` for the entries of one page. */
export async function entityNames(db: Database, entries: Array<{ entity: string; entityId: string | null }>): Promise<Map<string, string>> {
  const idsByEntity = new Map<AuditEntity, Set<string>>();
  for (const { entity, entityId } of entries) {
    if (!entityId || !(entity in NAME_SOURCES)) continue;
    const ids = idsByEntity.get(entity as AuditEntity) ?? new Set<string>();
    ids.add(entityId);
    idsByEntity.set(entity as AuditEntity, ids);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const source = NAME_SOURCES[entity]!;
      const keys = keysOf(source.idKind ?? 'serial', [...ids]);
      if (keys.length === 0) return;
      const rows = await db.select({ id: source.id, name: source.name }).from(source.table).where(inArray(source.id, keys));
      for (const row of rows) if (row.name) names.set(`${entity}:${String(row.id)}`, String(row.name));
    }),
  );
  return names;
}
