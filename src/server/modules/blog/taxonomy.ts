/**
 * Blog categories and tags (issue 11): admin CRUD, audited and announced on the content events; a category or tag
 * renamed or deleted follows into the posts that use it. Also the two rules a post save applies to its category and
 * tags (a known category; every tag in the tags table).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type BlogCategoryWithCount,
  type BlogTag,
  type BlogTagInputSchema,
  BLOG_TEXTS,
  type CreateBlogCategorySchema,
  type UpdateBlogCategorySchema,
} from '../../../shared/schemas/blog.ts';
import type { Database } from '../../db/client.ts';
import { blogCategories, blogPosts, blogTags } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { slugOf, slugsOf } from '../../lib/slugs.ts';
import type { Executor } from '../../lib/sql.ts';
import type { RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const TAG_NOT_FOUND = 'Tag not found';


const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A tag made only of symbols still gets a stable slug. */
const tagSlugOf = (name: string) => slugOf(name, `tag-${sha256(name).slice(0, 8)}`);
// A race lost at the unique index gets the same 409 as a taken name or slug (assertTagFree).
const tagSlugs = slugsOf({ table: blogTags, id: blogTags.id, slug: blogTags.slug, uniqueIndex: 'blog_tags_slug_unique', takenText: () => BLOG_TEXTS.tagTaken });

// --- the rules a post save applies ---------------------------------------------------------------------------------

/** A category name or slug from the categories table → its name; unknown → 400. */
export async function categoryName(db: Executor, value: string): Promise<string> {
  const [category] = await db
    .select({ name: blogCategories.name })
    .from(blogCategories)
    .where(or(sql`lower(${blogCategories.name}) = lower(${value})`, eq(blogCategories.slug, value.toLowerCase())))
    .limit(1);
  if (!category) throw badRequest(BLOG_TEXTS.unknownCategory(value), [{ field: 'category', message: BLOG_TEXTS.unknownCategory(value) }]);
  return category.name;
}

/** The tags table holds every tag a post uses (kept in step on each save). */
export async function syncTags(db: Executor, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const existing = await db.select({ name: blogTags.name }).from(blogTags).where(inArray(sql`lower(${blogTags.name})`, tags.map((t) => t.toLowerCase())));
  const known = new Set(existing.map((row) => row.name.toLowerCase()));
  for (const name of tags) {
    if (known.has(name.toLowerCase())) continue;
    const slug = await tagSlugs.unique(db, tagSlugOf(name));
    await db.insert(blogTags).values({ name, slug }).onConflictDoNothing();
    known.add(name.toLowerCase());
  }
}

// --- categories ----------------------------------------------------------------------------------------------------

export async function listCategoriesWithCounts(db: Database): Promise<BlogCategoryWithCount[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(blogCategories).orderBy(asc(blogCategories.name)),
    db.select({ name: blogPosts.category, n: count() }).from(blogPosts).groupBy(blogPosts.category),
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

async function categoryById(db: Database, id: number): Promise<BlogCategoryWithCount> {
  const category = (await listCategoriesWithCounts(db)).find((item) => item.id === id);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

async function assertCategoryFree(db: Executor, name: string, slug: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(and(or(sql`lower(${blogCategories.name}) = lower(${name})`, eq(blogCategories.slug, slug)), exceptId ? ne(blogCategories.id, exceptId) : undefined));
  if (row) throw conflict(BLOG_TEXTS.categoryTaken);
}

export async function createCategory(
  { db, events }: ContentWriteDeps,
  { actor, meta, input }: RequestContext & { input: z.output<typeof CreateBlogCategorySchema> },
): Promise<BlogCategoryWithCount> {
  const id = await db.transaction(async (tx) => {
    const slug = input.slug ?? slugOf(input.name, 'category');
    await assertCategoryFree(tx, input.name, slug);
    const [row] = await tx
      .insert(blogCategories)
      .values({ name: input.name, slug, description: input.description ?? null, color: input.color ?? null })
      .returning({ id: blogCategories.id });
    await writeAudit(tx, { actor, meta }, { action: 'blog_category.create', entityId: row!.id, details: { slug } });
    return row!.id;
  });
  events.emit('blog');
  return categoryById(db, id);
}

export async function updateCategory(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateBlogCategorySchema> } },
): Promise<BlogCategoryWithCount> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
    if (!current) throw notFound(CATEGORY_NOT_FOUND);
    const name = changes.name ?? current.name;
    const slug = changes.slug === null ? slugOf(name, 'category') : (changes.slug ?? current.slug);
    await assertCategoryFree(tx, name, slug, id);
    await tx
      .update(blogCategories)
      .set({ name, slug, ...(changes.description !== undefined ? { description: changes.description } : {}), ...(changes.color !== undefined ? { color: changes.color } : {}) })
      .where(eq(blogCategories.id, id));
    // Posts name their category: a rename follows into them.
    if (name !== current.name) await tx.update(blogPosts).set({ category: name }).where(eq(blogPosts.category, current.name));
    await writeAudit(tx, { actor, meta }, { action: 'blog_category.update', entityId: id, details: { fields: Object.keys(changes) } });
  });
  events.emit('blog');
  return categoryById(db, id);
}

export async function removeCategory({ db, events }: ContentWriteDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
    if (!current) throw notFound(CATEGORY_NOT_FOUND);
    const [used] = await tx.select({ n: count() }).from(blogPosts).where(eq(blogPosts.category, current.name));
    if ((used?.n ?? 0) > 0) throw conflict(BLOG_TEXTS.categoryInUse(current.name, used!.n));
    await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    await writeAudit(tx, { actor, meta }, { action: 'blog_category.delete', entityId: id, details: { slug: current.slug } });
  });
  events.emit('blog');
}

// --- tags ----------------------------------------------------------------------------------------------------------

export async function listTags(db: Database): Promise<BlogTag[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(blogTags).orderBy(asc(blogTags.name)),
    db.execute<{ tag: string; n: number | string }>(sql`select lower(t) as tag, count(*) as n from ${blogPosts}, unnest(${blogPosts.tags}) as t group by lower(t)`),
  ]);
  const countRows = (Array.isArray(counts) ? counts : (counts as { rows: Array<{ tag: string; n: number | string }> }).rows) as Array<{ tag: string; n: number | string }>;
  const byName = new Map(countRows.map((row) => [row.tag, Number(row.n)]));
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, postCount: byName.get(row.name.toLowerCase()) ?? 0, createdAt: row.createdAt.toISOString() }));
}

async function tagById(db: Database, id: number): Promise<BlogTag> {
  const tag = (await listTags(db)).find((item) => item.id === id);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
}

async function assertTagFree(db: Executor, name: string, slug: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: blogTags.id })
    .from(blogTags)
    .where(and(or(sql`lower(${blogTags.name}) = lower(${name})`, eq(blogTags.slug, slug)), exceptId ? ne(blogTags.id, exceptId) : undefined));
  if (row) throw conflict(BLOG_TEXTS.tagTaken);
}

export async function createTag({ db }: ContentWriteDeps, { actor, meta, input }: RequestContext & { input: z.output<typeof BlogTagInputSchema> }): Promise<BlogTag> {
  const slug = input.slug ?? tagSlugOf(input.name);
  const id = await tagSlugs.guard(() => slug, () => db.transaction(async (tx) => {
    await assertTagFree(tx, input.name, slug);
    const [row] = await tx.insert(blogTags).values({ name: input.name, slug }).returning({ id: blogTags.id });
    await writeAudit(tx, { actor, meta }, { action: 'blog_tag.create', entityId: row!.id, details: { slug } });
    return row!.id;
  }));
  // No post uses a new tag yet: no public page changes.
  return tagById(db, id);
}

export async function updateTag(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof BlogTagInputSchema> } },
): Promise<BlogTag> {
  let slug: string | undefined;
  await tagSlugs.guard(() => slug, () => db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogTags).where(eq(blogTags.id, id));
    if (!current) throw notFound(TAG_NOT_FOUND);
    slug = changes.slug ?? slugOf(changes.name, current.slug);
    await assertTagFree(tx, changes.name, slug, id);
    await tx.update(blogTags).set({ name: changes.name, slug }).where(eq(blogTags.id, id));
    if (changes.name !== current.name) {
      await tx
        .update(blogPosts)
        .set({ tags: sql`array_replace(${blogPosts.tags}, ${current.name}, ${changes.name})` })
        .where(sql`${current.name} = any(${blogPosts.tags})`);
    }
    await writeAudit(tx, { actor, meta }, { action: 'blog_tag.update', entityId: id, details: { from: current.name, to: changes.name } });
  }));
  events.emit('blog');
  return tagById(db, id);
}

export async function removeTag({ db, events }: ContentWriteDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(blogTags).where(eq(blogTags.id, id)).returning();
    if (!current) throw notFound(TAG_NOT_FOUND);
    await tx
      .update(blogPosts)
      .set({ tags: sql`array_remove(${blogPosts.tags}, ${current.name})` })
      .where(sql`${current.name} = any(${blogPosts.tags})`);
    await writeAudit(tx, { actor, meta }, { action: 'blog_tag.delete', entityId: id, details: { name: current.name } });
  });
  events.emit('blog');
}
