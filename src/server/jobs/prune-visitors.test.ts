import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import {
  affiliateProductClickVisitors,
  affiliateProducts,
  blogPosts,
  blogPostVisitors,
  campaigns,
  campaignVisitors,
} from '../db/schema.ts';
import { PRUNE_VISITORS_JOB } from './prune-visitors.ts';

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('pruning the visitor rows (decision 0021)', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    const { db } = harness.database;
    const [post] = await db.insert(blogPosts).values({ title: 'Counted', slug: 'counted', content: 'x', isPublished: true }).returning();
    const [campaign] = await db.insert(campaigns).values({ name: 'Spring', slug: 'spring' }).returning();
    const [product] = await db.insert(affiliateProducts).values({ name: 'Pen', affiliateLink: 'https://shop.example/pen' }).returning();
    const days = [0, 1, 2, 90].map(day);
    await db.insert(blogPostVisitors).values(days.map((d) => ({ postId: post!.id, day: d, visitorHash: `v-${d}` })));
    await db.insert(campaignVisitors).values(days.map((d) => ({ campaignId: campaign!.id, day: d, visitorHash: `v-${d}` })));
    await db
      .insert(affiliateProductClickVisitors)
      .values(days.map((d) => ({ productId: product!.id, day: d, visitorHash: `v-${d}` })));
    await harness.startWorkers();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('is scheduled once a day in UTC', async () => {
    const { rows } = await harness.database.sql.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [PRUNE_VISITORS_JOB],
    );
    expect(rows).toEqual([{ cron: '17 0 * * *', timezone: 'UTC' }]);
  });

  it('deletes the rows of days before yesterday and keeps today’s and yesterday’s', async () => {
    await harness.queue.send(PRUNE_VISITORS_JOB, {});
    const done = await waitForLog(harness, 'old visitor rows deleted');
    expect(done.deleted).toEqual({ posts: 2, campaigns: 2, products: 2 });
    const { db } = harness.database;
    const kept = [day(0), day(1)].sort();
    for (const table of [blogPostVisitors, campaignVisitors, affiliateProductClickVisitors]) {
      const rows = await db.select({ day: table.day }).from(table);
      expect(rows.map((row) => row.day).sort()).toEqual(kept);
    }
  });
});

async function waitForLog(harness: TestApp, message: string): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const line = harness.logs.find((entry) => entry.msg === message);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line "${message}" within 20 s`);
}
