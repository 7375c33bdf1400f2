/**
 * Changing one's own password on the Security page (issue 36 item 6): the current password proves the person and is
 * guarded like a sign-in (one text for a wrong one, the same back-off); every other session ends at once, the asking
 * one goes on with a new token; the account is mailed; the change is audited without a password; rate-limited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { mailHeader, startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createClient } from '../../../../tests/fixtures/test-kit.ts';
import { createTestUser, type TestUserWithSession } from '../../../../tests/fixtures/users.ts';
import { CURRENT_PASSWORD_WRONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '../../../shared/schemas/accounts.ts';
import type { Session } from '../../../shared/schemas/sessions.ts';
import { auditLog } from '../../db/schema.ts';

const EXPIRED = { error: 'Your session has expired. Please sign in again.' };
const CHANGED_SUBJECT = 'Your JotIt password was changed';

describe(`changing the password on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' });
    await testApp.startWorkers();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const app = () => testApp.app;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const change = (token: string | null, payload: object) =>
    app().inject({ method: 'POST', url: '/api/auth/password', headers: token ? bearer(token) : {}, payload });
  const validate = (token: string) => app().inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });
  const signIn = async (email: string, password: string) =>
    app().inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password, captcha: await solveCaptcha(app()) } });
  async function signedIn(user: TestUserWithSession): Promise<string> {
    const response = await signIn(user.email, user.password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  }

  it('changes the password, ends every other session at once, keeps the asking one with a new token, mails and audits', async () => {
    const user = await createTestUser(app());
    const laptop = await signedIn(user);
    const phone = await signedIn(user);

    const changed = await change(laptop, { currentPassword: user.password, password: 'a-new-password' });
    expect(changed.statusCode, changed.body).toBe(200);
    const { token, endedSessions, message } = changed.json<{ token: string; endedSessions: number; message: string }>();
    expect(endedSessions).toBe(2);
    expect(message).toBe('Your password was changed. Every other device was signed out.');

    // The other devices and the asking session's old token are refused; the new token is the same session.
    for (const old of [phone, user.token, laptop]) expect((await validate(old)).json()).toEqual(EXPIRED);
    expect((await validate(token)).statusCode).toBe(200);
    const listed = await app().inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
    const sessions = listed.json<{ sessions: Session[] }>().sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.isCurrent).toBe(true);

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a-new-password')).statusCode).toBe(200);

    const mail = await smtp.waitForMail((message) => message.to.includes(user.email) && message.subject === CHANGED_SUBJECT);
    expect(mail.text).toContain('Every other device signed in to your account was signed out');
    expect(mail.text).toContain('/account/security');
    expect(mailHeader(mail, 'List-Unsubscribe')).toBeUndefined();

    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_change'), eq(auditLog.entityId, String(user.id))));
    expect(entry?.details).toEqual({ userId: user.id, by: 'self', otherSessionsEnded: 2 });
    expect(JSON.stringify(entry)).not.toContain('a-new-password');
    expect(JSON.stringify(entry)).not.toContain(user.password);
  });

  it('refuses a wrong current password with one text, changes nothing, and counts it toward the sign-in back-off', async () => {
    const user = await createTestUser(app());
    const other = await signedIn(user);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await change(user.token, { currentPassword: `wrong-${attempt}`, password: 'a-new-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: CURRENT_PASSWORD_WRONG_MESSAGE, details: [{ field: 'currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE }] });
    }
    // The address is blocked for the change and for sign-in alike, with no password checked (the right one too).
    const blocked = await change(user.token, { currentPassword: user.password, password: 'a-new-password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    // Nothing changed: both sessions live, no audit entry.
    expect((await validate(user.token)).statusCode).toBe(200);
    expect((await validate(other)).statusCode).toBe(200);
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_change'), eq(auditLog.entityId, String(user.id))));
    expect(entries).toEqual([]);
  });

  it('holds the new password to the sign-up rules and the body to its fields', async () => {
    const user = await createTestUser(app());
    const short = await change(user.token, { currentPassword: user.password, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ details: Array<{ field: string; message: string }> }>().details).toContainEqual({ field: 'password', message: PASSWORD_TOO_SHORT_MESSAGE });
    expect((await change(user.token, { currentPassword: user.password, password: 'a-new-password', isAdmin: true })).statusCode).toBe(400);
    expect((await change(user.token, { password: 'a-new-password' })).statusCode).toBe(400);
    expect((await validate(user.token)).statusCode).toBe(200);
  });

  it('is for signed-in people only: 401 for anonymous callers and API clients', async () => {
    expect((await change(null, { currentPassword: 'x', password: 'a-new-password' })).statusCode).toBe(401);
    const owner = await createTestUser(app(), { role: 'owner' });
    const client = await createClient(app(), owner.headers, true);
    const asClient = await app().inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: client.headers,
      payload: { currentPassword: 'x', password: 'a-new-password' },
    });
    expect(asClient.statusCode).toBe(401);
  });
});

describe(`changing the password is rate-limited on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 429 past the auth limit of 10 a minute per address', async () => {
    const user = await createTestUser(testApp.app);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/password', headers: user.headers, payload: {} });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
