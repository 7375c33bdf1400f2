/**
 * The owner/admin reads of site analytics (issue 40 §3–§4): summary with the previous period, the lists, visitors
 * now and the funnel (decision 0068). Every read sums the roll-ups (`analytics_daily`, `analytics_downloads_daily`:
 * every event before `analytics_rollup.rolled_until`) and corrects them with the raw events from that mark on, in
 * one statement (one snapshot): the visitors seen since the mark are read whole for their days, and each of their
 * units is counted as it is now minus as the roll-up counted it. The answer is the raw computation's, exactly, with
 * raw events read for the current hour only.
 *
 * A visit is one visitor's views on one UTC day (lib/analytics-visits.ts): its entry page, source, campaign,
 * referrer, country, device and browser are those of its first view, the path is each view's. The `source` and
 * `country` filters keep the visits that match, `page` the views of that path. Visitors are visits: the visitor
 * hash lives one day, so a person seen on two days is two visitors (as Plausible counts), exactly summed by day.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnalyticsFigures,
  type AnalyticsFunnel,
  type AnalyticsFunnelQuery,
  type AnalyticsList,
  type AnalyticsListResult,
  type AnalyticsQuery,
  type AnalyticsSummary,
  DIRECT_SOURCE,
  LIVE_VISITOR_MINUTES,
} from '../../../shared/schemas/analytics.ts';
import type { Database } from '../../db/client.ts';
import {
  type AnalyticsDimension,
  DOWNLOAD_VISIT_WINDOW,
  downloadAttribution,
  durationMs,
  EVENT_COLUMNS,
  VISIT_COLUMNS,
  VISIT_DIMENSION_VALUES,
  VISIT_WINDOW,
} from '../../lib/analytics-visits.ts';
import { utcDay } from '../../lib/utc-day.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { RAW_EVENT_DAYS } from '../../jobs/analytics-maintenance.ts';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_DAYS = 30;
const LIST_LIMIT = 100;

export interface Range {
  from: string;
  to: string;
  start: Date;
  /** Exclusive: the start of the day after `to`. */
  end: Date;
  days: number;
}

/**
 * One read, in a transaction of its own for two settings: room to sort a current hour's visits in memory, and no
 * JIT compilation (its ~100 ms cost more than these short queries save).
 */
async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
    return tx.execute(query);
  });
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** The query's days (default: the 30 days up to today, UTC). */
export function rangeOf(query: { from?: string; to?: string }, now: Date): Range {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  return { from, to, start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

function previousOf(range: Range): Range {
  const end = range.start;
  const start = new Date(end.getTime() - range.days * DAY_MS);
  return { from: utcDay(start), to: utcDay(new Date(end.getTime() - DAY_MS)), start, end, days: range.days };
}

type Kind = 'view' | 'not_found' | 'download';

/**
 * What one read sums: a dimension, unfiltered or under the source or the country filter (`value` set when the page
 * filter picks the `page` row); `raw` when its filters are not rolled up (decision 0068).
 */
interface UnitRequest {
  kind: 'view' | 'not_found';
  dim: AnalyticsDimension;
  source: string;
  country: string;
  /** The page filter, applied to the raw events (a rolled-up read reads it as `value`). */
  page: string;
  value?: string;
  raw: boolean;
}

export const RAW_ONLY_MESSAGE = `Source and country together, or a page with a list other than pages, can be read for the last ${RAW_EVENT_DAYS} days only`;

/**
 * Which rows answer `dim` under the query's filters. The roll-up holds every dimension unfiltered, per source and
 * per country, and each page's own figures (`page`): the totals and the pages list under a page filter are that
 * page's row. Source and country together, or a page filter with another dimension, are read from the raw events
 * (kept RAW_EVENT_DAYS days): 400 for a range that starts earlier.
 */
function unitRequest(kind: 'view' | 'not_found', dim: AnalyticsDimension, query: AnalyticsQuery, range: Range, now: Date, isPrevious = false): UnitRequest {
  const source = query.source ? query.source.toLowerCase() : '';
  const country = query.country ? query.country.toUpperCase() : '';
  const page = query.page ?? '';
  const pageRow = dim === 'page' || dim === 'total';
  const raw = Boolean((source && country) || (page && !pageRow));
  // The previous period of such a read counts the raw events still kept (docs/analytics.md, known limits).
  if (raw && !isPrevious && range.start.getTime() < now.getTime() - RAW_EVENT_DAYS * DAY_MS) throw badRequest(RAW_ONLY_MESSAGE, [{ field: 'from', message: RAW_ONLY_MESSAGE }]);
  if (page && pageRow) return { kind, dim: 'page', source, country, page, value: page, raw };
  return { kind, dim, source, country, page, raw };
}

/**
 * The CTE `recent`: the events of `kinds` of the visitors seen since the roll-up's mark, on the days from the
 * mark's, in the range, `rolled` when the roll-up holds the event. PostgreSQL joins the visitors to the day's
 * events by hash (a loop over the visitor index, forced with `offset 0`, measured slower at 13,900 visitors).
 */
function recentEvents(kinds: Kind[], range: Range, raw = false): SQL {
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  // A read the roll-up cannot answer takes every event of the range as "recent", none as rolled.
  if (raw)
    return sql`with recent as (
        select ${EVENT_COLUMNS}, false as rolled from analytics_events where kind in (${kindList}) and at >= ${start} and at < ${end}
      ) `;
  return sql`with mark as materialized (
      select coalesce((select rolled_until from analytics_rollup where id = 1), '-infinity'::timestamptz) as at
    ), since as materialized (
      select greatest(${start}::timestamptz, date_trunc('day', at, 'UTC')) as at, at as mark from mark
    ), recent as (
      select x.*, x.at < (select mark from since) as rolled
      from (select distinct visitor_hash from analytics_events
            where kind in (${kindList}) and at >= (select mark from since) and at >= ${start} and at < ${end}) as seen
      cross join lateral (
        select ${EVENT_COLUMNS} from analytics_events
        where visitor_hash = seen.visitor_hash and at >= (select at from since) and at < ${end} and kind in (${kindList})
      ) as x
    ) `;
}

/**
 * Per day and value of the request: visits, views, bounces, duration (ms); the roll-up's rows plus, for each unit
 * of the recent visitors, its figures now minus its figures from the rolled events (0 when it had none).
 */
function units(request: UnitRequest, range: Range): SQL {
  const value = request.dim === 'page' ? sql`e.path` : VISIT_DIMENSION_VALUES[request.dim];
  const rolled = sql`e.rolled`;
  const rolledUp = sql`
      select day, value, visits, views, bounces, duration_ms from analytics_daily
      where kind = ${request.kind} and dim = ${request.dim} and source = ${request.source}
        and country = ${request.country} and day >= ${range.from} and day <= ${range.to}
        ${request.value === undefined ? sql`` : sql`and value = ${request.value}`}
      union all`;
  return sql`${recentEvents([request.kind], range, request.raw)}, units as (
      ${request.raw ? sql`` : rolledUp}
      select day, value, count(*) - count(*) filter (where nb > 0) as visits, sum(n - nb) as views,
             count(*) filter (where n = 1) - count(*) filter (where nb = 1) as bounces, sum(d - db) as duration_ms
      from (
        select e.day, ${value} as value, count(*) as n, count(*) filter (where ${rolled}) as nb,
               ${durationMs(sql`max(e.at)`, sql`min(e.at)`)} as d,
               ${durationMs(sql`max(e.at) filter (where ${rolled})`, sql`min(e.at) filter (where ${rolled})`)} as db
        from (select recent.*, ${VISIT_COLUMNS} from recent ${VISIT_WINDOW}) as e
        where true
          ${request.source ? sql`and v_source = ${request.source}` : sql``}
          ${request.country ? sql`and v_country = ${request.country}` : sql``}
          ${request.page ? sql`and e.path = ${request.page}` : sql``}
        group by e.visitor_hash, e.day, 2
      ) as changed
      where value is not null
      group by day, value
    ) `;
}

interface Sums {
  visits: number;
  views: number;
  bounces: number;
  durationMs: number;
}

function figuresOf({ visits, views, bounces, durationMs }: Sums): AnalyticsFigures {
  return {
    visitors: visits,
    views,
    visits,
    viewsPerVisit: visits ? Math.round((views / visits) * 100) / 100 : 0,
    bounceRate: visits ? Math.round((bounces / visits) * 1000) / 1000 : 0,
    visitDurationSeconds: visits ? Math.round(durationMs / visits / 1000) : 0,
  };
}

async function perDay(db: Database, range: Range, query: AnalyticsQuery, now: Date, isPrevious = false) {
  const found = await rows<{ day: string | Date; visits: string; views: string; bounces: string; duration_ms: string }>(
    db,
    sql`${units(unitRequest('view', 'total', query, range, now, isPrevious), range)}
      select day, sum(visits) as visits, sum(views) as views, sum(bounces) as bounces, sum(duration_ms) as duration_ms from units group by day`,
  );
  return found.map((row) => ({
    date: utcDay(new Date(row.day)),
    visits: Number(row.visits),
    views: Number(row.views),
    bounces: Number(row.bounces),
    durationMs: Number(row.duration_ms),
  }));
}

const total = (days: Sums[]): Sums =>
  days.reduce((sum, day) => ({ visits: sum.visits + day.visits, views: sum.views + day.views, bounces: sum.bounces + day.bounces, durationMs: sum.durationMs + day.durationMs }), {
    visits: 0,
    views: 0,
    bounces: 0,
    durationMs: 0,
  });

export async function analyticsSummary(db: Database, query: AnalyticsQuery, now: Date): Promise<AnalyticsSummary> {
  const range = rangeOf(query, now);
  const [current, previous] = await Promise.all([perDay(db, range, query, now), perDay(db, previousOf(range), query, now, true)]);
  const byDay = new Map(current.map((row) => [row.date, row]));
  const series = Array.from({ length: range.days }, (_, index) => {
    const date = utcDay(new Date(range.start.getTime() + index * DAY_MS));
    const row = byDay.get(date);
    return { date, visitors: row?.visits ?? 0, views: row?.views ?? 0 };
  });
  return { from: range.from, to: range.to, current: figuresOf(total(current)), previous: figuresOf(total(previous)), series };
}

/** What each list sums: a dimension of the roll-up, of views or of paths not found. */
const LIST_DIMENSIONS: Record<AnalyticsList, { dim: AnalyticsDimension; kind: 'view' | 'not_found' }> = {
  pages: { dim: 'page', kind: 'view' },
  'entry-pages': { dim: 'entry', kind: 'view' },
  referrers: { dim: 'referrer', kind: 'view' },
  sources: { dim: 'source', kind: 'view' },
  campaigns: { dim: 'campaign', kind: 'view' },
  countries: { dim: 'country', kind: 'view' },
  devices: { dim: 'device', kind: 'view' },
  browsers: { dim: 'browser', kind: 'view' },
  'not-found': { dim: 'page', kind: 'not_found' },
};

export async function analyticsList(db: Database, list: AnalyticsList, query: AnalyticsQuery, now: Date): Promise<AnalyticsListResult> {
  const range = rangeOf(query, now);
  const { dim, kind } = LIST_DIMENSIONS[list];
  const found = await rows<{ value: string; visitors: string; views: string }>(
    db,
    sql`${units(unitRequest(kind, dim, query, range, now), range)}
      select value, sum(visits) as visitors, sum(views) as views from units
      group by value having sum(visits) > 0 order by 2 desc, 3 desc, 1 limit ${LIST_LIMIT}`,
  );
  return { list, rows: found.map((row) => ({ value: row.value, visitors: Number(row.visitors), views: Number(row.views) })) };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function analyticsListCsv(result: AnalyticsListResult): string {
  const lines = [['Value', 'Visitors', 'Views'], ...result.rows.map((row) => [row.value, row.visitors, row.views])];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export async function liveVisitors(db: Database, now: Date): Promise<{ visitors: number; minutes: number }> {
  const since = new Date(now.getTime() - LIVE_VISITOR_MINUTES * 60_000);
  const [row] = await rows<{ visitors: string }>(
    db,
    sql`select count(distinct visitor_hash) as visitors from analytics_events where at >= ${since.toISOString()} and kind = 'view'`,
  );
  return { visitors: Number(row?.visitors ?? 0), minutes: LIVE_VISITOR_MINUTES };
}

/** The funnel's groups: a dimension of the roll-up, and the download roll-up's column. */
const FUNNEL_GROUPS = {
  source: { dim: 'source', column: sql`source` },
  campaign: { dim: 'campaign', column: sql`campaign` },
  'entry-page': { dim: 'entry', column: sql`entry_path` },
} as const;

/** Download clicks per group: the roll-up's, plus the recent visitors' counted now minus as the roll-up counted them. */
async function downloadsBy(db: Database, group: SQL, range: Range, query: AnalyticsQuery) {
  return rows<{ value: string; downloads: string }>(
    db,
    sql`${recentEvents(['view', 'download'], range)},
      recent_visits as (
        select recent.*, first_value(kind) over visit = 'view' as has_visit, first_value(rolled) over visit as visit_rolled, ${VISIT_COLUMNS}
        from recent ${DOWNLOAD_VISIT_WINDOW}
      ), d as (
        select source, campaign, entry_path, country, downloads from analytics_downloads_daily
        where day >= ${range.from} and day <= ${range.to}
        union all
        select ${downloadAttribution(sql`has_visit`)}, 1 from recent_visits where kind = 'download'
        union all
        select ${downloadAttribution(sql`has_visit and visit_rolled`)}, -1 from recent_visits where kind = 'download' and rolled
      )
      select ${group} as value, sum(downloads) as downloads from d
      where ${group} is not null
        ${query.source ? sql`and source = ${query.source.toLowerCase()}` : sql``}
        ${query.country ? sql`and country = ${query.country.toUpperCase()}` : sql``}
        ${query.page ? sql`and entry_path = ${query.page}` : sql``}
      group by 1`,
  );
}

/**
 * The funnel (issue 40 §3): visits → leads → confirmed → download clicks, per source, campaign or entry page.
 * Leads carry their first-touch UTM values and external referrer (features/marketing/api/attribution.ts), so a
 * lead's source is found the way a visit's is; a download click counts under its visit of that day, else under
 * its own UTM values. Leads do not record their entry page: per entry page, leads and confirmed are 0.
 */
export async function analyticsFunnel(db: Database, query: AnalyticsFunnelQuery, now: Date, siteHost: string): Promise<AnalyticsFunnel> {
  const range = rangeOf(query, now);
  const { dim, column } = FUNNEL_GROUPS[query.by];
  const group = { source: sql`source`, campaign: sql`campaign`, 'entry-page': sql`entry_path` }[query.by];
  const [visitRows, downloadRows, leadRows] = await Promise.all([
    rows<{ value: string; visits: string }>(
      db,
      sql`${units(unitRequest('view', dim, query, range, now), range)} select value, sum(visits) as visits from units group by 1 having sum(visits) > 0`,
    ),
    downloadsBy(db, column, range, query),
    query.by === 'entry-page' || query.page
      ? Promise.resolve([])
      : rows<{ value: string; leads: string; confirmed: string }>(
          db,
          sql`with l as (
              select coalesce(lower(utm_source), nullif(regexp_replace(lower(substring(referrer from '^https?://([^/:?#]+)')), '^www\\.', ''), ${siteHost.replace(/^www\./, '')}), ${DIRECT_SOURCE}) as source,
                     lower(utm_campaign) as campaign, consent_country as country, confirmed_at
              from leads where subscribed_at >= ${range.start.toISOString()} and subscribed_at < ${range.end.toISOString()}
            )
            select ${group} as value, count(*) as leads, count(confirmed_at) as confirmed from l
            where ${group} is not null
              ${query.source ? sql`and source = ${query.source.toLowerCase()}` : sql``}
              ${query.country ? sql`and country = ${query.country.toUpperCase()}` : sql``}
            group by 1`,
        ),
  ]);
  const byValue = new Map<string, { visits: number; leads: number; confirmed: number; downloads: number }>();
  const entry = (value: string) => {
    let found = byValue.get(value);
    if (!found) byValue.set(value, (found = { visits: 0, leads: 0, confirmed: 0, downloads: 0 }));
    return found;
  };
  for (const row of visitRows) entry(row.value).visits = Number(row.visits);
  for (const row of downloadRows) if (Number(row.downloads) > 0) entry(row.value).downloads = Number(row.downloads);
  for (const row of leadRows) Object.assign(entry(row.value), { leads: Number(row.leads), confirmed: Number(row.confirmed) });
  const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);
  const result = [...byValue.entries()]
    .map(([value, counts]) => ({ value, ...counts, leadRate: rate(counts.leads, counts.visits), downloadRate: rate(counts.downloads, counts.visits) }))
    .sort((a, b) => b.visits - a.visits || b.leads - a.leads || a.value.localeCompare(b.value))
    .slice(0, LIST_LIMIT);
  return { by: query.by, rows: result };
}
