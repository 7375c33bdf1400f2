/**
 * The analytics roll-up job (decision 0071): scheduled every minute (pruning every hour), run through the queue it
 * adds the events not rolled yet and marks them, and two runs at once count each event once (the advisory lock).
 * What the roll-ups hold is proved against a raw computation by modules/analytics/rollup.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { analyticsDaily, analyticsDownloadsDaily, analyticsEvents } from '../db/schema.ts';
import { ANALYTICS_MAINTENANCE_JOB, ANALYTICS_ROLLUP_JOB, rollUpAnalytics } from './analytics-maintenance.ts';

const AT = Date.parse('2026-11-20T10:00:00Z');

describe(`the analytics roll-up job, on ${testDatabaseKind()}`, () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.startWorkers();
  });
  afterAll(() => harness?.close());
  beforeEach(async () => {
    const { db } = harness.database;
    for (const table of [analyticsEvents, analyticsDaily, analyticsDownloadsDaily]) await db.delete(table);
  });

  /** `count` views of one page by `count` visitors, a second apart from `at`. */
  const views = (count: number, at: number, tag: string) =>
    harness.database.db.insert(analyticsEvents).values(
      Array.from({ length: count }, (_, index) => ({
        at: new Date(at + index * 1000),
        kind: 'view',
        visitorHash: `${tag}-${index}`,
        path: '/',
        device: 'desktop',
        browser: 'Chrome',
      })),
    );
  const totalVisits = async () => {
    const rows = await harness.database.db.select().from(analyticsDaily).where(sql`kind = 'view' and dim = 'total' and source = '' and country = ''`);
    return rows.reduce((sum, row) => sum + row.visits, 0);
  };

  it('is scheduled every minute, and the pruning every hour, in UTC', async () => {
    const { rows } = await harness.database.sql.query<{ name: string; cron: string; timezone: string }>(
      'select name, cron, timezone from pgboss.schedule where name = any($1) order by name',
      [[ANALYTICS_ROLLUP_JOB, ANALYTICS_MAINTENANCE_JOB]],
    );
    expect(rows).toEqual([
      { name: ANALYTICS_MAINTENANCE_JOB, cron: '7 * * * *', timezone: 'UTC' },
      { name: ANALYTICS_ROLLUP_JOB, cron: '* * * * *', timezone: 'UTC' },
    ]);
  });

  it('run through the queue, adds the events not rolled yet to the roll-ups and marks them rolled', async () => {
    await views(3, AT, 'queued');
    await harness.queue.send(ANALYTICS_ROLLUP_JOB, {});
    for (let waited = 0; waited < 20_000 && (await totalVisits()) < 3; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await totalVisits()).toBe(3);
    const events = await harness.database.db.select().from(analyticsEvents);
    expect(events.map((event) => event.rolled)).toEqual([true, true, true]);
  });

  it('two runs at once count each event once: the second waits for the first, then finds nothing left', async () => {
    await views(200, AT, 'raced');
    const runs = await Promise.all([rollUpAnalytics(harness.database.db), rollUpAnalytics(harness.database.db)]);
    expect(runs.map((run) => run.events).sort((a, b) => a - b)).toEqual([0, 200]);
    expect(await totalVisits()).toBe(200);
    await views(5, AT + 600_000, 'later');
    expect(await rollUpAnalytics(harness.database.db)).toMatchObject({ events: 5 });
    expect(await totalVisits()).toBe(205);
  });
});
