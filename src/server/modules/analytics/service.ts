/**
 * The owner/admin reads of site analytics (issue 40 §3–§4): summary with the previous period, the lists, visitors
 * now and the funnel. Every read is a range on `analytics_events_at_idx` (the raw events of the last 30 days).
 *
 * A visit is one visitor's views on one UTC day (the visitor hash lives one day, decision 0066); its entry page,
 * source (UTM source, else the referrer's domain, else "(direct)"), campaign and country are those of its first
 * view. The `source` and `country` filters keep the visits that match, `page` the views of that path.
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

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
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

/**
 * The events of a kind in the range with their visit's entry page, source and campaign (`f`), after the filters;
 * the caller appends its select over `f`.
 */
function filteredEvents(kind: 'view' | 'not_found', range: Range, query: AnalyticsQuery): SQL {
  return sql`with e as (
      select visitor_hash, (at at time zone 'UTC')::date as day, at, path, referrer_domain, utm_source, utm_campaign,
             country, device, browser
      from analytics_events where kind = ${kind} and at >= ${range.start.toISOString()} and at < ${range.end.toISOString()}
    ), visits as (
      select distinct on (visitor_hash, day) visitor_hash, day, path as entry_path,
             coalesce(utm_source, referrer_domain, ${DIRECT_SOURCE}) as source, utm_campaign as campaign, country as visit_country
      from e order by visitor_hash, day, at
    ), f as (
      select e.*, visits.entry_path, visits.source, visits.campaign
      from e join visits using (visitor_hash, day)
      where true
        ${query.source ? sql`and visits.source = ${query.source.toLowerCase()}` : sql``}
        ${query.country ? sql`and visits.visit_country = ${query.country.toUpperCase()}` : sql``}
        ${query.page ? sql`and e.path = ${query.page}` : sql``}
    ) `;
}

async function figures(db: Database, range: Range, query: AnalyticsQuery): Promise<AnalyticsFigures> {
  const [row] = await rows<{ visitors: string; views: string; visits: string; bounces: string; duration: string | null }>(
    db,
    sql`${filteredEvents('view', range, query)}
      , per_visit as (
        select visitor_hash, day, count(*) as views, extract(epoch from max(at) - min(at)) as duration from f group by visitor_hash, day
      )
      select count(distinct visitor_hash) as visitors, coalesce(sum(views), 0) as views, count(*) as visits,
             count(*) filter (where views = 1) as bounces, avg(duration) as duration
      from per_visit`,
  );
  const visits = Number(row?.visits ?? 0);
  const views = Number(row?.views ?? 0);
  return {
    visitors: Number(row?.visitors ?? 0),
    views,
    visits,
    viewsPerVisit: visits ? Math.round((views / visits) * 100) / 100 : 0,
    bounceRate: visits ? Math.round((Number(row?.bounces ?? 0) / visits) * 1000) / 1000 : 0,
    visitDurationSeconds: Math.round(Number(row?.duration ?? 0)),
  };
}

export async function analyticsSummary(db: Database, query: AnalyticsQuery, now: Date): Promise<AnalyticsSummary> {
  const range = rangeOf(query, now);
  const [current, previous, perDay] = await Promise.all([
    figures(db, range, query),
    figures(db, previousOf(range), query),
    rows<{ day: string | Date; visitors: string; views: string }>(
      db,
      sql`${filteredEvents('view', range, query)} select day, count(distinct visitor_hash) as visitors, count(*) as views from f group by day`,
    ),
  ]);
  const byDay = new Map(perDay.map((row) => [utcDay(new Date(row.day)), row]));
  const series = Array.from({ length: range.days }, (_, index) => {
    const date = utcDay(new Date(range.start.getTime() + index * DAY_MS));
    const row = byDay.get(date);
    return { date, visitors: Number(row?.visitors ?? 0), views: Number(row?.views ?? 0) };
  });
  return { from: range.from, to: range.to, current, previous, series };
}

/** What each list groups by: a column of `f`, and whether it counts the visits' first views only. */
const LIST_VALUES: Record<AnalyticsList, { value: SQL; kind: 'view' | 'not_found'; entryOnly?: boolean }> = {
  pages: { value: sql`path`, kind: 'view' },
  'entry-pages': { value: sql`entry_path`, kind: 'view' },
  referrers: { value: sql`referrer_domain`, kind: 'view' },
  sources: { value: sql`source`, kind: 'view' },
  campaigns: { value: sql`campaign`, kind: 'view' },
  countries: { value: sql`coalesce(country, '(unknown)')`, kind: 'view' },
  devices: { value: sql`device`, kind: 'view' },
  browsers: { value: sql`browser`, kind: 'view' },
  'not-found': { value: sql`path`, kind: 'not_found' },
};

export async function analyticsList(db: Database, list: AnalyticsList, query: AnalyticsQuery, now: Date): Promise<AnalyticsListResult> {
  const range = rangeOf(query, now);
  const { value, kind } = LIST_VALUES[list];
  const found = await rows<{ value: string; visitors: string; views: string }>(
    db,
    sql`${filteredEvents(kind, range, query)}
      select ${value} as value, count(distinct (visitor_hash, day)) as visitors, count(*) as views
      from f where ${value} is not null group by 1 order by 2 desc, 3 desc, 1 limit ${LIST_LIMIT}`,
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

/**
 * The funnel (issue 40 §3): visits → leads → confirmed → download clicks, per source, campaign or entry page.
 * Leads carry their first-touch UTM values and external referrer (features/marketing/api/attribution.ts), so a
 * lead's source is found the way a visit's is; a download click counts under its visit of that day, else under
 * its own UTM values. Leads do not record their entry page: per entry page, leads and confirmed are 0.
 */
export async function analyticsFunnel(db: Database, query: AnalyticsFunnelQuery, now: Date, siteHost: string): Promise<AnalyticsFunnel> {
  const range = rangeOf(query, now);
  const group = { source: sql`source`, campaign: sql`campaign`, 'entry-page': sql`entry_path` }[query.by];
  const [visitRows, downloadRows, leadRows] = await Promise.all([
    rows<{ value: string; visits: string }>(
      db,
      sql`${filteredEvents('view', range, query)} select ${group} as value, count(distinct (visitor_hash, day)) as visits from f where ${group} is not null group by 1`,
    ),
    rows<{ value: string; downloads: string }>(
      db,
      sql`with visits as (
          select distinct on (visitor_hash, day) visitor_hash, day, path as entry_path,
                 coalesce(utm_source, referrer_domain, ${DIRECT_SOURCE}) as source, utm_campaign as campaign, country as visit_country
          from (select *, (at at time zone 'UTC')::date as day from analytics_events
                where kind = 'view' and at >= ${range.start.toISOString()} and at < ${range.end.toISOString()}) v
          order by visitor_hash, day, at
        ), d as (
          select coalesce(visits.source, downloads.utm_source, downloads.referrer_domain, ${DIRECT_SOURCE}) as source,
                 coalesce(visits.campaign, downloads.utm_campaign) as campaign, visits.entry_path,
                 coalesce(visits.visit_country, downloads.country) as country
          from analytics_events downloads
          left join visits on visits.visitor_hash = downloads.visitor_hash and visits.day = (downloads.at at time zone 'UTC')::date
          where downloads.kind = 'download' and downloads.at >= ${range.start.toISOString()} and downloads.at < ${range.end.toISOString()}
        )
        select ${group} as value, count(*) as downloads from d
        where ${group} is not null
          ${query.source ? sql`and source = ${query.source.toLowerCase()}` : sql``}
          ${query.country ? sql`and country = ${query.country.toUpperCase()}` : sql``}
          ${query.page ? sql`and entry_path = ${query.page}` : sql``}
        group by 1`,
    ),
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
  for (const row of downloadRows) entry(row.value).downloads = Number(row.downloads);
  for (const row of leadRows) Object.assign(entry(row.value), { leads: Number(row.leads), confirmed: Number(row.confirmed) });
  const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);
  const result = [...byValue.entries()]
    .map(([value, counts]) => ({ value, ...counts, leadRate: rate(counts.leads, counts.visits), downloadRate: rate(counts.downloads, counts.visits) }))
    .sort((a, b) => b.visits - a.visits || b.leads - a.leads || a.value.localeCompare(b.value))
    .slice(0, LIST_LIMIT);
  return { by: query.by, rows: result };
}
