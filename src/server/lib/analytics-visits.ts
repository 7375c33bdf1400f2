/**
 * What a visit is, written once for the roll-up job (jobs/analytics-maintenance.ts) and the dashboard's reads of
 * the hour not rolled yet (modules/analytics/service.ts), so the two cannot disagree (decision 0068).
 *
 * A visit is one visitor's events of one kind on one UTC day (the visitor hash lives one day, decision 0066). Its
 * attributes are those of its first event (ties broken by id): entry page, source (UTM source, else the referring
 * domain, else "(direct)"), campaign, referring domain, country, device and browser. Only the path is read per
 * view. Each dashboard figure is a sum over "units": one visit (or one visit's views of one page when a page is
 * chosen), each unit giving 1 visit, its views, a bounce when it has one view, and its duration (last − first).
 */
import { type SQL, sql } from 'drizzle-orm';
import { DIRECT_SOURCE } from '../../shared/schemas/analytics.ts';

/** The dimensions of the roll-up (`analytics_daily.dim`): each is a visit attribute except `page`. */
export const VISIT_DIMENSIONS = ['total', 'entry', 'source', 'campaign', 'referrer', 'country', 'device', 'browser'] as const;
export type AnalyticsDimension = (typeof VISIT_DIMENSIONS)[number] | 'page';

/** A unit's value for a visit dimension, over the columns of `visitAttributes` (`v_…`). */
export const VISIT_DIMENSION_VALUES: Record<(typeof VISIT_DIMENSIONS)[number], SQL> = {
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

/**
 * The first event of each (kind, visitor, day) of the CTE `from`, as the visit's attributes `v_…`. `from` must
 * have id, kind, visitor_hash, day, at, path, referrer_domain, utm_source, utm_campaign, country, device, browser.
 */
export const visitAttributes = (from: SQL) => sql`
  select distinct on (kind, visitor_hash, day) kind, visitor_hash, day, path as v_entry,
         coalesce(utm_source, referrer_domain, ${DIRECT_SOURCE}) as v_source, utm_campaign as v_campaign,
         referrer_domain as v_referrer, country as v_country, device as v_device, browser as v_browser
  from ${from} order by kind, visitor_hash, day, at, id`;

/** Milliseconds between two timestamps, whole (a visit's duration). */
export const durationMs = (last: SQL, first: SQL) => sql`coalesce((extract(epoch from ${last} - ${first}) * 1000)::bigint, 0)`;
