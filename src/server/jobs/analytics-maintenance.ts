/**
 * Site analytics upkeep (issue 40 §2, decisions 0066, 0068 and 0071), two pg-boss schedules shared by every
 * instance:
 * - every minute, `analytics.rollup` brings the roll-ups (`analytics_daily`, `analytics_downloads_daily`) up to
 *   the events written since its last run: for the visitor-days with an event not rolled yet, each unit counted
 *   now minus as the roll-up counted it is added to its row (lib/analytics-changes.ts, the arithmetic the reads
 *   use), and those events are marked rolled, in one statement — one snapshot, so a batch written meanwhile waits
 *   for the next run, and a dashboard read sees the roll-ups and the marks together. Its cost follows the events
 *   of the minute, not the day;
 * - every hour (minute 7), `analytics.maintain` rolls up, then deletes the rolled raw events older than
 *   RAW_EVENT_DAYS; roll-ups are kept for ever.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { DOWNLOAD_DIMENSION_ROWS, downloadChanges, pendingEvents, UNIT_SUMS, unitChanges } from '../lib/analytics-changes.ts';
import { PAGE_FILTERED_DIMENSIONS, RAW_EVENT_DAYS, VISIT_DIMENSIONS } from '../lib/analytics-visits.ts';
import { rowsOf } from '../lib/sql.ts';
import type { JobQueue } from './queue.ts';

export const ANALYTICS_ROLLUP_JOB = 'analytics.rollup';
export const ANALYTICS_MAINTENANCE_JOB = 'analytics.maintain';
const ANALYTICS_ROLLUP_CRON = '* * * * *';
/** Every hour at minute 7. */
const ANALYTICS_MAINTENANCE_CRON = '7 * * * *';
const DAY_MS = 86_400_000;
/** A unit change that moves a row. */
const CHANGED = sql`(sum(sign) <> 0 or sum(sign * n) <> 0 or sum(sign) filter (where n = 1) <> 0 or sum(sign * d) <> 0)`;

interface RollUpResult {
  /** Events newly counted by the roll-ups. */
  events: number;
  /** Roll-up rows added or changed. */
  rows: number;
}

/**
 * Adds the events not rolled yet to the roll-ups and marks them rolled (decision 0071). One run at a time across
 * instances (an advisory lock); a second run waits, then finds nothing left or what came meanwhile.
 */
export async function rollUpAnalytics(db: Database): Promise<RollUpResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_rollup'))`);
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
    // After the lock, so this statement's snapshot sees the previous run's marks.
    const [done] = rowsOf<{ events: string; rows: string; emptied_daily: unknown[] | null; emptied_downloads: unknown[] | null }>(
      await tx.execute(sql`with ${pendingEvents()},
        ${unitChanges({ kinds: ['view', 'not_found'], dims: ['page', ...VISIT_DIMENSIONS], pageDims: PAGE_FILTERED_DIMENSIONS, withRolled: true })},
        ${downloadChanges()}, daily_rows as (
          insert into analytics_daily (kind, dim, page, source, country, day, value, visits, views, bounces, duration_ms)
          -- Every dimension unfiltered, per source, per country, and per source and country (decision 0082).
          select kind, dim, '', case when grouping(v_source) = 0 then v_source else '' end,
                 case when grouping(v_country) = 0 then v_country else '' end, day, value, ${UNIT_SUMS}
          from unit_changes where value is not null and page = ''
          group by grouping sets ((kind, dim, day, value), (kind, dim, day, value, v_source), (kind, dim, day, value, v_country),
            (kind, dim, day, value, v_source, v_country))
          having (grouping(v_country) = 1 or v_country is not null) and ${CHANGED}
          union all
          -- The visit dimensions under each page filter alone (the visits' views of that page; the lists of views).
          select kind, dim, page, '', '', day, value, ${UNIT_SUMS}
          from unit_changes where value is not null and page <> '' and kind = 'view'
          group by kind, dim, page, day, value
          having ${CHANGED}
          union all
          -- Download clicks per funnel group (their count as visits and views): unfiltered, per source, per country,
          -- per source and country, and per entry page (the funnel's page filter); the rows per day and attribution
          -- answer a page filter with source or country.
          select 'download', dim, '', case when grouping(source) = 0 then source else '' end,
                 case when grouping(country) = 0 then country else '' end, day, value, sum(downloads), sum(downloads), 0, 0
          from download_changes cross join lateral (values ${DOWNLOAD_DIMENSION_ROWS}) as x(dim, value)
          where value is not null
          group by grouping sets ((dim, day, value), (dim, day, value, source), (dim, day, value, country), (dim, day, value, source, country))
          having (grouping(country) = 1 or country is not null) and sum(downloads) <> 0
          union all
          select 'download', dim, entry_path, '', '', day, value, sum(downloads), sum(downloads), 0, 0
          from download_changes cross join lateral (values ${DOWNLOAD_DIMENSION_ROWS}) as x(dim, value)
          where value is not null and entry_path is not null
          group by dim, entry_path, day, value
          having sum(downloads) <> 0
          on conflict (kind, dim, page, source, country, day, value) do update set visits = analytics_daily.visits + excluded.visits,
            views = analytics_daily.views + excluded.views, bounces = analytics_daily.bounces + excluded.bounces,
            duration_ms = analytics_daily.duration_ms + excluded.duration_ms
          returning kind, dim, page, source, country, day, value, visits
        ), download_rows as (
          insert into analytics_downloads_daily (day, source, campaign, entry_path, country, downloads)
          select day, source, campaign, entry_path, country, sum(downloads) from download_changes
          group by 1, 2, 3, 4, 5 having sum(downloads) <> 0
          on conflict (day, source, campaign, entry_path, country) do update set downloads = analytics_downloads_daily.downloads + excluded.downloads
          returning day, source, campaign, entry_path, country, downloads
        ), marked as (
          update analytics_events set rolled = true where not rolled returning 1
        )
        select (select count(*) from marked) as events, (select count(*) from daily_rows) + (select count(*) from download_rows) as rows,
          (select json_agg(z) from daily_rows as z where z.visits = 0) as emptied_daily,
          (select json_agg(z) from download_rows as z where z.downloads = 0) as emptied_downloads`),
    );
    // A row can come back to 0: a visit or a download counted under another value now (a view after a download,
    // a batch written late). Deleted, so the roll-ups hold only what counts.
    if (done?.emptied_daily)
      await tx.execute(sql`delete from analytics_daily as d
        using json_to_recordset(${JSON.stringify(done.emptied_daily)}::json) as z(kind text, dim text, page text, source text, country text, day date, value text)
        where (d.kind, d.dim, d.page, d.source, d.country, d.day, d.value) = (z.kind, z.dim, z.page, z.source, z.country, z.day, z.value) and d.visits = 0`);
    if (done?.emptied_downloads)
      await tx.execute(sql`delete from analytics_downloads_daily as d
        using json_to_recordset(${JSON.stringify(done.emptied_downloads)}::json) as z(day date, source text, campaign text, entry_path text, country text)
        where d.day = z.day and d.source = z.source and d.campaign is not distinct from z.campaign
          and d.entry_path is not distinct from z.entry_path and d.country is not distinct from z.country and d.downloads = 0`);
    return { events: Number(done?.events ?? 0), rows: Number(done?.rows ?? 0) };
  });
}

/** Rolls up, then deletes the rolled raw events older than RAW_EVENT_DAYS; returns what it did. */
export async function maintainAnalytics(db: Database, now: Date): Promise<{ rolledUp: number; pruned: number }> {
  const { rows } = await rollUpAnalytics(db);
  const cutoff = new Date(now.getTime() - RAW_EVENT_DAYS * DAY_MS);
  const [gone] = rowsOf<{ n: string }>(
    await db.execute(sql`with gone as (delete from analytics_events where at < ${cutoff.toISOString()} and rolled returning 1) select count(*) as n from gone`),
  );
  return { rolledUp: rows, pruned: Number(gone?.n ?? 0) };
}

export async function startAnalyticsMaintenance(
  queue: JobQueue,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): Promise<void> {
  await queue.consume(ANALYTICS_ROLLUP_JOB, { concurrency: 1 }, async () => {
    const done = await rollUpAnalytics(db);
    if (done.events) log.debug(done, 'analytics rolled up');
  });
  await queue.consume(ANALYTICS_MAINTENANCE_JOB, { concurrency: 1 }, async () => {
    const done = await maintainAnalytics(db, now());
    log.info(done, 'analytics rolled up and pruned');
  });
  await queue.schedule(ANALYTICS_ROLLUP_JOB, ANALYTICS_ROLLUP_CRON);
  await queue.schedule(ANALYTICS_MAINTENANCE_JOB, ANALYTICS_MAINTENANCE_CRON);
}
