/**
 * What a visit is, written once for the roll-up job (jobs/analytics-maintenance.ts) and the dashboard's reads of
 * the events not rolled yet (modules/analytics/service.ts), through lib/analytics-changes.ts, so the two cannot
 * disagree (decisions 0068 and 0071).
 *
 * A visit is one visitor's events of one kind on one UTC day (the visitor hash lives one day, decision 0066). Its
 * attributes are those of its first event (ties broken by id): entry page, source (UTM source, else the referring
 * domain, else "(direct)"), campaign, referring domain, country, device and browser. Only the path is read per
 * view. Each dashboard figure is a sum over "units": one visit (or one visit's views of one page when a page is
 * chosen), each unit giving 1 visit, its views, a bounce when it has one view, and its duration (last − first).
 *
 * The attributes ride on each event as window values (`v_…`, and `r_…` for the visit as rolled), never through a join of two derived tables: the
 * planner cannot size those and chose nested loops (minutes for a day of events).
 */
import { type SQL, sql } from 'drizzle-orm';
import { DIRECT_SOURCE } from '../../shared/schemas/analytics.ts';

/** How long raw events are kept (jobs/analytics-maintenance.ts prunes them); the roll-ups are kept for ever. */
export const RAW_EVENT_DAYS = 30;

/** The dimensions of the roll-up (`analytics_daily.dim`): each is a visit attribute except `page`. */
export const VISIT_DIMENSIONS = ['total', 'entry', 'source', 'campaign', 'referrer', 'country', 'device', 'browser'] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];
/**
 * The dimensions rolled up under each page filter too (decision 0082): the lists other than pages (the total and the
 * pages list under a page filter are that page's own `page` row).
 */
export const PAGE_FILTERED_DIMENSIONS = VISIT_DIMENSIONS.filter((dim) => dim !== 'total');
export type AnalyticsDimension = VisitDimension | 'page';

/** A unit's value for a visit dimension, over the `v_…` columns. */
export const VISIT_DIMENSION_VALUES: Record<VisitDimension, SQL> = {
  total: sql`''`,
  entry: sql`v_entry`,
  source: sql`v_source`,
  campaign: sql`v_campaign`,
  referrer: sql`v_referrer`,
  country: sql`coalesce(v_country, '(unknown)')`,
  device: sql`v_device`,
  browser: sql`v_browser`,
};

/** The `day` of an event: its UTC date. */
export const EVENT_DAY = sql`(at at time zone 'UTC')::date`;

/** The event columns every reader selects (with `day`; `rolled` is each reader's own). */
export const EVENT_COLUMNS = sql`id, kind, visitor_hash, ${EVENT_DAY} as day, at, path, referrer_domain, utm_source, utm_campaign, country, device, browser`;

/** A visit's attributes: those of its first event. */
export const VISIT_ATTRIBUTES = ['entry', 'source', 'campaign', 'referrer', 'country', 'device', 'browser'] as const;
export type VisitAttribute = (typeof VISIT_ATTRIBUTES)[number];

const ATTRIBUTE_OF_EVENT: Record<VisitAttribute, SQL> = {
  entry: sql`path`,
  source: sql`coalesce(utm_source, referrer_domain, ${DIRECT_SOURCE})`,
  campaign: sql`utm_campaign`,
  referrer: sql`referrer_domain`,
  country: sql`country`,
  device: sql`device`,
  browser: sql`browser`,
};

/** The attribute a visit dimension reads (none for the total and the page). */
export const DIMENSION_ATTRIBUTE: Record<AnalyticsDimension, VisitAttribute | null> = {
  total: null,
  page: null,
  entry: 'entry',
  source: 'source',
  campaign: 'campaign',
  referrer: 'referrer',
  country: 'country',
  device: 'device',
  browser: 'browser',
};

/**
 * The visit's `attributes` on each event, from the first row of `window` (which the caller defines), as `v_…`
 * (`visit`, over every event) or `r_…` (`rolled_visit`, over the rolled events only: the visit as the roll-up saw it).
 */
export const visitColumns = (window: 'visit' | 'rolled_visit', prefix: 'v' | 'r', attributes: readonly VisitAttribute[] = VISIT_ATTRIBUTES) =>
  sql.join(
    attributes.map((name) => sql`first_value(${ATTRIBUTE_OF_EVENT[name]}) ${sql.raw(`over ${window} as ${prefix}_${name}`)}`),
    sql`, `,
  );

/** The `v_…` attributes taken from the `prefix_…` ones (the rolled visit's as the visit's). */
export const visitAttributesAs = (prefix: 'v' | 'r', attributes: readonly VisitAttribute[] = VISIT_ATTRIBUTES) =>
  sql.raw(attributes.map((name) => `${prefix}_${name} as v_${name}`).join(', '));

/**
 * A visit of views (or of paths not found): one kind, one visitor, one day, first event first; and the same visit
 * made of its rolled events alone.
 */
export const VISIT_WINDOW = sql`visit as (partition by kind, visitor_hash, day order by at, id)`;
export const ROLLED_VISIT_WINDOW = sql`rolled_visit as (partition by kind, visitor_hash, day, rolled order by at, id)`;

/**
 * A download's visit: the visitor's views of that day, the first view first (downloads after every view), so the
 * window's first row is the visit's first view when there is one (`first_value(kind) over visit = 'view'`).
 */
export const DOWNLOAD_VISIT_WINDOW = sql`visit as (partition by visitor_hash, day order by kind <> 'view', at, id)`;
export const ROLLED_DOWNLOAD_VISIT_WINDOW = sql`rolled_visit as (partition by visitor_hash, day, rolled order by kind <> 'view', at, id)`;

/**
 * A download's source, campaign, entry page and country: its visit's (`prefix_…` attributes), else its own
 * (`hasVisit` an SQL boolean).
 */
export const downloadAttribution = (hasVisit: SQL, prefix: 'v' | 'r') => {
  const visit = (name: string) => sql.raw(`${prefix}_${name}`);
  return sql`
  case when ${hasVisit} then ${visit('source')} else coalesce(utm_source, referrer_domain, ${DIRECT_SOURCE}) end as source,
  case when ${hasVisit} then coalesce(${visit('campaign')}, utm_campaign) else utm_campaign end as campaign,
  case when ${hasVisit} then ${visit('entry')} end as entry_path,
  case when ${hasVisit} then coalesce(${visit('country')}, country) else country end as country`;
};

/** Milliseconds between two timestamps, whole (a visit's duration); 0 when there are none. */
export const durationMs = (last: SQL, first: SQL) => sql`coalesce((extract(epoch from ${last} - ${first}) * 1000)::bigint, 0)`;
