/**
 * Decisions 0068 and 0071: the dashboard reads the roll-ups for the events they count and the raw events only for
 * the visitor-days not wholly rolled, and answers exactly what the raw computation answers. Random events over
 * three days (visits that straddle a roll, downloads before and after their visit's first view, pages not found)
 * are written in batches with the roll-up job run between them — in time order, rolled at a few instants minutes
 * apart (the job runs every minute), or in any order (batches written late), or never rolled — then every read
 * through HTTP under random filters is compared with a plain computation over the same events here. The rounding
 * of figures and rates is the service's own (figuresOf, conversionRate): what is proved is what is summed.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../../tests/fixtures/users.ts';
import { ANALYTICS_LISTS, DIRECT_SOURCE } from '../../../shared/schemas/analytics.ts';
import { analyticsDaily, analyticsDownloadsDaily, analyticsEvents } from '../../db/schema.ts';
import { rollUpAnalytics } from '../../jobs/analytics-maintenance.ts';
import { rowsOf } from '../../lib/sql.ts';
import { conversionRate, figuresOf, LIST_DIMENSIONS, previousOf, rangeOf } from './service.ts';

const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20'];
const NOW = Date.parse('2026-11-20T15:40:00Z');
const MINUTE = 60_000;
const PATHS = ['/', '/blog', '/blog/a', '/pricing'];
const SOURCES = [null, 'news', 'ads'];
const REFERRERS = [null, 'forum.example', 'search.example'];
const COUNTRIES = [null, 'DE', 'FR'];

interface Event {
  id: number;
  at: number;
  kind: 'view' | 'not_found' | 'download';
  visitorHash: string;
  path: string;
  referrerDomain: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  country: string | null;
  device: string;
  browser: string;
}

interface Query {
  from: string;
  to: string;
  page?: string;
  source?: string;
  country?: string;
}

const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The raw computation, plainly: visits, their first event's attributes, units summed per day. */
function reference(events: Event[]) {
  const visitsOf = (kind: string) => {
    const visits = new Map<string, { first: Event; events: Event[] }>();
    for (const event of [...events].filter((e) => e.kind === kind).sort((a, b) => a.at - b.at || a.id - b.id)) {
      const key = `${event.visitorHash}|${day(event.at)}`;
      const visit = visits.get(key);
      if (visit) visit.events.push(event);
      else visits.set(key, { first: event, events: [event] });
    }
    return visits;
  };
  const attribute = (first: Event, dim: string): string | null =>
    ({
      entry: first.path,
      source: first.utmSource ?? first.referrerDomain ?? DIRECT_SOURCE,
      campaign: first.utmCampaign,
      referrer: first.referrerDomain,
      country: first.country ?? '(unknown)',
      device: first.device,
      browser: first.browser,
      total: '',
    })[dim] ?? null;
  const inRange = (query: Query, at: number) => at >= dayStart(query.from) && at < dayStart(query.to) + 86_400_000;

  /** The units of a dimension: one per visit (or per visit and page for `page`, or with a page chosen). */
  const units = (kind: string, dim: string, query: Query) => {
    const found: Array<{ day: string; value: string; views: number; durationMs: number }> = [];
    for (const visit of visitsOf(kind).values()) {
      if (!inRange(query, visit.first.at)) continue;
      if (query.source && attribute(visit.first, 'source') !== query.source.toLowerCase()) continue;
      if (query.country && visit.first.country !== query.country.toUpperCase()) continue;
      const kept = visit.events.filter((event) => !query.page || event.path === query.page);
      const groups = new Map<string | null, Event[]>();
      for (const event of kept) {
        const value = dim === 'page' ? event.path : attribute(visit.first, dim);
        groups.set(value, [...(groups.get(value) ?? []), event]);
      }
      for (const [value, grouped] of groups) {
        if (value === null) continue;
        const times = grouped.map((event) => event.at);
        found.push({ day: day(visit.first.at), value, views: grouped.length, durationMs: Math.max(...times) - Math.min(...times) });
      }
    }
    return found;
  };
  const figures = (list: ReturnType<typeof units>) =>
    figuresOf({
      visits: list.length,
      views: list.reduce((sum, unit) => sum + unit.views, 0),
      bounces: list.filter((unit) => unit.views === 1).length,
      durationMs: list.reduce((sum, unit) => sum + unit.durationMs, 0),
    });
  const byValue = (list: ReturnType<typeof units>) => {
    const sums = new Map<string, { value: string; visitors: number; views: number }>();
    for (const unit of list) {
      const sum = sums.get(unit.value) ?? { value: unit.value, visitors: 0, views: 0 };
      sum.visitors += 1;
      sum.views += unit.views;
      sums.set(unit.value, sum);
    }
    return [...sums.values()];
  };
  return {
    summary(query: Query) {
      const range = rangeOf(query, new Date(NOW));
      const previous = previousOf(range);
      const current = units('view', 'total', query);
      const series = Array.from({ length: range.days }, (_, index) => {
        const date = day(dayStart(query.from) + index * 86_400_000);
        const ofDay = current.filter((unit) => unit.day === date);
        return { date, visitors: ofDay.length, views: ofDay.reduce((sum, unit) => sum + unit.views, 0) };
      });
      return {
        from: query.from,
        to: query.to,
        current: figures(current),
        previous: figures(units('view', 'total', { ...query, from: previous.from, to: previous.to })),
        series,
      };
    },
    list(list: keyof typeof LIST_DIMENSIONS, query: Query) {
      const { dim, kind } = LIST_DIMENSIONS[list];
      return byValue(units(kind, dim, query));
    },
    funnel(by: 'source' | 'campaign' | 'entry-page', query: Query) {
      const visits = byValue(units('view', { source: 'source', campaign: 'campaign', 'entry-page': 'entry' }[by], query));
      const views = visitsOf('view');
      const downloads = new Map<string, number>();
      for (const click of events.filter((event) => event.kind === 'download' && inRange(query, event.at))) {
        const visit = views.get(`${click.visitorHash}|${day(click.at)}`)?.first;
        const attributed = {
          source: visit ? attribute(visit, 'source') : (click.utmSource ?? click.referrerDomain ?? DIRECT_SOURCE),
          campaign: visit?.utmCampaign ?? click.utmCampaign,
          'entry-page': visit ? visit.path : null,
          country: visit?.country ?? click.country,
        };
        const value = attributed[by];
        if (value === null) continue;
        if (query.source && attributed.source !== query.source.toLowerCase()) continue;
        if (query.country && attributed.country !== query.country.toUpperCase()) continue;
        if (query.page && attributed['entry-page'] !== query.page) continue;
        downloads.set(value, (downloads.get(value) ?? 0) + 1);
      }
      const values = new Set([...visits.map((row) => row.value), ...downloads.keys()]);
      return [...values].map((value) => {
        const visitCount = visits.find((row) => row.value === value)?.visitors ?? 0;
        const downloadCount = downloads.get(value) ?? 0;
        return { value, visits: visitCount, leads: 0, confirmed: 0, downloads: downloadCount, leadRate: 0, downloadRate: conversionRate(downloadCount, visitCount) };
      });
    },
  };
}

/** Visitors of one day each (the hash rotates daily), each with a few events of one kind mix, some after the mark. */
const eventsArbitrary = fc
  .array(
    fc.record({
      day: fc.constantFrom(...DAYS),
      device: fc.constantFrom('desktop', 'mobile'),
      browser: fc.constantFrom('Chrome', 'Firefox'),
      country: fc.constantFrom(...COUNTRIES),
      events: fc.array(
        fc.record({
          minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
          kind: fc.constantFrom('view', 'view', 'view', 'not_found', 'download'),
          path: fc.constantFrom(...PATHS),
          source: fc.constantFrom(...SOURCES),
          campaign: fc.constantFrom(null, 'spring'),
          referrer: fc.constantFrom(...REFERRERS),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((visitors) => {
    let id = 0;
    return visitors.flatMap((visitor, index) =>
      visitor.events
        .map((event) => ({ ...event, at: dayStart(visitor.day) + event.minute * 60_000 + (id % 7) * 1000 }))
        .filter((event) => event.at < NOW)
        .map(
          (event): Event => ({
            id: ++id,
            at: event.at,
            kind: event.kind as Event['kind'],
            visitorHash: `${visitor.day}-${index}`,
            path: event.path,
            referrerDomain: event.referrer,
            utmSource: event.source,
            utmCampaign: event.campaign,
            country: visitor.country,
            device: visitor.device,
            browser: visitor.browser,
          }),
        ),
    );
  });

/** The filters a query sets: each combination as often, the two- and three-filter ones (decision 0082) included. */
const FILTER_SETS = [
  [],
  ['page'],
  ['source'],
  ['country'],
  ['page', 'source'],
  ['page', 'country'],
  ['source', 'country'],
  ['page', 'source', 'country'],
] as const;

/**
 * A query: its filters' values drawn at random, or (`ofEvent`) taken from one of the events, so that filters set
 * together still match some of them.
 */
const queryArbitrary = fc.record({
  from: fc.constantFrom('2026-11-18', '2026-11-19', '2026-11-20'),
  page: fc.constantFrom(...PATHS),
  source: fc.constantFrom('news', 'ADS', DIRECT_SOURCE, 'forum.example'),
  country: fc.constantFrom('de', 'FR'),
  filters: fc.constantFrom(...FILTER_SETS),
  ofEvent: fc.option(fc.nat(), { nil: undefined }),
});

const queryOf = (
  { from, filters, ofEvent, ...drawn }: typeof queryArbitrary extends fc.Arbitrary<infer Q> ? Q : never,
  events: Event[],
): Query => {
  const event = ofEvent === undefined ? undefined : events[ofEvent % events.length];
  const values = event
    ? {
        page: event.path,
        source: event.utmSource ?? event.referrerDomain ?? DIRECT_SOURCE,
        country: event.country ?? drawn.country,
      }
    : drawn;
  return { from, to: DAYS[2]!, ...Object.fromEntries(filters.map((filter) => [filter, values[filter]])) };
};

type Writing =
  | { order: 'time'; minutesBack: number; minutesBetween: number[] }
  | { order: 'any'; salt: number; rolls: boolean[] }
  | { order: 'never' };

/**
 * How the events are written and rolled up: in time order, the job run at a first instant then at each of a few
 * more minutes apart (several runs within one hour and one day); in any order, in four batches with the job run
 * after some (batches written late, even for a visit already rolled); or never rolled.
 */
const writingArbitrary: fc.Arbitrary<Writing> = fc.oneof(
  fc.record({
    order: fc.constant('time' as const),
    minutesBack: fc.integer({ min: 0, max: 63 * 60 }),
    minutesBetween: fc.array(fc.integer({ min: 1, max: 90 }), { maxLength: 3 }),
  }),
  fc.record({ order: fc.constant('any' as const), salt: fc.integer({ min: 0, max: 1_000 }), rolls: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }),
  fc.constant({ order: 'never' as const }),
);

describe(`the dashboard on the roll-ups equals the raw computation, on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    app.services.now = () => new Date(NOW);
    admin = await createTestAdmin(app);
  });
  afterAll(() => testApp?.close());

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode, `${url} ${response.body} ${JSON.stringify(testApp.logs.filter((line) => line.level === 50).slice(-1))}`).toBe(200);
    return response.json<T>();
  };
  const sorted = <Row extends { value: string }>(rows: Row[]) => [...rows].sort((a, b) => a.value.localeCompare(b.value));

  /** Empties the tables, then writes the events and runs the roll-up job as `writing` says. */
  const writeAndRollUp = async (events: Event[], writing: Writing) => {
    const { db } = testApp.database;
    await db.delete(analyticsEvents);
    await db.delete(analyticsDaily);
    await db.delete(analyticsDownloadsDaily);
    const write = async (batch: Event[]) => {
      if (batch.length) await db.insert(analyticsEvents).values(batch.map((event) => ({ ...event, at: new Date(event.at) })));
    };
    if (writing.order === 'time') {
      const byTime = [...events].sort((a, b) => a.at - b.at || a.id - b.id);
      let written = 0;
      let instant = NOW - writing.minutesBack * MINUTE;
      for (const minutes of [0, ...writing.minutesBetween]) {
        instant = Math.min(NOW, instant + minutes * MINUTE);
        const upTo = byTime.findIndex((event) => event.at >= instant);
        const until = upTo === -1 ? byTime.length : upTo;
        await write(byTime.slice(written, until));
        written = until;
        await rollUpAnalytics(db);
      }
      await write(byTime.slice(written));
    } else if (writing.order === 'any') {
      for (const [batch, roll] of writing.rolls.entries()) {
        await write(events.filter((event) => (event.id * 7_919 + writing.salt) % 4 === batch));
        if (roll) await rollUpAnalytics(db);
      }
    } else await write(events);
  };

  it('summary, every list and the funnel, under random filters, rolled up every few minutes, late, or never', async () => {
    await fc.assert(
      fc.asyncProperty(eventsArbitrary, writingArbitrary, fc.array(queryArbitrary, { minLength: 3, maxLength: 4 }), async (events, writing, queries) => {
        await writeAndRollUp(events, writing);
        const expected = reference(events);
        for (const query of [{ from: DAYS[0]!, to: DAYS[2]! }, ...queries.map((query) => queryOf(query, events))]) {
          const search = new URLSearchParams(query as unknown as Record<string, string>).toString();
          expect(await get(`/api/admin/analytics/summary?${search}`), search).toEqual(expected.summary(query));
          for (const list of ANALYTICS_LISTS) {
            const answer = await get<{ rows: Array<{ value: string; visitors: number; views: number }> }>(`/api/admin/analytics/lists/${list}?${search}`);
            expect(sorted(answer.rows), `${list} ${search}`).toEqual(sorted(expected.list(list, query)));
          }
          for (const by of ['source', 'campaign', 'entry-page'] as const) {
            const answer = await get<{ rows: Array<{ value: string }> }>(`/api/admin/analytics/funnel?${search}&by=${by}`);
            expect(sorted(answer.rows), `funnel ${by} ${search}`).toEqual(sorted(expected.funnel(by, query)));
          }
        }
      }),
      { numRuns: Number(process.env.ANALYTICS_PROPERTY_RUNS ?? 12) },
    );
  }, 120_000);

  it('migration 0028 fills the rows under source and country and under a page filter as the job holds them', async () => {
    const migration = readFileSync(new URL('../../db/migrations/0028_analytics_pairs.sql', import.meta.url), 'utf8');
    const fills = migration
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('INSERT INTO "analytics_daily"'));
    expect(fills).toHaveLength(2);
    const pairs = sql`(page <> '' or (source <> '' and country <> ''))`;
    const pairRows = async () =>
      rowsOf<Record<string, unknown>>(
        await testApp.database.db.execute(
          sql`select * from analytics_daily where ${pairs} order by kind, dim, page, source, country, day, value`,
        ),
      );
    await fc.assert(
      fc.asyncProperty(eventsArbitrary, writingArbitrary, async (events, writing) => {
        await writeAndRollUp(events, writing);
        const held = await pairRows();
        await testApp.database.db.execute(sql`delete from analytics_daily where ${pairs}`);
        for (const fill of fills) await testApp.database.db.execute(sql.raw(fill));
        expect(await pairRows()).toEqual(held);
      }),
      { numRuns: Number(process.env.ANALYTICS_PROPERTY_RUNS ?? 12) },
    );
  }, 120_000);
});
