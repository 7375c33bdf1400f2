/**
 * The admin dashboard's figures (issue 10 §4, §7) from aggregate queries only, each a range on an indexed
 * timestamp column (jots_created_at_idx, leads_subscribed_at_idx, invitations_created_at_idx) or a count over a
 * small table (users, blog posts, banners, the inbox), so the answer stays cheap at a million jots: no query
 * reads a row older than 30 days of jots.
 */
import { and, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  type AdminStats,
  type DaySeriesPoint,
  NO_SOURCE_KEY,
  STATS_SERIES_DAYS,
} from '../../../shared/schemas/admin-stats.ts';
import type { Database } from '../../db/client.ts';
import { invitationsLastHour } from '../invitations/service.ts';
import { banners, blogPosts, buildGuids, campaigns, faqs, invitations, leads, users } from '../../db/schema.ts';
import { PRO_WAITLIST_SOURCE } from '../../../shared/constants.ts';
import { LEAD_SOURCES } from '../../../shared/schemas/leads.ts';
import { isLive } from '../blog/live.ts';
import { unreadInboxCount } from '../inbox/service.ts';
import { utcDay } from '../../lib/utc-day.ts';
import { type JotSeriesCache, jotsPerDay, utcDayOfColumn } from './jot-series.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sources the site's own forms write (spec §2 home page, the Pro waitlist), by the names people know them. */
const KNOWN_SOURCE_LABELS: Record<string, string> = {
  [LEAD_SOURCES.hero]: 'Home page hero',
  [LEAD_SOURCES.cta]: 'Home page download',
  [PRO_WAITLIST_SOURCE]: 'Pro waitlist',
  [NO_SOURCE_KEY]: 'No source',
};
const CAMPAIGN_SOURCE_PREFIX = 'campaign:';

/**
 * The chart legend's names for lead sources (issue 26 §6): the known forms by name, a campaign's leads
 * (`campaign:{slug}`) by the campaign's name (one query for the chart's few campaigns), anything else as written.
 */
export async function leadSourceLabels(db: Database, sources: string[]): Promise<Record<string, string>> {
  const slugs = sources.filter((source) => source.startsWith(CAMPAIGN_SOURCE_PREFIX)).map((source) => source.slice(CAMPAIGN_SOURCE_PREFIX.length));
  const campaignRows = slugs.length
    ? await db.select({ slug: campaigns.slug, name: campaigns.name }).from(campaigns).where(inArray(campaigns.slug, slugs))
    : [];
  const campaignNames = new Map(campaignRows.map((row) => [row.slug, row.name]));
  return Object.fromEntries(
    sources.map((source) => {
      const campaignName = source.startsWith(CAMPAIGN_SOURCE_PREFIX) ? campaignNames.get(source.slice(CAMPAIGN_SOURCE_PREFIX.length)) : undefined;
      return [source, KNOWN_SOURCE_LABELS[source] ?? (campaignName ? `Campaign “${campaignName}”` : source)];
    }),
  );
}

/** Midnight UTC of `now`'s day, minus `daysBack` days. */
export function utcDayStart(now: Date, daysBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);
}

/** Every day of the window, oldest first, zero-filled. */
function fillDays(start: Date, rows: Array<{ day: string; value: number }>): DaySeriesPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.value)]));
  return Array.from({ length: STATS_SERIES_DAYS }, (_, index) => {
    const date = utcDay(new Date(start.getTime() + index * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
}

async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return Number(row?.value ?? 0);
}

/** `series`: the endpoint's cache of the settled jot counts; without it every figure is read afresh. */
export async function adminStats(db: Database, now = new Date(), series?: JotSeriesCache, invitationHourlyCap = 200): Promise<AdminStats> {
  const weekStart = utcDayStart(now, 6);
  const seriesStart = utcDayStart(now, STATS_SERIES_DAYS - 1);

  const leadDay = utcDayOfColumn(leads.subscribedAt);
  const invitationDay = utcDayOfColumn(invitations.createdAt);

  // PGlite runs one query at a time anyway; on PostgreSQL these go out together.
  const [
    leadWeek,
    pendingUsers,
    publishedPosts,
    activeBanners,
    unreadInbox,
    publishedFaqs,
    buildGuidCount,
    jotRows,
    leadRows,
    invitationRows,
  ] = await Promise.all([
    db
      .select({ total: count(), unsynced: sql<number>`count(*) filter (where ${leads.kitSyncedAt} is null)` })
      .from(leads)
      .where(gte(leads.subscribedAt, weekStart)),
    countWhere(db, users, eq(users.isApproved, false)),
    countWhere(db, blogPosts, isLive(now)),
    countWhere(
      db,
      banners,
      and(
        eq(banners.isActive, true),
        or(isNull(banners.startDate), lte(banners.startDate, now)),
        or(isNull(banners.endDate), gte(banners.endDate, now)),
      ),
    ),
    unreadInboxCount(db),
    countWhere(db, faqs, eq(faqs.isPublished, true)),
    countWhere(db, buildGuids, undefined),
    series ? series.perDay(db, seriesStart, now) : jotsPerDay(db, seriesStart),
    db
      .select({ day: leadDay, source: leads.source, value: count() })
      .from(leads)
      .where(gte(leads.subscribedAt, seriesStart))
      .groupBy(leadDay, leads.source),
    db.select({ day: invitationDay, value: count() }).from(invitations).where(gte(invitations.createdAt, seriesStart)).groupBy(invitationDay),
  ]);

  const sourceTotals = new Map<string, number>();
  const leadsByDay = new Map<string, Record<string, number>>();
  for (const row of leadRows) {
    const source = row.source?.trim() || NO_SOURCE_KEY;
    const value = Number(row.value);
    sourceTotals.set(source, (sourceTotals.get(source) ?? 0) + value);
    const counts = leadsByDay.get(row.day) ?? {};
    counts[source] = (counts[source] ?? 0) + value;
    leadsByDay.set(row.day, counts);
  }
  const leadSources = [...sourceTotals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([source]) => source);
  const sourceLabels = await leadSourceLabels(db, leadSources);
  const invitationsPerDay = fillDays(seriesStart, invitationRows);
  // Today and the last 7 days are the series' last days (issue 13): two more range counts over the same index
  // cost a quarter of the answer at a million jots. (created_at is the server's receive time, never in the future.)
  const jotsPerDaySeries = fillDays(seriesStart, jotRows);
  const sumLastDays = (days: number) => jotsPerDaySeries.slice(-days).reduce((sum, point) => sum + point.count, 0);

  return {
    jots: { today: sumLastDays(1), last7Days: sumLastDays(7) },
    leads: { last7Days: Number(leadWeek[0]?.total ?? 0), unsyncedLast7Days: Number(leadWeek[0]?.unsynced ?? 0) },
    pendingUsers,
    publishedPosts,
    activeBanners,
    unreadInbox,
    publishedFaqs,
    buildGuids: buildGuidCount,
    invitations: {
      today: invitationsPerDay.at(-1)?.count ?? 0,
      perDay: invitationsPerDay,
      lastHour: await invitationsLastHour(db, now),
      hourlyCap: invitationHourlyCap,
    },
    series: {
      jotsPerDay: jotsPerDaySeries,
      leadsPerDayBySource: fillDays(seriesStart, []).map(({ date }) => ({ date, counts: leadsByDay.get(date) ?? {} })),
      leadSources,
      sourceLabels,
    },
    generatedAt: now.toISOString(),
  };
}
