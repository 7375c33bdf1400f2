/**
 * The owner/admin reads of site analytics (issue 40 §3–§4): summary with the previous period, the lists, visitors
 * now and the funnel (decisions 0068 and 0071). Every read sums the roll-ups (`analytics_daily`,
 * `analytics_downloads_daily`: every event marked `rolled`, brought up to date every minute) and corrects them
 * with the events not rolled yet, in one statement (one snapshot): the visitor-days with such an event are read
 * whole, and each of their units is counted as it is now minus as the roll-up counted it (lib/analytics-changes.ts,
 * the job's own arithmetic). The answer is the raw computation's, exactly, with a minute or two of events read raw.
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
import { allEvents, DOWNLOAD_DIMENSIONS, downloadChanges, type EventScope, pendingEvents, UNIT_SUMS, unitChanges } from '../../lib/analytics-changes.ts';
import { type AnalyticsDimension, RAW_EVENT_DAYS } from '../../lib/analytics-visits.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { utcDay } from '../../lib/utc-day.ts';

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
 * One read, in a transaction of its own for two settings: room to sort in memory the visits of a read from the raw
 * events, and no JIT compilation (its ~100 ms cost more than these short queries save).
 */
async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
    return tx.execute(query);
  });
  return rowsOf<Row>(result);
}

/** The query's days (default: the 30 days up to today, UTC). */
export function rangeOf(query: { from?: string; to?: string }, now: Date): Range {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  return { from, to, start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

export function previousOf(range: Range): Range {
  const end = range.start;
  const start = new Date(end.getTime() - range.days * DAY_MS);
  return { from: utcDay(start), to: utcDay(new Date(end.getTime() - DAY_MS)), start, end, days: range.days };
}

/**
 * What one read sums: a dimension, unfiltered or under the source filter, the country filter or both, or under
 * the page filter alone (`pageRows`; `value` set when the page filter picks the `page` row); `raw` when its filters
 * are not rolled up (decisions 0068 and 0082).
 */
interface UnitRequest {
  kind: 'view' | 'not_found';
  dim: AnalyticsDimension;
  source: string;
  country: string;
  /** The page filter, applied to the events not rolled (a rolled-up read reads it as `value` or `pageRows`). */
  page: string;
  /** The roll-up's `page` column: the page filter of a visit dimension's rows, '' for every other row. */
  pageRows: string;
  value?: string;
  raw: boolean;
}

export const RAW_ONLY_MESSAGE = `A page with source or country and a list other than pages can be read for the last ${RAW_EVENT_DAYS} days only`;

/**
 * Which rows answer `dim` under the query's filters. The roll-up holds every dimension unfiltered, per source, per
 * country and per source and country; each page's own figures (`page`): the totals and the pages list under a
 * page filter are that page's row; and each visit dimension under a page filter alone (decision 0082). A page
 * filter with source or country and another dimension is read from the raw events (kept RAW_EVENT_DAYS days): 400
 * for a range that starts earlier.
 */
function unitRequest(kind: 'view' | 'not_found', dim: AnalyticsDimension, query: AnalyticsQuery, range: Range, now: Date, isPrevious = false): UnitRequest {
  const source = query.source ? query.source.toLowerCase() : '';
  const country = query.country ? query.country.toUpperCase() : '';
  const page = query.page ?? '';
  const pageRow = dim === 'page' || dim === 'total';
  const raw = Boolean(page && !pageRow && (source || country));
  // The previous period of such a read counts the raw events still kept (docs/analytics.md, known limits).
  if (raw && !isPrevious && range.start.getTime() < now.getTime() - RAW_EVENT_DAYS * DAY_MS) throw badRequest(RAW_ONLY_MESSAGE, [{ field: 'from', message: RAW_ONLY_MESSAGE }]);
  if (page && pageRow) return { kind, dim: 'page', source, country, page, pageRows: '', value: page, raw };
  return { kind, dim, source, country, page, pageRows: page, raw };
}

const scopeOf = (kinds: EventScope['kinds'], range: Range): EventScope => ({ kinds, start: range.start, end: range.end });

/**
 * Per day and value of the request: visits, views, bounces, duration (ms); the roll-up's rows plus, for each unit
 * of the visitor-days not wholly rolled, its figures now minus its figures as rolled. A read the roll-up cannot
 * answer takes every event of the range, none as rolled.
 */
function units(request: UnitRequest, range: Range): SQL {
  const scope = scopeOf([request.kind], range);
  const where = sql`true
    ${request.source ? sql`and v_source = ${request.source}` : sql``}
    ${request.country ? sql`and v_country = ${request.country}` : sql``}
    ${request.page ? sql`and path = ${request.page}` : sql``}`;
  const filterAttributes = [...(request.source ? (['source'] as const) : []), ...(request.country ? (['country'] as const) : [])];
  const rolledUp = sql`
      select day, value, visits, views, bounces, duration_ms from analytics_daily
      where kind = ${request.kind} and dim = ${request.dim} and page = ${request.pageRows} and source = ${request.source}
        and country = ${request.country} and day >= ${range.from} and day <= ${range.to}
        ${request.value === undefined ? sql`` : sql`and value = ${request.value}`}
      union all`;
  return sql`with ${request.raw ? allEvents(scope) : pendingEvents(scope)},
    ${unitChanges({ kinds: [request.kind], dims: [request.dim], withRolled: !request.raw, where, filterAttributes })}, units as (
      ${request.raw ? sql`` : rolledUp}
      select day, value, ${UNIT_SUMS} from unit_changes where value is not null group by day, value
    ) `;
}

export interface Sums {
  visits: number;
  views: number;
  bounces: number;
  durationMs: number;
}

/** The figures of summed units, rounded as the dashboard shows them. */
export function figuresOf({ visits, views, bounces, durationMs }: Sums): AnalyticsFigures {
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
export const LIST_DIMENSIONS: Record<AnalyticsList, { dim: AnalyticsDimension; kind: 'view' | 'not_found' }> = {
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

/** The funnel's groups: a dimension of the roll-up (of views, and of downloads). */
const FUNNEL_DIMENSIONS = { source: 'source', campaign: 'campaign', 'entry-page': 'entry' } as const;

/**
 * Download clicks per group: the roll-up's, plus the changes of the visitor-days not wholly rolled. Rolled up per
 * group unfiltered, per source, per country, per source and country, and per entry page (the funnel's page filter;
 * `analytics_daily`, kind `download`); a page filter with source or country sums the rows per day and attribution
 * (`analytics_downloads_daily`, ~4,000 a day at 1 M views).
 */
async function downloadsBy(db: Database, dim: keyof typeof DOWNLOAD_DIMENSIONS, range: Range, query: AnalyticsQuery) {
  const group = DOWNLOAD_DIMENSIONS[dim];
  const source = query.source ? query.source.toLowerCase() : '';
  const country = query.country ? query.country.toUpperCase() : '';
  const filters = sql`${source ? sql`and source = ${source}` : sql``} ${country ? sql`and country = ${country}` : sql``}
    ${query.page ? sql`and entry_path = ${query.page}` : sql``}`;
  const rolledUp =
    query.page && (source || country)
      ? sql`select ${group} as value, downloads from analytics_downloads_daily
          where day >= ${range.from} and day <= ${range.to} and ${group} is not null ${filters}`
      : sql`select value, visits as downloads from analytics_daily
          where kind = 'download' and dim = ${dim} and page = ${query.page ?? ''} and source = ${source} and country = ${country}
            and day >= ${range.from} and day <= ${range.to}`;
  return rows<{ value: string; downloads: string }>(
    db,
    sql`with ${pendingEvents(scopeOf(['view', 'download'], range))}, ${downloadChanges()}, d as (
        ${rolledUp}
        union all
        select ${group}, downloads from download_changes where ${group} is not null ${filters}
      )
      select value, sum(downloads) as downloads from d group by 1`,
  );
}

/** A funnel step's rate: `part` of `whole`, to a tenth of a percent. */
export const conversionRate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);

/**
 * The funnel (issue 40 §3): visits → leads → confirmed → download clicks, per source, campaign or entry page.
 * Leads carry their first-touch UTM values and external referrer (features/marketing/api/attribution.ts), so a
 * lead's source is found the way a visit's is; a download click counts under its visit of that day, else under
 * its own UTM values. Leads do not record their entry page: per entry page, leads and confirmed are 0.
 */
export async function analyticsFunnel(db: Database, query: AnalyticsFunnelQuery, now: Date, siteHost: string): Promise<AnalyticsFunnel> {
  const range = rangeOf(query, now);
  const dim = FUNNEL_DIMENSIONS[query.by];
  const group = DOWNLOAD_DIMENSIONS[dim];
  const [visitRows, downloadRows, leadRows] = await Promise.all([
    rows<{ value: string; visits: string }>(
      db,
      sql`${units(unitRequest('view', dim, query, range, now), range)} select value, sum(visits) as visits from units group by 1 having sum(visits) > 0`,
    ),
    downloadsBy(db, dim, range, query),
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
  const result = [...byValue.entries()]
    .map(([value, counts]) => ({ value, ...counts, leadRate: conversionRate(counts.leads, counts.visits), downloadRate: conversionRate(counts.downloads, counts.visits) }))
    .sort((a, b) => b.visits - a.visits || b.leads - a.leads || a.value.localeCompare(b.value))
    .slice(0, LIST_LIMIT);
  return { by: query.by, rows: result };
}
