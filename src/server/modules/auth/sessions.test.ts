/**
 * Sign-in sessions (issue 36 item 6; decision 0051): every sign-in is a session the person can see and end; an ended
 * session's token is refused at once, on every instance; nobody can see or end another account's sessions.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createClient, startSecondInstance } from '../../../../tests/fixtures/test-kit.ts';
import { createTestAdmin, createTestUser, type TestUserWithSession } from '../../../../tests/fixtures/users.ts';
import type { Session } from '../../../shared/schemas/sessions.ts';
import { auditLog, sessions } from '../../db/schema.ts';

const EXPIRED = { error: 'Your session has expired. Please sign in again.' };
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe(`sessions API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let second: FastifyInstance;
  // TRUST_PROXY: the country of a sign-in comes from the proxy's CF-IPCountry header, as in production behind Cloudflare.
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', TRUST_PROXY: 'true' });
    second = await startSecondInstance(testApp);
  });
  afterAll(async () => {
    await second?.close();
    await testApp?.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = (token: string, instance = app()) => instance.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
  const sessionsOf = async (token: string) => {
    const response = await list(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ sessions: Session[] }>().sessions;
  };
  const end = (token: string, id: string) => app().inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
  const endOthers = (token: string, payload: object = {}) =>
    app().inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: bearer(token), payload });
  const validate = (token: string, instance = app()) =>
    instance.inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });
  async function signIn(user: TestUserWithSession, userAgent = CHROME_ON_MAC, country = 'DE'): Promise<string> {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'user-agent': userAgent, 'cf-ipcountry': country },
      payload: { email: user.email, password: user.password, captcha: await solveCaptcha(app()) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  }

  it('makes every sign-in a session the person sees, newest first, with its device, country and the current one flagged', async () => {
    const user = await createTestUser(app());
    const onMac = await signIn(user, CHROME_ON_MAC, 'DE');
    const onWindows = await signIn(user, FIREFOX_ON_WINDOWS, 'FR');
    const onPhone = await signIn(user, SAFARI_ON_IPHONE, 'CH');
    const listed = await sessionsOf(onWindows);
    // The fixture's own token is a session too (no User-Agent: "Unknown device").
    expect(listed.map(({ device, country, isCurrent }) => ({ device, country, isCurrent }))).toEqual([
      { device: 'Safari on iPhone', country: 'CH', isCurrent: false },
      { device: 'Firefox on Windows', country: 'FR', isCurrent: true },
      { device: 'Chrome on macOS', country: 'DE', isCurrent: false },
      { device: 'Unknown device', country: null, isCurrent: false },
    ]);
    for (const session of listed) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    expect((await sessionsOf(onPhone)).find((session) => session.isCurrent)?.device).toBe('Safari on iPhone');
    expect((await validate(onMac)).statusCode).toBe(200);
  });

  it('ends a session at once, on every instance, and audits it without the token', async () => {
    const user = await createTestUser(app());
    const kept = await signIn(user);
    const doomed = await signIn(user, FIREFOX_ON_WINDOWS);
    // Both instances accept the token first, so nothing about it can be cached and go stale afterwards.
    expect((await validate(doomed)).statusCode).toBe(200);
    expect((await validate(doomed, second)).statusCode).toBe(200);
    const doomedId = (await sessionsOf(doomed)).find((session) => session.isCurrent)!.id;

    const ended = await end(kept, doomedId);
    expect(ended.statusCode, ended.body).toBe(204);
    for (const instance of [app(), second]) {
      const refused = await validate(doomed, instance);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(EXPIRED);
    }
    expect((await validate(kept)).statusCode).toBe(200);
    expect((await sessionsOf(kept)).map((session) => session.id)).not.toContain(doomedId);
    // Gone is gone: a second end is a 404.
    expect((await end(kept, doomedId)).statusCode).toBe(404);

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'session.end'), eq(auditLog.entityId, doomedId)));
    expect(entry).toMatchObject({ actorUserId: user.id, entity: 'session', details: { userId: user.id, isCurrent: false } });
    expect(JSON.stringify(entry!.details)).toContain('Firefox on Windows');
    expect(JSON.stringify(entry)).not.toContain(doomed);
  });

  it('signs out: ending the current session, or POST /api/auth/signout, refuses that token from the next request', async () => {
    const user = await createTestUser(app());
    const token = await signIn(user);
    const currentId = (await sessionsOf(token)).find((session) => session.isCurrent)!.id;
    expect((await end(token, currentId)).statusCode).toBe(204);
    expect((await validate(token)).statusCode).toBe(401);

    const other = await signIn(user);
    const signOut = await app().inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(other), payload: {} });
    expect(signOut.statusCode, signOut.body).toBe(204);
    expect((await validate(other)).statusCode).toBe(401);
    expect((await validate(user.token)).statusCode).toBe(200);
  });

  it('ends every other session and keeps the current one', async () => {
    const user = await createTestUser(app());
    const others = [await signIn(user), await signIn(user, FIREFOX_ON_WINDOWS)];
    const current = await signIn(user, SAFARI_ON_IPHONE);
    const bystander = await createTestUser(app());

    const response = await endOthers(current);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 3 });
    for (const token of [...others, user.token]) expect((await validate(token)).statusCode).toBe(401);
    expect((await validate(current)).statusCode).toBe(200);
    expect((await sessionsOf(current)).map(({ device, isCurrent }) => ({ device, isCurrent }))).toEqual([
      { device: 'Safari on iPhone', isCurrent: true },
    ]);
    // Another account is untouched.
    expect((await validate(bystander.token)).statusCode).toBe(200);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'session.end_others'), eq(auditLog.actorUserId, user.id)));
    expect(entry?.details).toMatchObject({ userId: user.id });
  });

  it("answers 404 for another account's session, exactly as for an unknown id, and leaves it alive", async () => {
    const owner = await createTestUser(app());
    const intruder = await createTestAdmin(app());
    const response = await end(intruder.token, owner.sessionId);
    expect(response.statusCode).toBe(404);
    const unknown = await end(intruder.token, 'A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(response.json()).toEqual(unknown.json());
    expect((await validate(owner.token)).statusCode).toBe(200);
    expect((await sessionsOf(intruder.token)).map((session) => session.id)).not.toContain(owner.sessionId);
  });

  it('holds the permission matrix: anonymous 401, API clients 401, users and admins their own sessions', async () => {
    const admin = await createTestAdmin(app());
    const user = await createTestUser(app());
    const client = await createClient(app(), admin.headers);
    const adminClient = await createClient(app(), admin.headers, true);
    const routes = [
      ['GET', '/api/auth/sessions'],
      ['DELETE', `/api/auth/sessions/${user.sessionId}`],
      ['POST', '/api/auth/sessions/end-others'],
      ['POST', '/api/auth/signout'],
    ] as const;
    for (const [method, url] of routes) {
      for (const headers of [{}, client.headers, { 'x-admin-client-id': adminClient.clientId, 'x-admin-client-secret': adminClient.secret }]) {
        const response = await app().inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(Object.keys(headers))}`).toBe(401);
      }
    }
    for (const person of [user, admin]) {
      const listed = await sessionsOf(person.token);
      expect(listed).toEqual([expect.objectContaining({ id: person.sessionId, isCurrent: true })]);
    }
    expect((await validate(user.token)).statusCode).toBe(200);
  });

  it('refuses bad input: a malformed id, an unknown field', async () => {
    const user = await createTestUser(app());
    for (const id of ['not-an-id', '1', 'A'.repeat(23), '%27%20or%201%3D1']) {
      const response = await end(user.token, id);
      expect(response.statusCode, id).toBe(400);
    }
    const unknownField = await endOthers(user.token, { everything: true });
    expect(unknownField.statusCode).toBe(400);
    expect((await validate(user.token)).statusCode).toBe(200);
  });

  it('refuses a token without `sid` (signed before sessions existed) and one naming an unknown or foreign session', async () => {
    const user = await createTestUser(app());
    const other = await createTestUser(app());
    const key = new TextEncoder().encode(testApp.config.jwtSecret);
    const sign = (claims: object) =>
      new SignJWT({ ver: 0, ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).setIssuer('jotit').setIssuedAt().setExpirationTime('1h').sign(key);
    for (const claims of [{}, { sid: 'A'.repeat(22) }, { sid: other.sessionId }, { sid: 42 }]) {
      const response = await validate(await sign(claims));
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    }
    // The same claims naming the user's own session are accepted: only the session makes the difference.
    expect((await validate(await sign({ sid: user.sessionId }))).statusCode).toBe(200);
  });

  it('ends sessions with a password reset or a revoked right: they leave the list and their tokens are refused', async () => {
    const admin = await createTestAdmin(app());
    const user = await createTestUser(app());
    const patch = await app().inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: admin.headers, payload: { password: 'a-new-password' } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await validate(user.token)).statusCode).toBe(401);
    const fresh = await signIn({ ...user, password: 'a-new-password' });
    expect((await sessionsOf(fresh)).map((session) => session.isCurrent)).toEqual([true]);
    // The sign-in swept the dead row away.
    expect(await db().select().from(sessions).where(eq(sessions.id, user.sessionId))).toEqual([]);
  });

  it('writes last_seen_at at most once a minute, not on every request', async () => {
    const user = await createTestUser(app());
    const [before] = await db().select().from(sessions).where(eq(sessions.id, user.sessionId));
    for (let request = 0; request < 5; request += 1) expect((await validate(user.token)).statusCode).toBe(200);
    const [after] = await db().select().from(sessions).where(eq(sessions.id, user.sessionId));
    expect(after!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());

    // Older than a minute: the next request writes it, once.
    const old = new Date(Date.now() - 5 * 60_000);
    await db().update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, user.sessionId));
    expect((await validate(user.token)).statusCode).toBe(200);
    const [touched] = await db().select().from(sessions).where(and(eq(sessions.id, user.sessionId), gt(sessions.lastSeenAt, old)));
    expect(touched).toBeDefined();
    for (let request = 0; request < 3; request += 1) expect((await validate(user.token)).statusCode).toBe(200);
    const [still] = await db().select().from(sessions).where(eq(sessions.id, user.sessionId));
    expect(still!.lastSeenAt.getTime()).toBe(touched!.lastSeenAt.getTime());
  });
});
