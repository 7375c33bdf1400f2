/**
 * Testimonials (spec §3 Testimonial, issue 12): the admin CRUD (audited `testimonial.*`, announced on
 * `contentEvents`) and the published list the home page's social-proof section reads (featured first).
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  TESTIMONIAL_TEXTS,
  type CreateTestimonialSchema,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialListQuerySchema,
  type UpdateTestimonialSchema,
} from '../../../shared/schemas/testimonials.ts';
import type { Database } from '../../db/client.ts';
import { testimonials } from '../../db/schema.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { findResponsiveImages } from '../../lib/responsive-images.ts';
import { apiRow } from '../../lib/api-row.ts';

type Row = typeof testimonials.$inferSelect;
export type TestimonialDeps = ContentWriteDeps;

function toTestimonial(row: Row): Testimonial {
  return apiRow(row, ['id', 'customerName', 'customerTitle', 'customerCompany', 'testimonialText', 'rating', 'avatarUrl', 'isFeatured', 'isPublished', 'createdAt']);
}

function toPublic(row: Row): PublicTestimonial {
  const { isPublished: _published, createdAt: _created, ...rest } = toTestimonial(row);
  return rest;
}

/** Featured first, then newest. */
const displayOrder = [desc(testimonials.isFeatured), desc(testimonials.createdAt), desc(testimonials.id)];

/** Admin list: searched (name, title, company, text), filtered by published, paged, with the total. */
export async function listTestimonials(
  db: Database,
  query: z.output<typeof TestimonialListQuerySchema>,
): Promise<{ items: Testimonial[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.published) conditions.push(eq(testimonials.isPublished, query.published === 'true'));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(testimonials.customerName, pattern),
        ilike(testimonials.customerTitle, pattern),
        ilike(testimonials.customerCompany, pattern),
        ilike(testimonials.testimonialText, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(testimonials).where(where).orderBy(...displayOrder).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(testimonials).where(where),
  ]);
  return { items: rows.map(toTestimonial), total: total?.total ?? 0 };
}

/** Published testimonials, featured first (the home page; `GET /api/testimonials?published=true`). */
export async function listPublishedTestimonials(db: Database, { limit = 50, offset = 0 } = {}): Promise<{ items: PublicTestimonial[]; total: number }> {
  const where = eq(testimonials.isPublished, true);
  const [rows, [total]] = await Promise.all([
    db.select().from(testimonials).where(where).orderBy(...displayOrder).limit(limit).offset(offset),
    db.select({ total: count() }).from(testimonials).where(where),
  ]);
  // The photos' sizes (issue 39 §3): one query for the page.
  const images = await findResponsiveImages(db, rows.map((row) => row.avatarUrl));
  return { items: rows.map((row) => ({ ...toPublic(row), avatarImage: images.get(row.avatarUrl ?? '') ?? null })), total: total?.total ?? 0 };
}

export async function getTestimonial(db: Database, id: number): Promise<Testimonial> {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  if (!row) throw notFound(TESTIMONIAL_TEXTS.notFound);
  return toTestimonial(row);
}

export async function createTestimonial(
  { db, events }: TestimonialDeps,
  { actor, meta, input }: RequestContext & { input: z.output<typeof CreateTestimonialSchema> },
): Promise<Testimonial> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testimonials)
      .values({
        customerName: input.customer_name,
        customerTitle: input.customer_title ?? null,
        customerCompany: input.customer_company ?? null,
        testimonialText: input.testimonial_text,
        rating: input.rating ?? null,
        avatarUrl: input.avatar_url ?? null,
        isFeatured: input.is_featured,
        isPublished: input.is_published,
        createdBy: actorUserId(actor),
      })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'testimonial.create', entityId: row!.id });
    return toTestimonial(row!);
  });
  events.emit('testimonials');
  return created;
}

export async function updateTestimonial(
  { db, events }: TestimonialDeps,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateTestimonialSchema> } },
): Promise<Testimonial> {
  const updated = await db.transaction(async (tx) => {
    const columns: Partial<typeof testimonials.$inferInsert> = {};
    if (changes.customer_name !== undefined) columns.customerName = changes.customer_name;
    if (changes.customer_title !== undefined) columns.customerTitle = changes.customer_title;
    if (changes.customer_company !== undefined) columns.customerCompany = changes.customer_company;
    if (changes.testimonial_text !== undefined) columns.testimonialText = changes.testimonial_text;
    if (changes.rating !== undefined) columns.rating = changes.rating;
    if (changes.avatar_url !== undefined) columns.avatarUrl = changes.avatar_url;
    if (changes.is_featured !== undefined) columns.isFeatured = changes.is_featured;
    if (changes.is_published !== undefined) columns.isPublished = changes.is_published;
    const [row] =
      Object.keys(columns).length > 0
        ? await tx.update(testimonials).set(columns).where(eq(testimonials.id, id)).returning()
        : await tx.select().from(testimonials).where(eq(testimonials.id, id));
    if (!row) throw notFound(TESTIMONIAL_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, { action: 'testimonial.update', entityId: id, details: { fields: Object.keys(changes) } });
    return toTestimonial(row);
  });
  events.emit('testimonials');
  return updated;
}

export async function deleteTestimonial({ db, events }: TestimonialDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
    if (deleted.length === 0) throw notFound(TESTIMONIAL_TEXTS.notFound);
    await writeAudit(tx, { actor, meta }, { action: 'testimonial.delete', entityId: id });
  });
  events.emit('testimonials');
}
