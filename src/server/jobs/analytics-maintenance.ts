/**
 * Site analytics upkeep (issue 40 §2, decisions 0066 and 0068), one pg-boss schedule across every instance, hourly:
 * the days touched since the last run are rolled up whole from the raw events before the current hour into
 * `analytics_daily` (visits, views, bounces and durations per day, dimension, source and country) and
 * `analytics_downloads_daily` (download clicks under their visit), and `analytics_rollup.rolled_until` moves to
 * that hour, in one transaction: a dashboard read sees the roll-ups and the mark together and reads the raw events
 * only from the mark on. Rewriting whole days makes a rerun harmless. Raw events older than RAW_EVENT_DAYS are then
 * deleted; roll-ups are kept for ever.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  DOWNLOAD_VISIT_WINDOW,
  downloadAttribution,
  durationMs,
  EVENT_COLUMNS,
  VISIT_COLUMNS,
  VISIT_DIMENSION_VALUES,
  VISIT_DIMENSIONS,
  VISIT_WINDOW,
} from '../lib/analytics-visits.ts';
import type { JobQueue } from './queue.ts';

export const ANALYTICS_MAINTENANCE_JOB = 'analytics.maintain';
/** Every hour at minute 7, after the hour's last batches are written. */
const ANALYTICS_MAINTENANCE_CRON = '7 * * * *';
export const RAW_EVENT_DAYS = 30;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
const count = (result: unknown): number => Number(rowsOf<{ n?: number | string }>(result)[0]?.n ?? 0);

const dimensionRows = (dims: readonly (typeof VISIT_DIMENSIONS)[number][]) =>
  sql.join(
    dims.map((dim) => sql`(${dim}, ${VISIT_DIMENSION_VALUES[dim]})`),
    sql`, `,
  );

const VISIT_GROUP = sql`kind, visitor_hash, day, v_entry, v_source, v_campaign, v_referrer, v_country, v_device, v_browser`;

/**
 * The roll-up rows of the events in [from, until): each visit gives one unit per visit dimension, each visit's
 * views of one page one unit of `page`; the units are summed unfiltered, per source and per country. (Every
 * combination of filters, or per page, would make the roll-up larger than the raw events: decision 0068.)
 */
export function dailyRows(from: Date, until: Date): SQL {
  return sql`
    with e as (
      select ${EVENT_COLUMNS} from analytics_events
      where kind in ('view', 'not_found') and at >= ${from.toISOString()} and at < ${until.toISOString()}
    ), ev as (
      select e.*, ${VISIT_COLUMNS} from e ${VISIT_WINDOW}
    ), visit_units as (
      select ${VISIT_GROUP}, count(*) as n, ${durationMs(sql`max(at)`, sql`min(at)`)} as d from ev where kind = 'view' group by ${VISIT_GROUP}
    ), page_units as (
      select ${VISIT_GROUP}, path, count(*) as n, ${durationMs(sql`max(at)`, sql`min(at)`)} as d from ev group by ${VISIT_GROUP}, path
    ), units as (
      select kind, day, n, d, x.dim, x.value, v_source, v_country
      from visit_units cross join lateral (values ${dimensionRows(VISIT_DIMENSIONS)}) as x(dim, value)
      union all
      select kind, day, n, d, 'page', path, v_source, v_country from page_units
    )
    select kind, dim, case when grouping(v_source) = 0 then v_source else '' end as source,
           case when grouping(v_country) = 0 then v_country else '' end as country, day, value,
           count(*) as visits, sum(n) as views, count(*) filter (where n = 1) as bounces, sum(d) as duration_ms
    from units where value is not null
    group by grouping sets ((kind, dim, day, value), (kind, dim, day, value, v_source), (kind, dim, day, value, v_country))
    having grouping(v_country) = 1 or v_country is not null`;
}

/** Download clicks in [from, until) under their visit of that day (else their own UTM values and referrer). */
function downloadRows(from: Date, until: Date): SQL {
  return sql`
    with e as (
      select ${EVENT_COLUMNS} from analytics_events
      where kind in ('view', 'download') and at >= ${from.toISOString()} and at < ${until.toISOString()}
    ), ev as (
      select e.*, first_value(kind) over visit = 'view' as has_visit, ${VISIT_COLUMNS} from e ${DOWNLOAD_VISIT_WINDOW}
    )
    select day, source, campaign, entry_path, country, count(*) as downloads
    from (select day, ${downloadAttribution(sql`has_visit`)} from ev where kind = 'download') as attributed
    group by 1, 2, 3, 4, 5`;
}

/**
 * Rolls up the days touched since the last run (every day of the raw events on the first run) from the events
 * before the current hour, and prunes old raw events; returns what it did.
 */
export async function maintainAnalytics(db: Database, now: Date): Promise<{ rolledUp: number; pruned: number; rolledUntil: Date }> {
  const until = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const rolledUp = await db.transaction(async (tx) => {
    // One run at a time: a second instance's run waits, then rolls the same days again (harmless).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_rollup'))`);
    const [mark] = rowsOf<{ rolled_until: string | Date }>(await tx.execute(sql`select rolled_until from analytics_rollup where id = 1`));
    const since = mark ? new Date(Math.min(new Date(mark.rolled_until).getTime(), until.getTime() - HOUR_MS)) : new Date(until.getTime() - RAW_EVENT_DAYS * DAY_MS);
    const from = new Date(Math.floor(since.getTime() / DAY_MS) * DAY_MS);
    const fromDay = from.toISOString().slice(0, 10);
    await tx.execute(sql`delete from analytics_daily where day >= ${fromDay}`);
    await tx.execute(sql`delete from analytics_downloads_daily where day >= ${fromDay}`);
    const daily = count(
      await tx.execute(sql`with added as (
          insert into analytics_daily (kind, dim, source, country, day, value, visits, views, bounces, duration_ms)
          ${dailyRows(from, until)}
          returning 1
        ) select count(*) as n from added`),
    );
    const downloads = count(
      await tx.execute(sql`with added as (
          insert into analytics_downloads_daily (day, source, campaign, entry_path, country, downloads)
          ${downloadRows(from, until)}
          returning 1
        ) select count(*) as n from added`),
    );
    await tx.execute(sql`insert into analytics_rollup (id, rolled_until) values (1, ${until.toISOString()})
      on conflict (id) do update set rolled_until = excluded.rolled_until`);
    return daily + downloads;
  });
  const cutoff = new Date(now.getTime() - RAW_EVENT_DAYS * DAY_MS);
  const pruned = count(
    await db.execute(sql`with gone as (delete from analytics_events where at < ${cutoff.toISOString()} returning 1) select count(*) as n from gone`),
  );
  return { rolledUp, pruned, rolledUntil: until };
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
