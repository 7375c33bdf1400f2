/**
 * Page path parameters are checked like the API's, and a page's server error is logged by the app's logger only
 * (issue 23 §3): NUL, a newline carrying a forged log line, or an over-long slug in any page parameter is a 404,
 * never a query; a loader that fails writes one pino line without the query's parameters and nothing to the console.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';

const FORGED = encodeURIComponent('\n{"level":60,"msg":"FORGED admin login from 1.2.3.4"}');
/** Every page route with a path parameter. */
const PAGE_PARAMS = ['/p/', '/c/', '/blog/', '/go/'];
const BAD_VALUES = ['a%00b', `x%00${FORGED}`, `x${FORGED}`, 'a'.repeat(201), '%ED%A0%80', 'a%EF%BF%BDb'];

describe(`page parameters and page errors on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' }, { ssr: true });
    app = testApp.app;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await testApp?.close();
  });

  it('answers 404 to NUL, a newline, a broken character (a lone surrogate too) or an over-long value in every page parameter', async () => {
    const consoleError = vi.spyOn(console, 'error');
    for (const prefix of PAGE_PARAMS) {
      for (const value of BAD_VALUES) {
        const response = await app.inject({ method: 'GET', url: `${prefix}${value}` });
        // The site's 404 page, a path that is not UTF-8 included (issue 34 §8: Fastify's router answered 400).
        expect(response.statusCode, `${prefix}${value}`).toBe(404);
        expect(response.headers['content-type'], `${prefix}${value}`).toMatch(/^text\/html/);
      }
    }
    // An API path that is not UTF-8 keeps the router's 400, in JSON.
    const apiPath = await app.inject({ method: 'GET', url: '/api/blog/posts/%ED%A0%80' });
    expect(apiPath.statusCode).toBe(400);
    const blogFilter = await app.inject({ method: 'GET', url: '/blog?category=a%00b' });
    expect(blogFilter.statusCode).toBe(200);
    expect(consoleError).not.toHaveBeenCalled();
    expect(testApp.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(testApp.logs.some((line) => String(line.msg).includes('FORGED'))).toBe(false);
  });

  it("logs a failing loader's error as one pino line without the query's parameters, never on the console", async () => {
    const consoleError = vi.spyOn(console, 'error');
    const secretSlug = 'slug-that-must-not-be-logged';
    await testApp.database.sql.query('alter table pages rename to pages_away');
    // The content kept in memory is dropped, so the page's reads go to the database (and fail there).
    app.services.contentEvents.emit('pages');
    try {
      const response = await app.inject({ method: 'GET', url: `/p/${secretSlug}?token=query-text-not-logged` });
      expect(response.statusCode).toBe(500);
    } finally {
      await testApp.database.sql.query('alter table pages_away rename to pages');
    }
    expect(consoleError).not.toHaveBeenCalled();
    const errors = testApp.logs.filter((line) => line.msg === 'page request failed');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, err: { message: 'database query failed' } });
    // The request's own lines log its path (tokens masked); the error line carries neither the slug nor the query.
    expect(JSON.stringify(errors[0])).not.toContain(secretSlug);
    expect(JSON.stringify(errors[0])).not.toContain('query-text-not-logged');
  });
});
