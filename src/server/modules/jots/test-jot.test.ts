import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { JotPage } from '../../../shared/schemas/jots.ts';
import { createClient, createKey, jotCount, rowCount, type TestKey } from '../../../../tests/fixtures/test-kit.ts';

describe(`test jots and the API reference on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;
  let key: TestKey;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
    key = await createKey(app, admin.headers);
  });
  afterAll(() => testApp?.close());

  const testJot = (payload: Record<string, unknown>, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/test-jot', headers, payload });

  it('encrypts the content as a v2 jot and ingests it like any other, for users and admins', async () => {
    for (const caller of [user, admin]) {
      const before = await jotCount(app);
      const response = await testJot({ content: `Test from ${caller.email}`, buildGuidName: key.name }, caller.headers);
      expect(response.statusCode).toBe(201);
      const result = response.json<{ success: true; jotResult: { id: number } }>();
      expect(result).toMatchObject({ success: true, jotResult: { id: expect.any(Number), version: 'v2' } });
      expect(await jotCount(app)).toBe(before + 1);
      const page = (await app.inject({ method: 'GET', url: '/api/jots?limit=5', headers: admin.headers })).json<JotPage>();
      const record = page.jots.find((jot) => jot.id === result.jotResult.id);
      expect(record).toMatchObject({ jotText: `Test from ${caller.email}`, protocolVersion: 'v2', buildGuidName: key.name, appName: 'JotApp' });
      expect(record?.payload).toMatch(/^eyJ2Ijoy/); // Base64 of {"v":2
    }
  });

  it('answers missing content or build GUID name with success false and the tester’s texts', async () => {
    const rows = await rowCount(app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ buildGuidName: key.name }, 'Please enter some content'],
      [{ content: '   ', buildGuidName: key.name }, 'Please enter some content'],
      [{ content: 'hello' }, 'Please enter a Build GUID name'],
      [{ content: 'hello', buildGuidName: ' ' }, 'Please enter a Build GUID name'],
      [{ content: 'x'.repeat(10_001), buildGuidName: key.name }, 'Content must be at most 10,000 characters'],
      // Text the database cannot store (issue 8 §7): a clear 400, never a 500.
      [{ content: 'a\u0000b', buildGuidName: key.name }, 'Content contains characters that are not allowed'],
      [{ content: 'half \ud83c', buildGuidName: key.name }, 'Content contains characters that are not allowed'],
      [{ content: 'hello', buildGuidName: `${key.name}\u0000` }, 'Build GUID name contains characters that are not allowed'],
    ];
    for (const [payload, error] of cases) {
      const response = await testJot(payload, user.headers);
      expect(response.statusCode).toBe(400);
      // The tester's shape, with the API's field details (issue 25).
      const body = response.json<{ success: boolean; error: string; details?: Array<{ message: string }> }>();
      expect(body).toMatchObject({ success: false, error });
      expect(body.details?.[0]?.message ?? error).toBe(error);
    }
    expect(await rowCount(app)).toBe(rows);
  });

  it('answers an unknown build GUID with 404, success false and a clear error', async () => {
    const response = await testJot({ content: 'hello', buildGuidName: 'no-such-build' }, user.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Build GUID "no-such-build" was not found' });
  });

  it('is for signed-in, approved users only', async () => {
    const body = { content: 'hello', buildGuidName: key.name };
    expect((await testJot(body, {})).statusCode).toBe(401);
    const client = await createClient(app, admin.headers, true);
    expect((await testJot(body, client.headers)).statusCode).toBe(401);
    const pending = await createTestUser(app, { isApproved: false });
    expect((await testJot(body, pending.headers)).statusCode).toBe(401);
  });

  it('serves the API reference at /docs under the strict CSP, its scripts carrying the response nonce', async () => {
    const redirect = await app.inject({ method: 'GET', url: '/docs' });
    expect([200, 301, 302]).toContain(redirect.statusCode);
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const bundle = await app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
  });

  it('documents the jot, build GUID and client endpoints in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of ['/jots', '/api/v1/jots', '/api/v2/jots', '/api/jots', '/api/jots/count', '/api/jots-search', '/api/test-jot', '/api/build-guids', '/api/build-guids/{id}', '/api/clients', '/api/clients/{id}']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(JSON.stringify(document.paths['/api/jots'])).toContain('sender_city');
    // Page routes (the SSR catch-all, static files) are not API operations.
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) expect((operation as { tags?: string[] }).tags?.length).toBeGreaterThan(0);
    }
  });
});
