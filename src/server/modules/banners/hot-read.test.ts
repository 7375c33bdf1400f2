import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { expectAnsweredAsFastify, hotReadsTotal } from '../../../../tests/fixtures/hot-read.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { seedDemoContent } from '../../db/seed.ts';

/** The banner strip's poll, answered before Fastify, answers exactly like the Fastify route (real HTTP, not inject). */
describe(`GET /api/banners/active before the lifecycle on ${testDatabaseKind()}`, () => {
  let harness: TestApp;
  let baseUrl: string;
  const url = '/api/banners/active';

  beforeAll(async () => {
    harness = await createTestApp();
    await seedDemoContent(harness.database.db);
    await harness.app.activeBanners.reload();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => harness?.close());

  it('answers with the body and headers of the Fastify route, without entering Fastify', async () => {
    const body = await expectAnsweredAsFastify(harness, baseUrl, url);
    expect((JSON.parse(body) as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers 304 to a matching If-None-Match, and counts both in /metrics', async () => {
    const before = await harness.app.metrics.render();
    const first = await fetch(`${baseUrl}${url}`);
    await first.text();
    const again = await fetch(`${baseUrl}${url}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const after = await harness.app.metrics.render();
    const grew = (labels: string) => hotReadsTotal(after, labels) - hotReadsTotal(before, labels);
    expect([grew('read="banners",status_code="200"'), grew('read="banners",status_code="304"')]).toEqual([1, 1]);
  });

  it('shows a new banner at once (the answer is not kept past a change)', async () => {
    const before = (await (await fetch(`${baseUrl}${url}`)).json()) as unknown[];
    await harness.database.sql.query(`insert into banners (title, message, is_active) values ('New', 'Just added', true)`);
    await harness.app.activeBanners.reload();
    const after = (await (await fetch(`${baseUrl}${url}`)).json()) as Array<{ title: string }>;
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((banner) => banner.title)).toContain('New');
  });
});
