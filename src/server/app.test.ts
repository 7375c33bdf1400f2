import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app.ts';

describe('the app frame', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp({}, {
      // A route that fails on purpose, to prove 5xx details never leave the server.
      beforeReady: (app) =>
        app.post('/api/__test/crash', async () => {
          throw new Error('secret internal detail');
        }),
    });
  });
  afterAll(() => harness?.close());

  it('answers /healthz and /readyz', async () => {
    const health = await harness.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await harness.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await harness.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Route GET /api/nothing-here not found' });
  });

  it('hides 5xx details from the caller and logs them with the request id', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/__test/crash',
      headers: { 'x-request-id': 'req-crash-1', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(response.body).not.toContain('secret internal detail');
    // Without TRUST_PROXY the sent X-Request-Id is ignored; the answer says which id the lines carry.
    const logged = harness.logs.find((line) => line.reqId === response.headers['x-request-id'] && line.level === 50);
    expect(logged).toBeTruthy();
  });

  it('turns malformed JSON into a 400 with a readable error', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/__test/crash',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('sends strict security headers', async () => {
    // A page path (this test app serves no pages, but every response carries the headers).
    const response = await harness.app.inject({ url: '/about' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('uses a new script nonce on every page, and none on JSON responses', async () => {
    const nonceOf = async (url: string) =>
      /'nonce-([^']+)'/.exec(String((await harness.app.inject({ url })).headers['content-security-policy']))?.[1];
    const first = await nonceOf('/about');
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await nonceOf('/about')).not.toBe(first);
    expect(await nonceOf('/api/nothing-here')).toBeUndefined();
  });

  it('never logs credentials sent in headers or tokens in URLs, on a 404 or a 500', async () => {
    // Every credential header the API reads, plus a token in the query string.
    const secrets = {
      authorization: 'Bearer very-secret-jwt',
      cookie: 'session=cookie-secret-value',
      'x-client-secret': 'client-secret-value',
      'x-admin-client-secret': 'admin-client-secret-value',
    };
    const notFound = await harness.app.inject({
      url: '/api/nothing?token=super-secret-token&x=1',
      headers: { ...secrets, 'x-request-id': 'req-secret-404' },
    });
    expect(notFound.statusCode).toBe(404);
    const crash = await harness.app.inject({
      method: 'POST',
      url: '/api/__test/crash?secret=url-secret-value',
      headers: { ...secrets, 'x-request-id': 'req-secret-500', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crash.statusCode).toBe(500);

    // The requests were logged (their URL masked, the 500 with its error), so the checks below see real lines.
    const lines = (reqId: string) => harness.logs.filter((line) => line.reqId === reqId);
    const notFoundId = String(notFound.headers['x-request-id']);
    const crashId = String(crash.headers['x-request-id']);
    expect(JSON.stringify(lines(notFoundId))).toContain('token=[redacted]&x=1');
    expect(lines(crashId).some((line) => line.level === 50)).toBe(true);
    expect(JSON.stringify(lines(crashId))).toContain('secret=[redacted]');
    const text = JSON.stringify(harness.logs);
    for (const secret of ['very-secret-jwt', 'cookie-secret-value', 'client-secret-value', 'admin-client-secret-value', 'super-secret-token', 'url-secret-value']) {
      expect(text).not.toContain(secret);
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    await harness.app.ready();
    const spec = harness.app.swagger() as { openapi: string; info: { title: string } };
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('JotIt API');
  });
});

describe('rate limits', () => {
  let harness: TestApp;
  beforeAll(async () => {
    // 600/min × 0.005 = 3 requests a minute for "everything else".
    harness = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.005' });
  });
  afterAll(() => harness?.close());

  it('answers 429 with Retry-After and a JSON error past the limit', async () => {
    const statuses: number[] = [];
    let last;
    for (let index = 0; index < 5; index += 1) {
      last = await harness.app.inject({ url: '/api/nothing-here' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error).toMatch(/Too many requests/);
  });

  it('never rate-limits the health probes', async () => {
    for (let index = 0; index < 6; index += 1) expect((await harness.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

/**
 * Needs a Redis server: `REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project api-pglite src/server/app.test.ts`.
 * `.ci/run` sets REDIS_URL, so CI always runs it; without it the test is reported as skipped.
 */
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('rate limits shared through Redis (set REDIS_URL to run)', () => {
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    // A key prefix of its own, so parallel test runs never share counters.
    redis = new Redis(redisUrl!, { keyPrefix: `jotit-test-${randomBytes(6).toString('hex')}:`, maxRetriesPerRequest: 1 });
    [first, second] = await Promise.all([
      createTestApp({ RATE_LIMIT_MULTIPLIER: '0.005' }, { redis }),
      createTestApp({ RATE_LIMIT_MULTIPLIER: '0.005' }, { redis }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    redis?.disconnect();
  });

  it('counts requests to two instances against one limit', async () => {
    const statuses: number[] = [];
    for (const harness of [first, second, first, second]) {
      statuses.push((await harness.app.inject({ url: '/api/nothing-here' })).statusCode);
    }
    // 3 a minute in all: the fourth request, to either instance, is refused.
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
