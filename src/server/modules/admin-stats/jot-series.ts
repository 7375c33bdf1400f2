/**
 * The dashboard's jot series per UTC day (issue 13): the range counts, and the cache of their settled part that the
 * admin-stats module's plugin owns (state in memory is a class beside the service's plain functions, decision 0036).
 */
import { count, gte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { STATS_SERIES_DAYS } from '../../../shared/schemas/admin-stats.ts';
import type { Database } from '../../db/client.ts';
import { jots } from '../../db/schema.ts';

/** `YYYY-MM-DD` of a timestamptz column, in UTC. */
export const utcDayOfColumn = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Jots per UTC day of the series: one index-only range count per day (issue 13), each ending at `until` (exclusive)
 * when given. Grouping the ~80,000 rows of 30 days at a million jots by a per-row day expression cost 80–160 ms;
 * counting index ranges costs a fraction.
 */
export async function jotsPerDay(db: Database, seriesStart: Date, until?: Date): Promise<Array<{ day: string; value: number }>> {
  const end = until ? sql`least(day_start + interval '24 hours', ${until.toISOString()}::timestamptz)` : sql`day_start + interval '24 hours'`;
  const result = await db.execute<{ day: string; value: number | string }>(sql`
    select to_char(day_start at time zone 'UTC', 'YYYY-MM-DD') as day,
           (select count(*) from ${jots} where ${jots.createdAt} >= day_start and ${jots.createdAt} < ${end}) as value
    from (select ${seriesStart.toISOString()}::timestamptz + n * interval '24 hours' as day_start
          from generate_series(0, ${STATS_SERIES_DAYS - 1}::int) as n) as days`);
  return result.rows.map((row) => ({ day: row.day, value: Number(row.value) }));
}

/**
 * The 30-day jot series for the dashboard endpoint, with the settled part kept a minute (issue 13).
 *
 * On a launch day "today" alone is a range of ~170,000 index entries (~20 ms, 40% of the dashboard's budget), and the
 * 29 days before it another 80,000 per request, yet the app never deletes a jot and stamps `created_at` with the
 * insert's own time: jots older than a minute no longer change. So the per-day counts up to a minute before they
 * were read are kept for a minute (like the offset anchors, decision 0013), and each request counts only the jots
 * after that point. A jot inserted or deleted straight in the database behind that point shows within a minute.
 */
export class JotSeriesCache {
  private settled: { seriesStart: number; until: Date; readAt: number; days: Promise<Array<{ day: string; value: number }>> } | null = null;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly settleMs = 60_000,
  ) {}

  async perDay(db: Database, seriesStart: Date, now: Date): Promise<Array<{ day: string; value: number }>> {
    let settled = this.settled;
    if (!settled || settled.seriesStart !== seriesStart.getTime() || now.getTime() - settled.readAt >= this.ttlMs) {
      const until = new Date(now.getTime() - this.settleMs);
      settled = { seriesStart: seriesStart.getTime(), until, readAt: now.getTime(), days: jotsPerDay(db, seriesStart, until) };
      this.settled = settled;
      // A failed read is not kept: the next request tries again.
      settled.days.catch(() => {
        if (this.settled === settled) this.settled = null;
      });
    }
    const day = utcDayOfColumn(jots.createdAt);
    const [days, recent] = await Promise.all([
      settled.days,
      db.select({ day, value: count() }).from(jots).where(gte(jots.createdAt, settled.until)).groupBy(day),
    ]);
    const recentByDay = new Map(recent.map((row) => [row.day, Number(row.value)]));
    return days.map((row) => ({ day: row.day, value: row.value + (recentByDay.get(row.day) ?? 0) }));
  }
}
