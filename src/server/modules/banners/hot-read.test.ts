import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
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

  const SAME_HEADERS = ['etag', 'cache-control', 'content-type', 'x-content-type-options', 'content-security-policy', 'cross-origin-resource-policy', 'referrer-policy', 'vary'];
  const logLinesFor = () => harness.logs.filter((line) => (line.req as { url?: string } | undefined)?.url === url).length;

  it('answers with the body and headers of the Fastify route, without entering Fastify', async () => {
    const before = logLinesFor();
    const fast = await fetch(`${baseUrl}${url}`);
    // Answered before Fastify: no request was logged (Fastify logs every request it handles).
    expect(logLinesFor()).toBe(before);
    const routed = await harness.app.inject({ url });
    expect(logLinesFor()).toBeGreaterThan(before);
    expect(fast.status).toBe(200);
    const body = await fast.text();
    expect(body).toBe(routed.body);
    expect((JSON.parse(body) as unknown[]).length).toBeGreaterThan(0);
    for (const name of SAME_HEADERS) expect([name, fast.headers.get(name)]).toEqual([name, (routed.headers[name] as string | undefined) ?? null]);
  });

  it('answers 304 to a matching If-None-Match, and counts both in /metrics', async () => {
    const sample = (text: string, labels: string) =>
      Number(new RegExp(`^jotit_hot_reads_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = await harness.app.metrics.render();
    const first = await fetch(`${baseUrl}${url}`);
    await first.text();
    const again = await fetch(`${baseUrl}${url}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const after = await harness.app.metrics.render();
    const grew = (labels: string) => sample(after, labels) - sample(before, labels);
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
