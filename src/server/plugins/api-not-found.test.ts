/**
 * JSON on every API path (docs/architecture.md §6, issue 8 §3): an unknown path under /api (or the legacy /jots) answers a JSON
 * 404, a known path with the wrong method a JSON 405 with `Allow` — with the pages served by the real SSR plugin
 * (the built web app; `npm test` builds it first) and without them. Pages keep their HTML 404.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';

describe.each([
  { pages: true, title: 'with pages served (SSR)' },
  { pages: false, title: 'API only' },
])('API paths answer JSON errors $title', ({ pages }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // With pages: the app as `npm start` builds it, pages served from build/ by the SSR plugin.
    const harness: TestApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' }, { ssr: pages });
    app = harness.app;
    close = () => harness.close();
  });
  afterAll(() => close?.());

  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no/such/thing'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['DELETE', '/api'],
    ['GET', '/jots/no-such-thing'],
    ['PATCH', '/api/v3/jots'],
  ])('%s %s → 404 { error }', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: { a: 1 } }) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: expect.stringContaining('not found') });
  });

  it.each([
    ['DELETE', '/api/leads', ['GET', 'HEAD', 'POST']],
    ['GET', '/jots', ['POST']],
    ['PUT', '/api/v2/jots', ['POST']],
    ['POST', '/api/jots/count', ['GET', 'HEAD']],
    ['PATCH', '/api/captcha/challenge?x=1', ['GET', 'HEAD']],
    ['OPTIONS', '/api/leads', ['GET', 'HEAD', 'POST']],
  ])('%s %s → 405 { error } with Allow', async (method, url, allowed) => {
    const response = await app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(405);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(String(response.headers.allow).split(', ').sort()).toEqual([...allowed].sort());
    expect(response.json()).toEqual({ error: expect.stringContaining(`Method ${method} is not allowed`) });
  });

  it('still answers the real routes (a 401 from an admin route, a 200 from a public one)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
    const challenge = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['content-type']).toMatch(/^application\/json/);
  });

  it.runIf(pages)('keeps the HTML 404 page for unknown pages, and pages whose path starts like the API', async () => {
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const tester = await app.inject({ method: 'GET', url: '/api-tester' });
    expect(tester.statusCode).toBe(200);
    expect(tester.headers['content-type']).toMatch(/^text\/html/);
    const jotsLike = await app.inject({ method: 'GET', url: '/jotsmith' });
    expect(jotsLike.statusCode).toBe(404);
    expect(jotsLike.headers['content-type']).toMatch(/^text\/html/);
  });
});
