/**
 * Pages (spec §3 Page, issue 12): the admin CRUD (audited `page.*`, announced on `contentEvents`), unique slugs
 * generated from the title when blank, and the published pages `/p/{slug}`, the footer and the sitemap read.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { responsiveHtml } from '../../lib/responsive-images.ts';
import { type AutosavePageSchema, PAGE_TEXTS, type CreatePageSchema, type Page, type PageLink, type PageListQuerySchema, type PublicPage, type UpdatePageSchema } from '../../../shared/schemas/pages.ts';
import { type PageRevisionFields, PageRevisionFieldsSchema, type RevisionSummary } from '../../../shared/schemas/revisions.ts';
import type { Database } from '../../db/client.ts';
import { pages } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { slugOf, slugsOf } from '../../lib/slugs.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';
import { apiRow } from '../../lib/api-row.ts';
import { assertVersion, readRevision, recordAutosave, recordFirstRevision, recordSave, type RevisedDocument } from '../document-revisions.ts';

type Row = typeof pages.$inferSelect;
export type PageDeps = ContentWriteDeps;

export const PAGE_DOCUMENT = 'page' as const;

function toPage(row: Row): Page {
  return apiRow(row, ['id', 'title', 'slug', 'content', 'metaDescription', 'isPublished', 'version', 'createdAt', 'updatedAt']);
}

/** The content fields of a page a revision keeps (decision 0080). */
const pageRevisionFields = (row: Row): PageRevisionFields => ({ title: row.title, content: row.content, metaDescription: row.metaDescription });

const PAGE_REVISIONS: RevisedDocument<Row> = {
  documentType: PAGE_DOCUMENT,
  audit: { update: 'page.update', restore: 'page.restore' },
  fieldsOf: pageRevisionFields,
  isLive: (row) => row.isPublished,
};

/** The fields whose change must name the version it read; publishing alone may leave it out (decision 0080). */
const CONTENT_CHANGES = ['title', 'slug', 'content', 'meta_description'] as const;

/** A slug from a title; a title without a letter or digit still gets one. */
const pageSlugOf = (title: string) => slugOf(title, 'page', { decamelize: false });

const slugs = slugsOf({ table: pages, id: pages.id, slug: pages.slug, uniqueIndex: 'pages_slug_unique', takenText: PAGE_TEXTS.slugTaken });

export async function listPages(db: Database, query: z.output<typeof PageListQuerySchema>): Promise<{ items: Page[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.published) conditions.push(eq(pages.isPublished, query.published === 'true'));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(pages.title, pattern), ilike(pages.slug, pattern), ilike(pages.metaDescription, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(pages).where(where).orderBy(desc(pages.updatedAt), desc(pages.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  return { items: rows.map(toPage), total: total?.total ?? 0 };
}

/** Published pages by title (footer links, sitemap, `GET /api/pages?published=true`). */
export async function listPublishedPages(db: Database, { limit = 100, offset = 0 } = {}): Promise<{ items: PageLink[]; total: number }> {
  const where = eq(pages.isPublished, true);
  const [rows, [total]] = await Promise.all([
    db
      .select({ title: pages.title, slug: pages.slug, updatedAt: pages.updatedAt })
      .from(pages)
      .where(where)
      .orderBy(asc(pages.title), asc(pages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  return { items: rows.map((row) => ({ title: row.title, slug: row.slug, updatedAt: row.updatedAt.toISOString() })), total: total?.total ?? 0 };
}

/** The slug of every published page (the server asks whether `/p/{slug}` is one before rendering it). */
export async function listPublishedPageSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: pages.slug }).from(pages).where(eq(pages.isPublished, true));
  return rows.map((row) => row.slug);
}

/** Rendered pages by id and version (updatedAt), so a page view renders no Markdown. */
const rendered = new Map<number, { version: number; html: string }>();

function contentHtml(row: Row): string {
  const version = row.updatedAt.getTime();
  const cached = rendered.get(row.id);
  if (cached?.version === version) return cached.html;
  const html = renderMarkdown(row.content ?? '');
  if (rendered.size >= 500) rendered.clear();
  rendered.set(row.id, { version, html });
  return html;
}

/** A published page by slug with its Markdown rendered to sanitised HTML, or null (unknown or unpublished). */
export async function getPublishedPage(db: Database, slug: string): Promise<PublicPage | null> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)));
  if (!row) return null;
  const { isPublished: _published, createdAt: _created, content: _markdown, ...rest } = toPage(row);
  return { ...rest, contentHtml: await responsiveHtml(db, contentHtml(row)) };
}

/** Any page by id (digits) or slug, for admins. */
export async function getPage(db: Database, idOrSlug: string): Promise<Page> {
  const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [row] = await db
    .select()
    .from(pages)
    .where(id === null ? eq(pages.slug, idOrSlug) : or(eq(pages.id, id), eq(pages.slug, idOrSlug)))
    .orderBy(sql`${pages.id} = ${id ?? 0} desc`)
    .limit(1);
  if (!row) throw notFound(PAGE_TEXTS.notFound);
  return toPage(row);
}

export async function createPage({ db, events }: PageDeps, { actor, meta, input }: RequestContext & { input: z.output<typeof CreatePageSchema> }): Promise<Page> {
  let slug = input.slug ?? '';
  const page = await slugs.guard(() => slug, () => db
    .transaction(async (tx) => {
      if (input.slug) await slugs.assertFree(tx, input.slug);
      else slug = await slugs.unique(tx, pageSlugOf(input.title));
      const [row] = await tx
        .insert(pages)
        .values({
          title: input.title,
          slug,
          content: input.content ?? null,
          metaDescription: input.meta_description ?? null,
          isPublished: input.is_published,
          createdBy: actorUserId(actor),
        })
        .returning();
      const revision = await recordFirstRevision(tx, actor, PAGE_REVISIONS, row!);
      await writeAudit(tx, { actor, meta }, { action: 'page.create', entityId: row!.id, details: { slug, revisionId: revision.id } });
      // Issue 41: committed with the page (decision 0063).
      if (row!.isPublished) await recordWebhookEvent(tx, WEBHOOK_EVENT.pagePublished, toPage(row!));
      return toPage(row!);
    }));
  events.emit('pages');
  return page;
}

/**
 * A save. A change of the content names the version it read (decision 0080): a stale or missing one is a 409 naming
 * who saved since, checked under the row lock. Every save stores a revision and bumps the version; `restoredFrom`
 * marks a restore, which is a save like any other.
 */
export async function updatePage(
  { db, events }: PageDeps,
  { actor, meta, input: { id, changes, restoredFrom } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdatePageSchema>; restoredFrom?: number } },
): Promise<Page> {
  let slug = changes.slug ?? '';
  // Whether the footer's list of pages (title and slug of the published ones) may show the change.
  let changesTheList = true;
  const page = await slugs.guard(() => slug, () => db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for('update');
      if (!current) throw notFound(PAGE_TEXTS.notFound);
      if (changes.version !== undefined || CONTENT_CHANGES.some((field) => changes[field] !== undefined)) {
        await assertVersion(tx, PAGE_DOCUMENT, current, changes.version);
      }
      // Nothing to change: no new version (an open editor is not told someone saved), no revision.
      if (Object.keys(changes).every((field) => field === 'version')) return toPage(current);
      // updatedAt always moves forward: it versions the rendered HTML cache (contentHtml).
      const at = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
      const columns: Partial<typeof pages.$inferInsert> = { updatedAt: at, version: current.version + 1 };
      if (changes.title !== undefined) columns.title = changes.title;
      if (changes.content !== undefined) columns.content = changes.content;
      if (changes.meta_description !== undefined) columns.metaDescription = changes.meta_description;
      if (changes.is_published !== undefined) columns.isPublished = changes.is_published;
      if (changes.slug) {
        if (changes.slug !== current.slug) await slugs.assertFree(tx, changes.slug, id);
        columns.slug = changes.slug;
      } else if (changes.slug === null) {
        slug = await slugs.unique(tx, pageSlugOf(changes.title ?? current.title), id);
        columns.slug = slug;
      }
      const [row] = await tx.update(pages).set(columns).where(eq(pages.id, id)).returning();
      await recordSave(tx, { actor, meta }, PAGE_REVISIONS, { before: current, after: row!, restoredFrom, at, sent: changes });
      changesTheList = row!.title !== current.title || row!.slug !== current.slug || row!.isPublished !== current.isPublished;
      if (row!.isPublished && !current.isPublished) await recordWebhookEvent(tx, WEBHOOK_EVENT.pagePublished, toPage(row!));
      return toPage(row!);
    }));
  // Its body or description only: just the pages that show this page (`/p/{slug}`) are dropped (issue 28 §2).
  if (changesTheList) events.emit('pages');
  else events.emit('pages', `page:${page.slug}`);
  return page;
}

export async function deletePage({ db, events }: PageDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id, slug: pages.slug });
    if (deleted.length === 0) throw notFound(PAGE_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, { action: 'page.delete', entityId: id, details: { slug: deleted[0]!.slug } });
  });
  events.emit('pages');
}

/** The page, or its 404 (its history, its presence). */
export async function pageRow(db: Executor, id: number): Promise<Row> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  if (!row) throw notFound(PAGE_TEXTS.notFound);
  return row;
}

/** Stores the editor's unsaved fields over the page's as an autosave revision. The page itself is not written. */
export async function autosavePage(
  { db }: PageDeps,
  { actor, input: { id, changes } }: Pick<RequestContext, 'actor'> & { input: { id: number; changes: z.output<typeof AutosavePageSchema> } },
): Promise<RevisionSummary> {
  const current = await pageRow(db, id);
  const fields = pageRevisionFields(current);
  if (changes.title !== undefined) fields.title = changes.title;
  if (changes.content !== undefined) fields.content = changes.content;
  if (changes.meta_description !== undefined) fields.metaDescription = changes.meta_description;
  return recordAutosave(db, { documentType: PAGE_DOCUMENT, documentId: id, actor, version: changes.version ?? current.version, fields });
}

/** Restores a revision's fields as a new save (a `restore` revision; the slug and publish state stay). */
export async function restorePageRevision(
  deps: PageDeps,
  { actor, meta, input: { id, revisionId, version } }: RequestContext & { input: { id: number; revisionId: number; version: number | undefined } },
): Promise<Page> {
  await pageRow(deps.db, id);
  const { fields } = await readRevision(deps.db, PAGE_DOCUMENT, id, revisionId, PageRevisionFieldsSchema);
  return updatePage(deps, {
    actor,
    meta,
    input: { id, restoredFrom: revisionId, changes: { version, title: fields.title, content: fields.content, meta_description: fields.metaDescription } },
  });
}
