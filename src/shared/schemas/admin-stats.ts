import { z } from 'zod';

/**
 * `GET /api/admin/stats`: the live figures of the admin dashboard (issue 10 §4, §7), from aggregate queries.
 * Days are UTC calendar days (`YYYY-MM-DD`); "7 days" and "30 days" include today.
 */
export const DaySeriesPointSchema = z.object({ date: z.string(), count: z.number().int() });
export type DaySeriesPoint = z.infer<typeof DaySeriesPointSchema>;

export const SourcesDayPointSchema = z.object({
  date: z.string(),
  /** Leads per source that day; a lead without a source counts under `(none)`. */
  counts: z.record(z.string(), z.number().int()),
});
export type SourcesDayPoint = z.infer<typeof SourcesDayPointSchema>;

export const NO_SOURCE_KEY = '(none)';
export const STATS_SERIES_DAYS = 30;

export const AdminStatsSchema = z.object({
  jots: z.object({ today: z.number().int(), last7Days: z.number().int() }),
  leads: z.object({
    last7Days: z.number().int(),
    /** Of the leads of the last 7 days, those not synced to Kit yet. */
    unsyncedLast7Days: z.number().int(),
  }),
  pendingUsers: z.number().int(),
  /** Published and with a publication time that has come. */
  publishedPosts: z.number().int(),
  publishedFaqs: z.number().int(),
  buildGuids: z.number().int(),
  /** Active and inside their start/end window now. */
  activeBanners: z.number().int(),
  unreadInbox: z.number().int(),
  /** `lastHour` against `hourlyCap` (INVITATION_HOURLY_CAP): the site-wide invitation cap (issue 24). */
  invitations: z.object({ today: z.number().int(), perDay: z.array(DaySeriesPointSchema), lastHour: z.number().int(), hourlyCap: z.number().int() }),
  series: z.object({
    /** 30 points, oldest first, zero-filled. */
    jotsPerDay: z.array(DaySeriesPointSchema),
    leadsPerDayBySource: z.array(SourcesDayPointSchema),
    /** Every source in `leadsPerDayBySource`, most leads first. */
    leadSources: z.array(z.string()),
    /** Each source's name for people ("Home page hero", a campaign's name), for the legend and tooltips. */
    sourceLabels: z.record(z.string(), z.string()),
  }),
  generatedAt: z.string(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
