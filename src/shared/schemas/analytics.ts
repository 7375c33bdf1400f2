import { z } from 'zod';
import { safeString } from './text.ts';
import { isoDay } from './fields.ts';

/**
 * Site analytics (issue 40, decision 0066, docs/analytics.md): the beacon a page sends for a client navigation,
 * and the owner/admin reads — summary, lists (JSON and CSV), visitors now and the funnel.
 */

/** The largest beacon body accepted (bytes). */
export const ANALYTICS_BEACON_MAX_BYTES = 2048;
/** "Visitors now": distinct visitors seen in this many minutes. */
export const LIVE_VISITOR_MINUTES = 5;
/** The longest range one read may cover (days). */
export const ANALYTICS_RANGE_MAX_DAYS = 366;

/** A path of this site: one leading slash (never `//`, another host), no scheme, at most 300 characters. */
const sitePath = safeString('Path')
  .max(300, 'Path must be at most 300 characters')
  .regex(/^\/(?![/\\])[^\s]*$/, 'Path must be a path of this site');

/** `POST /api/analytics/event`: a page reached by a client navigation after hydration (not the first page). */
export const AnalyticsBeaconSchema = z.strictObject({
  /** The page's path and query (UTM values are read from it). */
  path: sitePath,
  /** The page that linked here (`document.referrer` on the first page only; the site's own is left out). */
  referrer: safeString('Referrer').max(500, 'Referrer must be at most 500 characters').optional(),
});
export type AnalyticsBeacon = z.infer<typeof AnalyticsBeaconSchema>;

const filterText = (label: string) => safeString(label).trim().max(300, `${label} must be at most 300 characters`).optional();

/**
 * The range (`from`/`to`, UTC days, inclusive; default the last 30 days) and the filters of every read: `page`
 * (a path), `source` (UTM source, or the referrer domain when none), `country` (ISO code).
 */
const analyticsQueryShape = {
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: filterText('Page'),
  source: filterText('Source'),
  country: filterText('Country'),
};
const datesInOrder = [
  (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to,
  { message: 'The start date must be on or before the end date', path: ['from'] },
] satisfies [unknown, { message: string; path: string[] }];
const rangeNotTooLong = [
  (query: { from?: string; to?: string }) =>
    !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= (ANALYTICS_RANGE_MAX_DAYS - 1) * 86_400_000,
  { message: `The range may cover at most ${ANALYTICS_RANGE_MAX_DAYS} days`, path: ['to'] },
] satisfies [unknown, { message: string; path: string[] }];

export const AnalyticsQuerySchema = z.object(analyticsQueryShape).refine(...datesInOrder).refine(...rangeNotTooLong);
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

export const ANALYTICS_LISTS = ['pages', 'entry-pages', 'referrers', 'sources', 'campaigns', 'countries', 'devices', 'browsers', 'not-found'] as const;
export type AnalyticsList = (typeof ANALYTICS_LISTS)[number];
export const AnalyticsListParamsSchema = z.object({
  list: z.enum(ANALYTICS_LISTS, { error: `list must be one of ${ANALYTICS_LISTS.join(', ')}` }),
});

export const ANALYTICS_FUNNEL_GROUPS = ['source', 'campaign', 'entry-page'] as const;
export const AnalyticsFunnelQuerySchema = z
  .object({ ...analyticsQueryShape, by: z.enum(ANALYTICS_FUNNEL_GROUPS, { error: "by must be 'source', 'campaign' or 'entry-page'" }).default('source') })
  .refine(...datesInOrder)
  .refine(...rangeNotTooLong);
export type AnalyticsFunnelQuery = z.output<typeof AnalyticsFunnelQuerySchema>;

export const AnalyticsFiguresSchema = z.object({
  visitors: z.number().int(),
  views: z.number().int(),
  /** A visit: one visitor's views on one UTC day (the visitor hash lives one day). */
  visits: z.number().int(),
  viewsPerVisit: z.number(),
  /** Share of visits with one view, 0–1. */
  bounceRate: z.number(),
  /** Mean seconds between a visit's first and last view. */
  visitDurationSeconds: z.number(),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

export const AnalyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  current: AnalyticsFiguresSchema,
  /** The same number of days just before `from`. */
  previous: AnalyticsFiguresSchema,
  /** One point per day of the range, oldest first, zero-filled. */
  series: z.array(z.object({ date: z.string(), visitors: z.number().int(), views: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

export const AnalyticsListRowSchema = z.object({ value: z.string(), visitors: z.number().int(), views: z.number().int() });
export const AnalyticsListResultSchema = z.object({ list: z.enum(ANALYTICS_LISTS), rows: z.array(AnalyticsListRowSchema) });
export type AnalyticsListResult = z.infer<typeof AnalyticsListResultSchema>;

export const AnalyticsLiveSchema = z.object({ visitors: z.number().int(), minutes: z.number().int() });

export const AnalyticsFunnelRowSchema = z.object({
  value: z.string(),
  visits: z.number().int(),
  leads: z.number().int(),
  confirmed: z.number().int(),
  downloads: z.number().int(),
  /** leads / visits, 0 when no visits. */
  leadRate: z.number(),
  /** downloads / visits, 0 when no visits. */
  downloadRate: z.number(),
});
export const AnalyticsFunnelSchema = z.object({ by: z.enum(ANALYTICS_FUNNEL_GROUPS), rows: z.array(AnalyticsFunnelRowSchema) });
export type AnalyticsFunnel = z.infer<typeof AnalyticsFunnelSchema>;

/** The label of visits without a source or campaign. */
export const DIRECT_SOURCE = '(direct)';
