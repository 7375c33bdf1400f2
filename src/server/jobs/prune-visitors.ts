/**
 * The "who was counted today" rows (decision 0021: blog views, campaign visits, product clicks) are only needed on
 * the day they count for: a visitor key changes every UTC day, so an older row can never match again. They are
 * deleted once a day (keeping yesterday's, so a count that straddles midnight still finds its row), by one job that
 * pg-boss schedules once across every instance.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { affiliateProductClickVisitors, blogPostVisitors, campaignVisitors } from '../db/schema.ts';
import { utcDay } from '../lib/utc-day.ts';
import type { JobQueue } from './queue.ts';

export const PRUNE_VISITORS_JOB = 'visitors.prune';
/** Every day at 00:17 UTC, away from the hour when other schedules pile up. */
const PRUNE_VISITORS_CRON = '17 0 * * *';

/** Deletes the visitor rows of days before yesterday (UTC); returns how many went from each table. */
export async function pruneVisitorRows(db: Database, now: Date): Promise<Record<'posts' | 'campaigns' | 'products', number>> {
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  // One statement per table, counted in the database (a busy day leaves many rows: none are sent back).
  const prune = async (table: typeof blogPostVisitors | typeof campaignVisitors | typeof affiliateProductClickVisitors) => {
    const result = await db.execute<{ n: number | string }>(
      sql`with gone as (delete from ${table} where ${table.day} < ${yesterday} returning 1) select count(*) as n from gone`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: Array<{ n: number | string }> }).rows;
    return Number(rows[0]?.n ?? 0);
  };
  const [posts, campaigns, products] = await Promise.all([
    prune(blogPostVisitors),
    prune(campaignVisitors),
    prune(affiliateProductClickVisitors),
  ]);
  return { posts, campaigns, products };
}

export async function startVisitorPruning(
  queue: JobQueue,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): Promise<void> {
  await queue.consume(PRUNE_VISITORS_JOB, { concurrency: 1 }, async () => {
    const deleted = await pruneVisitorRows(db, now());
    log.info({ deleted }, 'old visitor rows deleted');
  });
  await queue.schedule(PRUNE_VISITORS_JOB, PRUNE_VISITORS_CRON);
}
