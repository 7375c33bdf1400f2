/**
 * The auth plugin's checks run on request, before the body, query or params are validated (issue 8 §11): a
 * caller without the right gets 401/403, never field errors that describe the route's schema. And a session
 * token must carry an expiry.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../tests/fixtures/users.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Every admin route, each with a body, query or params that fail validation.
const ADMIN_ROUTES: Array<[Method, string, object | undefined]> = [
  ['GET', '/api/users?limit=nope', undefined],
  ['POST', '/api/users', { email: 'not an e-mail' }],
  ['PATCH', '/api/users/not-a-number', { isAdmin: 'yes' }],
  ['DELETE', '/api/users/not-a-number', undefined],
  ['GET', '/api/leads?limit=-5', undefined],
  ['GET', '/api/banners', undefined],
  ['POST', '/api/banners', { type: 'purple' }],
  ['PATCH', '/api/banners/not-a-number', { displayOrder: 'first' }],
  ['DELETE', '/api/banners/not-a-number', undefined],
  ['POST', '/api/faqs', { question: 42 }],
  ['PATCH', '/api/faqs/not-a-number', { is_published: 'maybe' }],
  ['DELETE', '/api/faqs/not-a-number', undefined],
  ['PUT', '/api/help-config', { videoUrl: 7 }],
  ['DELETE', '/api/help-config', undefined],
  ['GET', '/api/build-guids', undefined],
  ['POST', '/api/build-guids', { name: '' }],
  ['PUT', '/api/build-guids/not-a-number', { value: 1 }],
  ['DELETE', '/api/build-guids/not-a-number', undefined],
  ['GET', '/api/clients', undefined],
  ['POST', '/api/clients', { isAdmin: 'yes' }],
  ['PATCH', '/api/clients/some-client', { isAdmin: 'yes' }],
  ['DELETE', '/api/clients/some-client', undefined],
];

describe(`auth checks before validation on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    member = await createTestUser(testApp.app);
  });
  afterAll(() => testApp?.close());

  const inject = (method: Method, url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method, url, payload, headers });

  it.each(ADMIN_ROUTES)('%s %s with an invalid request: anonymous 401, non-admin 403, never 400', async (method, url, payload) => {
    const anonymous = await inject(method, url, payload);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(anonymous.json()).not.toHaveProperty('details');
    const user = await inject(method, url, payload, member.headers);
    expect(user.statusCode, user.body).toBe(403);
  });

  it('answers every read that needs a caller with Cache-Control: no-store (walked from the OpenAPI document)', async () => {
    const admin = await createTestAdmin(testApp.app);
    const document = testApp.app.swagger() as { paths: Record<string, { get?: unknown }> };
    // Every GET, with its path parameters filled in; the live stream never ends (and sends no-store itself).
    const reads = Object.entries(document.paths)
      .filter(([path, operations]) => operations.get && !path.endsWith('/stream'))
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    const needingCaller: string[] = [];
    for (const url of reads) {
      if ((await inject('GET', url, undefined)).statusCode === 401) needingCaller.push(url);
    }
    expect(needingCaller).toContain('/api/testimonials/1');
    expect(needingCaller.length).toBeGreaterThanOrEqual(20);
    for (const url of needingCaller) {
      const response = await inject('GET', url, undefined, admin.headers);
      expect(response.headers['cache-control'], `GET ${url} → ${response.statusCode}`).toBe('no-store');
    }
  });

  it('signed-in routes refuse anonymous callers before reading the body', async () => {
    const response = await inject('POST', '/api/test-jot', { content: 42 });
    expect(response.statusCode).toBe(401);
  });

  describe('session tokens', () => {
    const key = () => new TextEncoder().encode(testApp.config.jwtSecret);
    const token = (user: { id: number; sessionId: string }, withExpiry: boolean) => {
      const jwt = new SignJWT({ ver: 0, sid: user.sessionId }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).setIssuer('jotit').setIssuedAt();
      return (withExpiry ? jwt.setExpirationTime('1h') : jwt).sign(key());
    };
    const validate = (bearer: string) => inject('GET', '/api/auth/validate', undefined, { authorization: `Bearer ${bearer}` });

    it('refuses a token issued longer ago than JWT_MAX_AGE (7 days), whatever its `exp`', async () => {
      const admin = await createTestAdmin(testApp.app);
      const now = Math.floor(Date.now() / 1000);
      const issued = (daysAgo: number) =>
        new SignJWT({ ver: 0, sid: admin.sessionId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(admin.id))
          .setIssuer('jotit')
          .setIssuedAt(now - daysAgo * 86_400)
          .setExpirationTime(now + 100 * 365 * 86_400)
          .sign(key());
      expect((await validate(await issued(6))).statusCode).toBe(200);
      const old = await validate(await issued(8));
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
      // No `iat`: its age is unknown, so it is refused too.
      const ageless = new SignJWT({ ver: 0, sid: admin.sessionId }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(admin.id)).setIssuer('jotit');
      expect((await validate(await ageless.setExpirationTime('1h').sign(key()))).statusCode).toBe(401);
    });

    it('refuses a token without `exp`, even when signed with the real key', async () => {
      const admin = await createTestAdmin(testApp.app);
      // The same claims with an expiry are accepted: only the missing `exp` makes the difference.
      expect((await validate(await token(admin, true))).statusCode).toBe(200);
      const forever = await validate(await token(admin, false));
      expect(forever.statusCode).toBe(401);
      expect(forever.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
    });
  });
});
