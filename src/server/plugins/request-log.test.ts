import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createKey, sendV2 } from '../../../tests/fixtures/test-kit.ts';
import { createTestAdmin } from '../../../tests/fixtures/users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Routes of this test only: a service-like log line through app.log after async work, and a slow answer. */
function addTestRoutes(app: FastifyInstance) {
  const work = async () => {
    await app.services.database.sql.query('select 1');
    await delay(5);
    app.log.info({ marker: 'service-line' }, 'logged by a service through app.log');
  };
  app.get('/test/log', async () => {
    await work();
    return { ok: true };
  });
  app.post('/test/log', async () => {
    await work();
    return { ok: true };
  });
  app.get('/test/slow/:n', async () => {
    await delay(150);
    return { ok: true };
  });
}

describe(`request ids and slow requests on ${testDatabaseKind()}`, () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      createTestApp({ SLOW_REQUEST_MS: '100' }, { beforeReady: addTestRoutes }),
      createTestApp({ TRUST_PROXY: 'true' }, { beforeReady: addTestRoutes }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  it('generates a UUID per request, ignores X-Request-Id without TRUST_PROXY, and returns the id', async () => {
    const first = await direct.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'forged-id' } });
    const second = await direct.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("adopts the trusted proxy's X-Request-Id, unless it is not a sane token", async () => {
    const adopted = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(adopted.headers['x-request-id']).toBe('proxy-abc.123');
    const insane = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has "quotes" and spaces' } });
    expect(insane.headers['x-request-id']).toMatch(UUID);
  });

  it('puts the request id on lines logged through app.log by what a request calls (GET and POST with a body)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/test/log' },
      { method: 'POST' as const, url: '/test/log', payload: { some: 'body' } },
    ]) {
      const response = await proxied.app.inject({ ...request, headers: { 'x-request-id': `req-${request.method}` } });
      expect(response.statusCode).toBe(200);
      const lines = proxied.logs.filter((line) => line.marker === 'service-line' && line.reqId === `req-${request.method}`);
      expect(lines).toHaveLength(1);
      // One reqId key, not a duplicate of the request logger's binding.
      expect(JSON.stringify(lines[0]).match(/"reqId"/g)).toHaveLength(1);
    }
    // Over a real socket too (the body arrives in events outside the request's async context).
    const address = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${address}/test/log`, {
        method,
        headers: { 'x-request-id': `http-${method}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify({ some: 'x'.repeat(100_000) }) : undefined,
      });
      expect(response.headers.get('x-request-id')).toBe(`http-${method}`);
      expect(proxied.logs.filter((line) => line.marker === 'service-line' && line.reqId === `http-${method}`)).toHaveLength(1);
    }
    // Every line Fastify writes for the request has it too.
    const ofRequest = proxied.logs.filter((line) => line.reqId === 'req-POST');
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Outside a request, no id.
    proxied.app.log.info({ marker: 'outside' }, 'not in a request');
    expect(proxied.logs.find((line) => line.marker === 'outside')).not.toHaveProperty('reqId');
  });

  it('logs a request slower than SLOW_REQUEST_MS at warn with its route, method, status and duration; no secrets or jot text', async () => {
    const admin = await createTestAdmin(direct.app);
    const key = await createKey(direct.app, admin.headers, 'log-build');
    await sendV2(direct.app, key, { text: 'TOP-SECRET-JOT-TEXT' });
    const fast = await direct.app.inject({ method: 'GET', url: '/healthz' });
    const slow = await direct.app.inject({ method: 'GET', url: '/test/slow/42?token=SECRET-TOKEN-VALUE' });
    expect(slow.statusCode).toBe(200);

    // The slow route warns once. (On a loaded machine a set-up request can pass 100 ms too, and rightly warns.)
    const warnings = direct.logs.filter((line) => line.msg === 'slow request' && line.reqId === slow.headers['x-request-id']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, route: '/test/slow/:n', method: 'GET', statusCode: 200, reqId: slow.headers['x-request-id'] });
    expect(warnings[0]!.durationMs).toBeGreaterThanOrEqual(150);
    expect(direct.logs.some((line) => line.reqId === fast.headers['x-request-id'] && line.msg === 'slow request')).toBe(false);

    const everything = JSON.stringify(direct.logs);
    expect(everything).not.toContain('TOP-SECRET-JOT-TEXT');
    expect(everything).not.toContain('SECRET-TOKEN-VALUE');
    expect(everything).not.toContain(admin.token);
  });
});
