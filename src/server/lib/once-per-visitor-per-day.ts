/**
 * "Counted once per visitor per UTC day" (decision 0021), one way for every day-keyed counter: blog views, campaign
 * visits, affiliate clicks. The visitor's key for the day (none for a bot or a network past its counting rate) is
 * recorded for the thing counted; only the first record of the day adds one to the day's total, so a repeat — or
 * the same visitor served by another instance — counts nothing. Both writes share one transaction, so a total never
 * runs ahead of its visitor rows. The visitor rows are pruned by day (jobs/prune-visitors.ts).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { utcDay } from './utc-day.ts';
import type { Visitor, VisitorKeys } from './visitor-key.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type ColumnName<Table extends PgTable> = keyof Table['_']['columns'] & string;

/** The two tables of one counter; each has a `day` column, the visitor rows a `visitorHash` too. */
export interface DailyCounter<Visitors extends PgTable, Totals extends PgTable> {
  /** Who was counted: (thing, day, visitorHash), whose primary key refuses a second count. */
  visitors: Visitors;
  /** The day's total per thing: (thing, day, count). */
  totals: Totals;
  /** The column that names the thing counted, the same in both tables (`postId`, `campaignId`, `productId`). */
  thing: ColumnName<Visitors> & ColumnName<Totals>;
  /** The total's column (`views`, `visits`, `clicks`). */
  count: ColumnName<Totals>;
}

export interface CountDeps {
  db: Database;
  visitors: VisitorKeys;
  now: Date;
}

/**
 * Counts `visitor` for `thingId` today, unless already counted today or not countable; true when counted.
 * `alsoWhenCounted` runs in the same transaction after a count (the blog's running total on the post).
 */
export async function countOncePerVisitorPerDay<Visitors extends PgTable, Totals extends PgTable>(
  { db, visitors, now }: CountDeps,
  counter: DailyCounter<Visitors, Totals>,
  thingId: string | number,
  visitor: Visitor,
  alsoWhenCounted?: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  const visitorHash = visitors.countable(visitor, now);
  if (!visitorHash) return false;
  const day = utcDay(now);
  const totals = getTableColumns(counter.totals) as Record<string, PgColumn>;
  return db.transaction(async (tx) => {
    // Generic tables: the column names are checked by DailyCounter's types, the row shapes cannot be spelled here.
    const recorded = await tx
      .insert(counter.visitors)
      .values({ [counter.thing]: thingId, day, visitorHash } as PgInsertValue<Visitors>)
      .onConflictDoNothing()
      .returning({ day: sql`1` });
    if (recorded.length === 0) return false;
    await tx
      .insert(counter.totals)
      .values({ [counter.thing]: thingId, day, [counter.count]: 1 } as PgInsertValue<Totals>)
      .onConflictDoUpdate({
        target: [totals[counter.thing]!, totals.day!],
        set: { [counter.count]: sql`${totals[counter.count]} + 1` } as PgUpdateSetSource<Totals>,
      });
    await alsoWhenCounted?.(tx);
    return true;
  });
}
