import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createKey, postJot, sendV2 } from '../../../tests/fixtures/test-kit.ts';
import { createTestAdmin } from '../../../tests/fixtures/users.ts';
import { encryptV2 } from '../../shared/jot-crypto.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe(`GET /metrics on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(() => testApp?.close());

  it('is rate limited per address (60 a minute, here scaled to 6): past it, 429 even with the token', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '0.1' });
    try {
      const scrape = (authorization: string) => other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      for (let i = 0; i < 6; i++) expect((await scrape('Bearer a-guessed-token-0000')).statusCode).toBe(401);
      const limited = await scrape(`Bearer ${TOKEN}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await other.close();
    }
  });

  it('is a 404 like any unknown path when METRICS_TOKEN is unset', async () => {
    const other = await createTestApp();
    try {
      const metrics = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const unknown = await other.app.inject({ method: 'GET', url: '/no-such-page', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).toBe(unknown.body.replace('/no-such-page', '/metrics'));
      expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
    } finally {
      await other.close();
    }
  });

  it('answers 401 { error } without the token or with a wrong one, and is not in the OpenAPI document', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'A valid metrics token is required' });
    }
    const openapi = await testApp.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expect(Object.keys(openapi.json<{ paths: object }>().paths)).toContain('/api/jots/count');
    expect(Object.keys(openapi.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('counts jots by protocol, decrypt failures and leads; reports jobs, the event loop and memory', async () => {
    const admin = await createTestAdmin(testApp.app);
    const key = await createKey(testApp.app, admin.headers, 'metrics-build');
    const before = await scrape();
    expect(sample(before, 'jotit_jots_ingested_total', '{protocol="v2"}')).toBe(0);

    await sendV2(testApp.app, key, { text: 'counted' }); // asserts the 201
    await sendV2(testApp.app, key, { text: 'counted too' });
    const bad = await postJot(testApp.app, '/api/v2/jots', { payload: encryptV2({ text: 'x' }, key.name, 'not the value') });
    expect(bad.statusCode).toBe(400);
    const lead = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { firstName: 'Ada', email: 'metrics@example.com', captcha: await solveCaptcha(testApp.app) },
    });
    expect(lead.statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, 'jotit_jots_ingested_total', '{protocol="v2"}')).toBe(2);
    expect(sample(after, 'jotit_jots_ingested_total', '{protocol="legacy"}')).toBe(0);
    expect(sample(after, 'jotit_jot_decrypt_failures_total', '{protocol="v2"}')).toBe(1);
    expect(sample(after, 'jotit_leads_submitted_total')).toBe(1);
    // The lead's download e-mail waits in the queue (no worker runs in this test).
    expect(after).toMatch(/^jotit_jobs\{queue="[^"]+",state="created"\} [1-9]/m);
    // A failed job query shows in the next scrape: none since the one above.
    const errors = 'jotit_metrics_job_query_errors_total';
    expect(sample(await scrape(), errors)).toBe(sample(after, errors));
    expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (testDatabaseKind() === 'postgres') expect(sample(after, 'jotit_db_pool_connections', '{state="total"}')).toBeGreaterThan(0);
  });

  it('labels requests by route pattern and status, never by raw URL', async () => {
    const admin = await createTestAdmin(testApp.app);
    await testApp.app.inject({ method: 'GET', url: '/api/blog-posts/987654', headers: admin.headers });
    await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing/123456789' });
    await testApp.app.inject({ method: 'GET', url: '/api/users?page=1&marker=55555', headers: admin.headers });
    const text = await scrape();
    expect(text).toMatch(/^jotit_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/blog-posts\/:id",status_code="404"\} 1$/m);
    expect(text).toMatch(/^jotit_http_requests_total\{method="GET",route="\/api\/blog-posts\/:id",status_code="404"\} 1$/m);
    expect(text).toMatch(/^jotit_http_requests_total\{method="GET",route="\(unmatched\)",status_code="404"\} [1-9]/m);
    expect(text).toMatch(/^jotit_http_request_duration_seconds_count\{method="POST",route="\/api\/v2\/jots",status_code="201"\} 2$/m);
    for (const raw of ['987654', '123456789', '55555', 'no-such-thing', '?']) {
      expect(text.split('\n').filter((line) => line.startsWith('jotit_http') && line.includes(raw))).toEqual([]);
    }
  });
});
