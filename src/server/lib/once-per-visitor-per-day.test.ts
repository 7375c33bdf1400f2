/**
 * The one "counted once per visitor per UTC day" rule (blog views, campaign visits, affiliate clicks use it), on a
 * real database: a repeat the same day counts nothing, the next day counts again, a bot never counts, and visitors
 * racing for one count get exactly one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../tests/fixtures/test-database.ts';
import { campaignDailyVisits, campaigns, campaignVisitors } from '../db/schema.ts';
import { countOncePerVisitorPerDay } from './once-per-visitor-per-day.ts';
import { createVisitorKeys } from './visitor-key.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const VISITS = {
  visitors: campaignVisitors,
  totals: campaignDailyVisits,
  thing: 'campaignId',
  count: 'visits',
} as const;
const MONDAY = new Date('2026-11-30T23:59:00Z');
const TUESDAY = new Date('2026-12-01T00:01:00Z');

describe(`counting once per visitor per day on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let campaignId: number;
  // A generous rate: this test is about days and repeats, not about the per-network flood limit.
  const visitors = createVisitorKeys('test-secret', 1_000);
  const count = (now: Date, ipAddress: string, userAgent = BROWSER, alsoWhenCounted?: () => Promise<void>) =>
    countOncePerVisitorPerDay(
      { db: database.db, visitors, now },
      VISITS,
      campaignId,
      { ipAddress, userAgent },
      alsoWhenCounted,
    );
  const totals = async () =>
    Object.fromEntries(
      (await database.db.select().from(campaignDailyVisits).where(eq(campaignDailyVisits.campaignId, campaignId))).map(
        (row) => [row.day, row.visits],
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    [{ id: campaignId }] = (await database.db
      .insert(campaigns)
      .values({ name: 'Counted', slug: 'counted' })
      .returning({ id: campaigns.id })) as [{ id: number }];
  });
  afterAll(() => database?.dispose());

  it('counts a visitor once a day, again the next UTC day, and a bot never', async () => {
    expect(await count(MONDAY, '10.9.0.1')).toBe(true);
    expect(await count(MONDAY, '10.9.0.1')).toBe(false);
    expect(await count(MONDAY, '10.9.0.2')).toBe(true);
    expect(await count(MONDAY, '10.9.0.3', BOT)).toBe(false);
    expect(await count(TUESDAY, '10.9.0.1')).toBe(true);
    expect(await totals()).toEqual({ '2026-11-30': 2, '2026-12-01': 1 });
  });

  it('gives one count to a visitor whose requests race, and runs the caller’s extra write only then', async () => {
    let extraWrites = 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => count(TUESDAY, '10.9.0.4', BROWSER, async () => void extraWrites++)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(extraWrites).toBe(1);
    expect(await totals()).toEqual({ '2026-11-30': 2, '2026-12-01': 2 });
  });

  it('counts nothing when the caller’s extra write fails: one transaction', async () => {
    await expect(count(TUESDAY, '10.9.0.5', BROWSER, () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(await totals()).toEqual({ '2026-11-30': 2, '2026-12-01': 2 });
    expect(await count(TUESDAY, '10.9.0.5')).toBe(true);
  });
});
