/**
 * Slugs, one rule for every table that has them (blog posts and tags, campaigns, pages): made from a title, made
 * unique with a numbered suffix (`base`, `base-2`, `base-3`…), refused with a 409 when a writer names one that is
 * taken, and defended at the unique index when two writers race for one (409 then too, never a 500).
 *
 * Taken slugs are found by comparing text (`starts_with`), never by a pattern, so a slug needs no escaping.
 */
import slugify from '@sindresorhus/slugify';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflict } from './http-errors.ts';
import { uniqueViolation, type Executor } from './sql.ts';

/** A slug from a title or name; a text without a letter or digit gets `fallback`. */
export function slugOf(text: string, fallback: string, options: { maxLength?: number; decamelize?: boolean } = {}): string {
  const { maxLength = 180, decamelize = true } = options;
  return slugify(text, { decamelize }).slice(0, maxLength).replace(/-+$/, '') || fallback;
}

export interface SlugColumn {
  table: PgTable;
  id: AnyPgColumn;
  slug: AnyPgColumn;
  /** The unique index on `slug`: a violation of it, and only of it, is the race this module turns into a 409. */
  uniqueIndex: string;
  /** The 409's text (the spec's, from the module's schema texts). */
  takenText: (slug: string) => string;
}

export interface Slugs {
  /** `base`, else the first free `base-N`, ignoring the row `exceptId` (the one being renamed). */
  unique(db: Executor, base: string, exceptId?: string | number): Promise<string>;
  /** 409 `{ error, details: [{ field: 'slug' }] }` when another row has `slug`. */
  assertFree(db: Executor, slug: string, exceptId?: string | number): Promise<void>;
  /**
   * Runs a write that inserts or changes a slug (its whole transaction): when a concurrent writer committed the
   * same slug first, the unique index refuses this one and the caller gets the same 409 as for a taken slug.
   * `slug()` says which slug the write tried (known only inside the transaction when it was generated).
   */
  guard<T>(slug: () => string | undefined, write: () => Promise<T>): Promise<T>;
}

const except = (column: Pick<SlugColumn, 'id'>, exceptId?: string | number) => (exceptId === undefined ? undefined : ne(column.id, exceptId));

/** `base`, else the first free `base-N` in the table, ignoring the row `exceptId` (the one being renamed). */
export async function uniqueSlug(db: Executor, column: Pick<SlugColumn, 'table' | 'id' | 'slug'>, base: string, exceptId?: string | number): Promise<string> {
  const rows = await db
    .select({ slug: column.slug })
    .from(column.table)
    .where(and(or(eq(column.slug, base), sql`starts_with(${column.slug}, ${`${base}-`})`), except(column, exceptId)));
  const taken = new Set(rows.map((row) => row.slug as string));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function slugsOf(column: SlugColumn): Slugs {
  return {
    unique: (db, base, exceptId) => uniqueSlug(db, column, base, exceptId),
    async assertFree(db, slug, exceptId) {
      const [row] = await db
        .select({ id: column.id })
        .from(column.table)
        .where(and(eq(column.slug, slug), except(column, exceptId)))
        .limit(1);
      if (row) throw conflict(column.takenText(slug), 'slug');
    },
    async guard(slug, write) {
      try {
        return await write();
      } catch (error) {
        if (uniqueViolation(error)?.constraint.includes(column.uniqueIndex)) throw conflict(column.takenText(slug() ?? ''), 'slug');
        throw error;
      }
    },
  };
}
