import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { createTestAdmin, type TestUser } from '../../../../tests/fixtures/users.ts';
import { expectAnsweredAsFastify, hotReadsTotal } from '../../../../tests/fixtures/hot-read.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { seedDemoContent } from '../../db/seed.ts';

/** The hot reads answered before Fastify must answer exactly like the Fastify routes (real HTTP, not inject). */
describe(`hot reads over HTTP on ${testDatabaseKind()}`, () => {
  let harness: TestApp;
  let baseUrl: string;
  let admin: TestUser;

  beforeAll(async () => {
    harness = await createTestApp();
    await seedDemoContent(harness.database.db);
    await harness.app.jotFeed.refresh();
    admin = await createTestAdmin(harness.app);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness?.close());

  it.each(['/api/jots/count', '/api/jots?limit=10'])('answers %s with the body and headers of the Fastify route', async (url) => {
    await expectAnsweredAsFastify(harness, baseUrl, url);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${baseUrl}/api/jots/count`);
    const again = await fetch(`${baseUrl}/api/jots/count`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('counts what it answers in /metrics (jotit_hot_reads_total by read and status)', async () => {
    const before = await harness.app.metrics.render();
    const first = await fetch(`${baseUrl}/api/jots/count`);
    await first.text();
    const notModified = await fetch(`${baseUrl}/api/jots/count`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect((await fetch(`${baseUrl}/api/jots?limit=10`)).status).toBe(200);
    const after = await harness.app.metrics.render();
    const grew = (labels: string) => hotReadsTotal(after, labels) - hotReadsTotal(before, labels);
    expect([grew('read="count",status_code="200"'), grew('read="count",status_code="304"'), grew('read="recent",status_code="200"')]).toEqual([1, 1, 1]);
  });

  it('never shows jot text to anonymous callers, and leaves credentialed and other reads to Fastify', async () => {
    const anonymous = (await (await fetch(`${baseUrl}/api/jots?limit=10`)).json()) as Array<Record<string, unknown>>;
    expect(anonymous).toHaveLength(10);
    expect(Object.keys(anonymous[0]!).sort()).toEqual(['created_at', 'id', 'sender_city', 'sender_country', 'sender_state']);
    const asAdmin = (await (await fetch(`${baseUrl}/api/jots?limit=10`, { headers: admin.headers })).json()) as { jots: unknown[]; total: number };
    expect(asAdmin.total).toBeGreaterThanOrEqual(50);
    expect(asAdmin.jots).toHaveLength(10);
    const five = (await (await fetch(`${baseUrl}/api/jots?limit=5`)).json()) as unknown[];
    expect(five).toHaveLength(5);
  });
});
