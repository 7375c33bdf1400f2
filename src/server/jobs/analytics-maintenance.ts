/**
 * Site analytics upkeep (issue 40 §2, decision 0066), one pg-boss schedule across every instance, hourly: the
 * completed hours of the last two days are rolled up into `analytics_hourly` (rewritten whole, so a rerun or a late
 * batch is harmless), and raw events older than RAW_EVENT_DAYS are deleted. Roll-ups are kept for ever.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { JobQueue } from './queue.ts';

export const ANALYTICS_MAINTENANCE_JOB = 'analytics.maintain';
/** Every hour at minute 7, after the hour's last batches are written. */
const ANALYTICS_MAINTENANCE_CRON = '7 * * * *';
export const RAW_EVENT_DAYS = 30;
const ROLL_UP_HOURS = 48;

const count = (result: unknown): number => {
  const rows = Array.isArray(result) ? result : (result as { rows: Array<{ n: number | string }> }).rows;
  return Number((rows[0] as { n?: number | string } | undefined)?.n ?? 0);
};

/** Rolls up the completed hours of the last two days and prunes old raw events; returns what it did. */
export async function maintainAnalytics(db: Database, now: Date): Promise<{ rolledUp: number; pruned: number }> {
  const hourEnd = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const hourStart = new Date(hourEnd.getTime() - ROLL_UP_HOURS * 3_600_000);
  const rolledUp = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_hourly where hour >= ${hourStart.toISOString()} and hour < ${hourEnd.toISOString()}`);
    return count(
      await tx.execute(sql`with added as (
          insert into analytics_hourly (hour, kind, path, referrer_domain, utm_source, utm_medium, utm_campaign, country, device, browser, views, visitors)
          select date_trunc('hour', at), kind, path, coalesce(referrer_domain, ''), coalesce(utm_source, ''), coalesce(utm_medium, ''),
                 coalesce(utm_campaign, ''), coalesce(country, ''), device, browser, count(*), count(distinct visitor_hash)
          from analytics_events where at >= ${hourStart.toISOString()} and at < ${hourEnd.toISOString()}
          group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          returning 1
        ) select count(*) as n from added`),
    );
  });
  const cutoff = new Date(now.getTime() - RAW_EVENT_DAYS * 86_400_000);
  const pruned = count(
    await db.execute(sql`with gone as (delete from analytics_events where at < ${cutoff.toISOString()} returning 1) select count(*) as n from gone`),
  );
  return { rolledUp, pruned };
}

export async function startAnalyticsMaintenance(
  queue: JobQueue,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): Promise<void> {
  await queue.consume(ANALYTICS_MAINTENANCE_JOB, { concurrency: 1 }, async () => {
    const done = await maintainAnalytics(db, now());
    log.info(done, 'analytics rolled up and pruned');
  });
  await queue.schedule(ANALYTICS_MAINTENANCE_JOB, ANALYTICS_MAINTENANCE_CRON);
}
