/** FAQs (spec §3 FAQ): the admin CRUD and the published list the help page and its loader read. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateFaqSchema, Faq, PublicFaq, UpdateFaqSchema } from '../../../shared/schemas/faqs.ts';
import type { Database } from '../../db/client.ts';
import { faqs } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

type FaqRow = typeof faqs.$inferSelect;
export const FAQ_NOT_FOUND = 'FAQ not found';

function toFaq(row: FaqRow): Faq {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    display_order: row.displayOrder,
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
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

export async function listPublishedFaqs(db: Database): Promise<PublicFaq[]> {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.isPublished, true))
    .orderBy(...inDisplayOrder);
}

export async function createFaq(
  db: Database,
  { actor, meta, input }: RequestContext & { input: z.output<typeof CreateFaqSchema> },
): Promise<Faq> {
  return db.transaction(async (tx) => {
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
}

export async function updateFaq(
  db: Database,
  { actor, meta, input: { id, changes: input } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateFaqSchema> } },
): Promise<Faq> {
  return db.transaction(async (tx) => {
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
    await writeAudit(tx, { actor, meta }, { action: 'faq.update', entityId: id, details: { fields: Object.keys(input) } });
    return toFaq(row);
  });
}

export async function deleteFaq(db: Database, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
    if (deleted.length === 0) throw notFound(FAQ_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'faq.delete', entityId: id });
  });
}
