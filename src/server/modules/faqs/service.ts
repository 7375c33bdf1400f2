/** FAQs (spec §3 FAQ): the admin CRUD and the published list the help page and its loader read. */
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateFaqSchema, Faq, PublicFaq, ReorderFaqsSchema, UpdateFaqSchema } from '../../../shared/schemas/faqs.ts';
import type { Database } from '../../db/client.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { faqs } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { apiRow } from '../../lib/api-row.ts';

type FaqRow = typeof faqs.$inferSelect;
export const FAQ_NOT_FOUND = 'FAQ not found';

function toFaq(row: FaqRow): Faq {
  return apiRow(row, ['id', 'question', 'answer', 'displayOrder', 'isPublished', 'createdAt', 'updatedAt']);
}

const inDisplayOrder = [asc(faqs.displayOrder), asc(faqs.id)];

/** Every FAQ, or only the published (true) or unpublished (false) ones, in display order. */
export async function listFaqs(db: Database, published?: boolean): Promise<Faq[]> {
  const rows = await db
    .select()
    .from(faqs)
    .where(published === undefined ? undefined : eq(faqs.isPublished, published))
    .orderBy(...inDisplayOrder);
  return rows.map(toFaq);
}

/** Rendered answers by FAQ id and version (updatedAt), so a help page view renders no Markdown. */
const renderedAnswers = new Map<number, { version: number; html: string }>();

/** An answer's Markdown as sanitised HTML (the one Markdown renderer, `src/shared/markdown.ts`, as the blog renders posts). */
function answerHtml(row: Pick<FaqRow, 'id' | 'answer' | 'updatedAt'>): string {
  const version = row.updatedAt.getTime();
  const cached = renderedAnswers.get(row.id);
  if (cached?.version === version) return cached.html;
  const html = renderMarkdown(row.answer);
  if (renderedAnswers.size >= 1000) renderedAnswers.clear();
  renderedAnswers.set(row.id, { version, html });
  return html;
}

/** The published FAQs with their answers rendered (the /help loader and `GET /api/faqs?published=true`). */
export async function listPublishedFaqs(db: Database): Promise<PublicFaq[]> {
  const rows = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, updatedAt: faqs.updatedAt })
    .from(faqs)
    .where(eq(faqs.isPublished, true))
    .orderBy(...inDisplayOrder);
  return rows.map((row) => ({ id: row.id, question: row.question, answer: row.answer, answerHtml: answerHtml(row) }));
}

/** The published list in the admin shape plus `answerHtml` (the public API answers with this). */
export async function listPublishedFaqsWithHtml(db: Database): Promise<Faq[]> {
  const rows = await db.select().from(faqs).where(eq(faqs.isPublished, true)).orderBy(...inDisplayOrder);
  return rows.map((row) => ({ ...toFaq(row), answerHtml: answerHtml(row) }));
}

export const REORDER_STALE_ERROR = 'The FAQ list has changed; reload and try again';

/**
 * `POST /api/faqs/reorder`: `ids` must name every FAQ exactly once; they get display orders 0, 1, 2 … in that
 * order (one UPDATE). A list that misses or adds an FAQ (another admin changed the list meanwhile) is refused
 * with 409 rather than half-applied.
 */
export async function reorderFaqs(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { ids } }: RequestContext & { input: z.output<typeof ReorderFaqsSchema> },
): Promise<Faq[]> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: faqs.id }).from(faqs).for('update');
    const known = new Set(existing.map((row) => row.id));
    if (existing.length !== ids.length || ids.some((id) => !known.has(id))) throw conflict(REORDER_STALE_ERROR);
    const cases = sql.join(
      ids.map((id, index) => sql`when ${id}::int then ${index}::int`),
      sql` `,
    );
    await tx
      .update(faqs)
      .set({ displayOrder: sql`case ${faqs.id} ${cases} end`, updatedAt: new Date() })
      .where(sql`${faqs.id} in (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)})`);
    await writeAudit(tx, { actor, meta }, { action: 'faq.reorder', details: { ids } });
  });
  events.emit('faqs');
  return listFaqs(db);
}

export async function createFaq(
  { db, events }: ContentWriteDeps,
  { actor, meta, input }: RequestContext & { input: z.output<typeof CreateFaqSchema> },
): Promise<Faq> {
  const faq = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(faqs)
      .values({
        question: input.question,
        answer: input.answer,
        displayOrder: input.display_order,
        isPublished: input.is_published,
        createdBy: actorUserId(actor),
      })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'faq.create', entityId: row!.id });
    return toFaq(row!);
  });
  events.emit('faqs');
  return faq;
}

export async function updateFaq(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { id, changes: input } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateFaqSchema> } },
): Promise<Faq> {
  const faq = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
    if (!current) throw notFound(FAQ_NOT_FOUND);
    const [row] = await tx
      .update(faqs)
      .set({
        question: input.question,
        answer: input.answer,
        displayOrder: input.display_order,
        isPublished: input.is_published,
        updatedAt: new Date(),
      })
      .where(eq(faqs.id, id))
      .returning();
    if (!row) throw notFound(FAQ_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, {
      action: 'faq.update',
      entityId: id,
      details: { fields: Object.keys(input) },
      change: { before: current, after: row },
    });
    return toFaq(row);
  });
  events.emit('faqs');
  return faq;
}

export async function deleteFaq(
  { db, events }: ContentWriteDeps,
  { actor, meta, input: { id } }: RequestContext & { input: { id: number } },
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
    if (deleted.length === 0) throw notFound(FAQ_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'faq.delete', entityId: id });
  });
  events.emit('faqs');
}
