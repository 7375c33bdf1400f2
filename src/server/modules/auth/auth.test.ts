import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser } from '../../../../tests/fixtures/users.ts';
import {
  AWAITING_APPROVAL_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  INVALID_CONFIRMATION_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '../../../shared/schemas/accounts.ts';
import { auditLog, authTokens, users } from '../../db/schema.ts';
import { CAPTCHA_ERROR } from '../captcha/service.ts';
import { ALREADY_REGISTERED_SUBJECT, APPROVED_SUBJECT, CONFIRMATION_SUBJECT, RESET_SUBJECT } from '../mail/account-emails.ts';
import {
  CONFIRMATION_SENT_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  SIGN_UP_MESSAGE,
} from './service.ts';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let sequence = 0;
const uniqueEmail = (name = 'person') => `${name}.${Date.now()}.${(sequence += 1)}@example.com`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const tokenFrom = (text: string, page: string) => new RegExp(`${page}\\?token=([\\w-]+)`).exec(text)?.[1];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times two kinds of request in alternation (so a busy moment of the machine hits both alike) and returns the
 * median of each: a timing test on a shared machine must not hang on one stray pause.
 */
async function alternatingMedians(rounds: number, first: () => Promise<number>, second: () => Promise<number>) {
  const a: number[] = [];
  const b: number[] = [];
  await first();
  await second();
  for (let round = 0; round < rounds; round += 1) {
    a.push(await first());
    b.push(await second());
  }
  return [median(a), median(b)] as const;
}

describe(`auth API on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No minimum sign-up latency here: sign-up-timing.test.ts proves it; these tests sign up often.
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', SIGN_UP_MIN_MS: '0' });
    await testApp.startWorkers();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url, payload, headers });
  const validate = (token: string) =>
    app().inject({ method: 'GET', url: '/api/auth/validate', headers: { authorization: `Bearer ${token}` } });
  const signUp = async (email: string, password = 'secret-password') =>
    post('/api/auth/signup', { email, password, captcha: await solveCaptcha(app()) });
  const signIn = async (email: string, password: string) =>
    post('/api/auth/signin', { email, password, captcha: await solveCaptcha(app()) });
  const forgot = async (email: string) => post('/api/auth/forgot-password', { email, captcha: await solveCaptcha(app()) });
  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
  const mailTo = (email: string, subject: string) =>
    smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject === subject);
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  /**
   * Resolves once every reset or re-send asked for so far has been decided: those are jobs, handled one at a time in
   * order after the answer (decision 0041), so a later request's mail arriving means the earlier ones are done.
   */
  const accountMailSettled = async () => {
    const sentinel = await createTestUser(app(), { email: uniqueEmail('sentinel') });
    await forgot(sentinel.email);
    await mailTo(sentinel.email, RESET_SUBJECT);
  };

  /** Signs up and follows the confirmation e-mail; returns the confirmation token. */
  async function signUpAndReadToken(email: string, password = 'secret-password') {
    expect((await signUp(email, password)).statusCode).toBe(201);
    const mail = await mailTo(email, CONFIRMATION_SUBJECT);
    const token = tokenFrom(mail.text, '/confirm-email');
    expect(token).toBeDefined();
    return token!;
  }

  describe('POST /api/auth/signup', () => {
    it('creates an unconfirmed, unapproved account with argon2id and e-mails a confirmation link to the page', async () => {
      const email = uniqueEmail('Ann');
      const response = await signUp(email);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: SIGN_UP_MESSAGE });

      const user = await userByEmail(email);
      expect(user).toMatchObject({ isApproved: false, isAdmin: false, emailConfirmedAt: null });
      expect(user.username).toBe(email.split('@')[0]);
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);

      const mail = await mailTo(email, CONFIRMATION_SUBJECT);
      expect(mail.text).toContain(`http://jotit.test/confirm-email?token=`);
      expect(mail.raw).toMatch(/content-type: text\/html/i);
      const token = tokenFrom(mail.text, '/confirm-email')!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      // Only a hash of the token is stored, with a 24-hour expiry.
      const [row] = await db().select().from(authTokens).where(eq(authTokens.userId, user.id));
      expect(row).toMatchObject({ kind: 'confirm_email', tokenHash: sha256(token), usedAt: null });
      const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      // Sign-ups are anonymous: they add to the hour's roll-up row, not one row each (decision 0022).
      const [rollup] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.signup'));
      expect(rollup).toMatchObject({ rollupKey: expect.stringMatching(/^user\.signup@\d{4}-\d\d-\d\dT\d\d:00Z$/), details: expect.objectContaining({ count: expect.any(Number) }) });
    });

    it('derives a unique username from the e-mail', async () => {
      const stamp = Date.now();
      await signUp(`twin${stamp}@one.example`);
      await signUp(`twin${stamp}@two.example`);
      expect((await userByEmail(`twin${stamp}@one.example`)).username).toBe(`twin${stamp}`);
      expect((await userByEmail(`twin${stamp}@two.example`)).username).toBe(`twin${stamp}2`);
    });

    it('answers the same for an address that already has an account, and tells the owner by e-mail', async () => {
      const owner = await createTestUser(app(), { email: uniqueEmail('owner') });
      const response = await signUp(owner.email.toUpperCase(), 'another-password');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: SIGN_UP_MESSAGE });
      const mail = await mailTo(owner.email, ALREADY_REGISTERED_SUBJECT);
      expect(mail.text).toContain('http://jotit.test/login');
      const rows = await db().select().from(users).where(eq(users.id, owner.id));
      expect(rows).toHaveLength(1);
      // The owner's password is untouched.
      expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    });

    it('refuses a missing, invalid or reused captcha with the spec text', async () => {
      const email = uniqueEmail();
      const missing = await post('/api/auth/signup', { email, password: 'secret-password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe(CAPTCHA_REQUIRED_MESSAGE);

      const invalid = await post('/api/auth/signup', { email, password: 'secret-password', captcha: 'bm90IGEgc29sdXRpb24=' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error).toBe(CAPTCHA_ERROR);

      const captcha = await solveCaptcha(app());
      expect((await post('/api/auth/signup', { email, password: 'secret-password', captcha })).statusCode).toBe(201);
      const reused = await post('/api/auth/signup', { email: uniqueEmail(), password: 'secret-password', captcha });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe(CAPTCHA_ERROR);
    });

    it('validates e-mail and password with the texts of spec §5', async () => {
      const cases: Array<[object, string]> = [
        [{ password: 'secret-password' }, EMAIL_REQUIRED_MESSAGE],
        [{ email: '', password: 'secret-password' }, EMAIL_REQUIRED_MESSAGE],
        [{ email: 'not-an-email', password: 'secret-password' }, EMAIL_INVALID_MESSAGE],
        [{ email: uniqueEmail(), password: '12345' }, PASSWORD_TOO_SHORT_MESSAGE],
        [{ email: uniqueEmail(), password: 'x'.repeat(201) }, 'Password must be at most 200 characters long.'],
      ];
      for (const [body, message] of cases) {
        const response = await post('/api/auth/signup', { ...body, captcha: 'unused' });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(message);
      }
      const notJson = await app().inject({ method: 'POST', url: '/api/auth/signup', payload: '{', headers: { 'content-type': 'application/json' } });
      expect(notJson.statusCode).toBe(400);
    });
    // Timing: sign-up-timing.test.ts (issue 23 §5).
  });

  describe('confirmation, approval and sign-in', () => {
    it('goes from sign-up to confirmed to approved to signed in, with a distinct refusal at each step', async () => {
      const email = uniqueEmail('flow');
      const token = await signUpAndReadToken(email, 'flow-password');

      // Unconfirmed: the right password learns that, a wrong one learns nothing.
      const unconfirmed = await signIn(email, 'flow-password');
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json().error).toBe(EMAIL_NOT_CONFIRMED_MESSAGE);
      expect((await signIn(email, 'wrong-password')).json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });

      const confirmed = await post('/api/auth/confirm', { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ needsApproval: true });
      expect((await userByEmail(email)).emailConfirmedAt).toBeInstanceOf(Date);

      const awaiting = await signIn(email, 'flow-password');
      expect(awaiting.statusCode).toBe(403);
      expect(awaiting.json().error).toBe(AWAITING_APPROVAL_MESSAGE);

      const admin = await createTestAdmin(app());
      const user = await userByEmail(email);
      const approve = await app().inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: admin.headers, payload: { isApproved: true } });
      expect(approve.statusCode).toBe(200);
      const approvedMail = await mailTo(email, APPROVED_SUBJECT);
      expect(approvedMail.text).toContain('http://jotit.test/login');

      const signedIn = await signIn(email.toUpperCase(), 'flow-password');
      expect(signedIn.statusCode).toBe(200);
      const body = signedIn.json();
      expect(body).toEqual({ token: expect.any(String), user: { id: user.id, email, isAdmin: false, role: 'user' } });
      expect(JSON.stringify(body)).not.toContain('argon2');

      const validated = await validate(body.token);
      expect(validated.statusCode).toBe(200);
      expect(validated.json()).toEqual({ user: { id: user.id, email, isAdmin: false, role: 'user' } });
      expect(validated.headers['cache-control']).toBe('no-store');
    });

    it('accepts a confirmation token once', async () => {
      const token = await signUpAndReadToken(uniqueEmail('once'));
      expect((await post('/api/auth/confirm', { token })).statusCode).toBe(200);
      const again = await post('/api/auth/confirm', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
    });

    it('accepts only one of two concurrent uses of a confirmation token', async () => {
      const token = await signUpAndReadToken(uniqueEmail('race'));
      const results = await Promise.all([post('/api/auth/confirm', { token }), post('/api/auth/confirm', { token })]);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
    });

    it('refuses an expired, unknown or missing confirmation token', async () => {
      const email = uniqueEmail('expired');
      const token = await signUpAndReadToken(email);
      await db().update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, sha256(token)));
      const expired = await post('/api/auth/confirm', { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
      expect((await userByEmail(email)).emailConfirmedAt).toBeNull();

      expect((await post('/api/auth/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(400);
      expect((await post('/api/auth/confirm', {})).statusCode).toBe(400);
      expect((await post('/api/auth/confirm', { token: '' })).statusCode).toBe(400);
    });

    it('refuses a confirmation token for a password reset and the other way round', async () => {
      const email = uniqueEmail('kinds');
      const token = await signUpAndReadToken(email);
      const asReset = await post('/api/auth/reset-password', { token, password: 'new-password' });
      expect(asReset.statusCode).toBe(400);
      expect(asReset.json().error).toBe(INVALID_RESET_LINK_MESSAGE);
      expect((await post('/api/auth/confirm', { token })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/signin', () => {
    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const user = await createTestUser(app());
      const unknown = await signIn(uniqueEmail('nobody'), 'whatever-password');
      const wrong = await signIn(user.email, 'whatever-password');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('spends argon2 time on an unknown e-mail too', async () => {
      const user = await createTestUser(app());
      const time = async (email: string) => {
        const captcha = await solveCaptcha(app());
        const started = performance.now();
        await post('/api/auth/signin', { email, password: 'not-the-password', captcha });
        return performance.now() - started;
      };
      const [unknown, known] = await alternatingMedians(7, () => time(uniqueEmail('nobody')), () => time(user.email));
      expect(unknown).toBeGreaterThan(known * 0.4);
    });

    it('needs a captcha and valid fields', async () => {
      const user = await createTestUser(app());
      const noCaptcha = await post('/api/auth/signin', { email: user.email, password: user.password });
      expect(noCaptcha.statusCode).toBe(400);
      expect(noCaptcha.json().error).toBe(CAPTCHA_REQUIRED_MESSAGE);
      const badCaptcha = await post('/api/auth/signin', { email: user.email, password: user.password, captcha: 'nope' });
      expect(badCaptcha.statusCode).toBe(400);
      expect(badCaptcha.json().error).toBe(CAPTCHA_ERROR);
      const badEmail = await post('/api/auth/signin', { email: 'nope', password: user.password, captcha: 'x' });
      expect(badEmail.json().error).toBe(EMAIL_INVALID_MESSAGE);
    });

    it('returns isAdmin for admins', async () => {
      const admin = await createTestAdmin(app());
      const response = await signIn(admin.email, admin.password);
      expect(response.json().user).toEqual({ id: admin.id, email: admin.email, isAdmin: true, role: 'owner' });
    });
  });

  describe('GET /api/auth/validate and the JWT', () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('answers 401 without a token or with a malformed one', async () => {
      expect((await app().inject({ method: 'GET', url: '/api/auth/validate' })).statusCode).toBe(401);
      for (const token of ['', 'garbage', 'a.b.c']) expect((await validate(token)).statusCode).toBe(401);
    });

    it('refuses a tampered token, alg none, another key, another issuer and an expired token', async () => {
      const user = await createTestUser(app());
      const other = await createTestUser(app(), { isAdmin: true });
      const [header, , signature] = user.token.split('.');
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: String(other.id), ver: 0, sid: other.sessionId, iss: 'jotit', iat: now, exp: now + 3600 };

      const tampered = `${header}.${base64url(claims)}.${signature}`;
      const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      const otherKey = await new SignJWT({ ver: 0, sid: other.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(other.id))
        .setIssuer('jotit')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
      const otherIssuer = await new SignJWT({ ver: 0, sid: other.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(other.id))
        .setIssuer('someone-else')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      const expired = await new SignJWT({ ver: 0, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('jotit')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 60)
        .sign(key);
      const hs512 = await new SignJWT({ ver: 0, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(user.id))
        .setIssuer('jotit')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(JWT_SECRET.repeat(2)));

      for (const token of [tampered, algNone, otherKey, otherIssuer, expired, hs512]) {
        const response = await validate(token);
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe('Your session has expired. Please sign in again.');
      }
      // The same claims signed properly are accepted: the refusals above are about the token, not the claims.
      const valid = await new SignJWT({ ver: 0, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('jotit')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      expect((await validate(valid)).statusCode).toBe(200);
    });

    it('ends a session when the tokenVersion changes, the user is deleted or loses approval', async () => {
      const user = await createTestUser(app());
      expect((await validate(user.token)).statusCode).toBe(200);
      await db().update(users).set({ isApproved: false }).where(eq(users.id, user.id));
      expect((await validate(user.token)).statusCode).toBe(401);
      await db().update(users).set({ isApproved: true, tokenVersion: 1 }).where(eq(users.id, user.id));
      expect((await validate(user.token)).statusCode).toBe(401);
      await db().update(users).set({ tokenVersion: 0 }).where(eq(users.id, user.id));
      expect((await validate(user.token)).statusCode).toBe(200);
      await db().delete(users).where(eq(users.id, user.id));
      expect((await validate(user.token)).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('e-mails a 1-hour link, sets the new password once, and ends old sessions', async () => {
      const user = await createTestUser(app(), { email: uniqueEmail('reset'), password: 'old-password' });
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });

      const mail = await mailTo(user.email, RESET_SUBJECT);
      const token = tokenFrom(mail.text, '/reset-password')!;
      expect(mail.text).toContain('http://jotit.test/reset-password?token=');
      const [row] = await db()
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset_password')));
      expect(row!.tokenHash).toBe(sha256(token));
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);

      const tooShort = await post('/api/auth/reset-password', { token, password: '12345' });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error).toBe(PASSWORD_TOO_SHORT_MESSAGE);

      const reset = await post('/api/auth/reset-password', { token, password: 'new-password' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });

      expect((await validate(user.token)).statusCode).toBe(401);
      expect((await signIn(user.email, 'old-password')).statusCode).toBe(401);
      expect((await signIn(user.email, 'new-password')).statusCode).toBe(200);

      const reused = await post('/api/auth/reset-password', { token, password: 'third-password' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe(INVALID_RESET_LINK_MESSAGE);

      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, String(user.id)));
      expect(audit.map((entry) => entry.action)).toContain('user.password_reset');
    });

    it('refuses an expired reset token', async () => {
      const user = await createTestUser(app(), { email: uniqueEmail('late'), password: 'old-password' });
      await forgot(user.email);
      const token = tokenFrom((await mailTo(user.email, RESET_SUBJECT)).text, '/reset-password')!;
      await db().update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, sha256(token)));
      const response = await post('/api/auth/reset-password', { token, password: 'new-password' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(INVALID_RESET_LINK_MESSAGE);
      expect((await signIn(user.email, 'old-password')).statusCode).toBe(200);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      // A known address's e-mail sent after this one arrives; nothing ever went to the unknown one.
      const known = await createTestUser(app(), { email: uniqueEmail('known') });
      await forgot(known.email);
      await mailTo(known.email, RESET_SUBJECT);
      expect(mailsTo(email)).toEqual([]);
    });

    it('sends at most one reset e-mail a minute per address', async () => {
      const user = await createTestUser(app(), { email: uniqueEmail('twice') });
      expect((await forgot(user.email)).statusCode).toBe(200);
      expect((await forgot(user.email)).statusCode).toBe(200);
      await mailTo(user.email, RESET_SUBJECT);
      await accountMailSettled();
      expect(mailsTo(user.email)).toHaveLength(1);
      const rows = await db()
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset_password')));
      expect(rows).toHaveLength(1);
    });

    it('needs a captcha', async () => {
      const response = await post('/api/auth/forgot-password', { email: uniqueEmail() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(CAPTCHA_REQUIRED_MESSAGE);
      expect((await post('/api/auth/forgot-password', { email: 'nope', captcha: 'x' })).json().error).toBe(EMAIL_INVALID_MESSAGE);
    });

    it('also confirms the address of an unconfirmed account (the link reached its inbox)', async () => {
      const email = uniqueEmail('unconfirmed-reset');
      await signUpAndReadToken(email);
      await forgot(email);
      const token = tokenFrom((await mailTo(email, RESET_SUBJECT)).text, '/reset-password')!;
      expect((await post('/api/auth/reset-password', { token, password: 'new-password' })).statusCode).toBe(200);
      expect((await userByEmail(email)).emailConfirmedAt).toBeInstanceOf(Date);
      expect((await signIn(email, 'new-password')).json().error).toBe(AWAITING_APPROVAL_MESSAGE);
    });
  });

  describe('POST /api/send-confirmation-email', () => {
    it('sends a new link to an unconfirmed account at most once a minute, and the old link stops working', async () => {
      const email = uniqueEmail('resend');
      const firstToken = await signUpAndReadToken(email);
      const user = await userByEmail(email);

      // Within a minute of sign-up: the same answer, no new token.
      const early = await post('/api/send-confirmation-email', { email });
      expect(early.statusCode).toBe(200);
      expect(early.json()).toEqual({ message: CONFIRMATION_SENT_MESSAGE });
      await accountMailSettled();
      expect(await db().select().from(authTokens).where(eq(authTokens.userId, user.id))).toHaveLength(1);

      await db().update(authTokens).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(authTokens.userId, user.id));
      expect((await post('/api/send-confirmation-email', { email })).statusCode).toBe(200);
      // The re-send is a job run a second past the answer (decision 0041): wait for its mail to arrive.
      await smtp.waitForMail(() => mailsTo(email).filter((mail) => mail.subject === CONFIRMATION_SUBJECT).length >= 2);
      const second = mailsTo(email).filter((mail) => mail.subject === CONFIRMATION_SUBJECT)[1]!;
      const secondToken = tokenFrom(second.text, '/confirm-email')!;
      expect(secondToken).not.toBe(firstToken);

      expect((await post('/api/auth/confirm', { token: firstToken })).statusCode).toBe(400);
      expect((await post('/api/auth/confirm', { token: secondToken })).statusCode).toBe(200);
    });

    it('answers the same for unknown and confirmed addresses and sends nothing', async () => {
      const confirmed = await createTestUser(app(), { email: uniqueEmail('confirmed') });
      const unknown = uniqueEmail('unknown');
      for (const email of [confirmed.email, unknown]) {
        const response = await post('/api/send-confirmation-email', { email });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: CONFIRMATION_SENT_MESSAGE });
      }
      await accountMailSettled();
      expect(mailsTo(unknown)).toEqual([]);
      expect(await db().select().from(authTokens).where(eq(authTokens.userId, confirmed.id))).toHaveLength(0);
      expect((await post('/api/send-confirmation-email', { email: 'nope' })).statusCode).toBe(400);
    });
  });
});

describe(`auth API limits and options on ${testDatabaseKind()}`, () => {
  it('limits every auth route to 5 a minute per IP at RATE_LIMIT_MULTIPLIER=0.5, with 429 and Retry-After', async () => {
    const testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.5' });
    try {
      const routes = [
        '/api/auth/signup',
        '/api/auth/signin',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/confirm',
        '/api/send-confirmation-email',
      ];
      for (const url of routes) {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const response = await testApp.app.inject({ method: 'POST', url, payload: {} });
          expect(response.statusCode, url).toBe(400);
        }
        const limited = await testApp.app.inject({ method: 'POST', url, payload: {} });
        expect(limited.statusCode, url).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(limited.json().error).toMatch(/^Too many requests/);
      }
      // Another address has its own budget.
      const other = await testApp.app.inject({ method: 'POST', url: '/api/auth/signin', payload: {}, remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(400);
    } finally {
      await testApp.close();
    }
  });

  it('approves new accounts at once with AUTO_APPROVE=true', async () => {
    const smtp = await startSmtpServer();
    const testApp = await createTestApp({ SMTP_URL: smtp.url, AUTO_APPROVE: 'true' });
    try {
      await testApp.startWorkers();
      const email = uniqueEmail('auto');
      const signUp = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'auto-password', captcha: await solveCaptcha(testApp.app) },
      });
      expect(signUp.statusCode).toBe(201);
      const mail = await smtp.waitForMail((message) => message.to.includes(email));
      const confirm = await testApp.app.inject({ method: 'POST', url: '/api/auth/confirm', payload: { token: tokenFrom(mail.text, '/confirm-email') } });
      expect(confirm.json()).toMatchObject({ needsApproval: false });
      const signIn = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: 'auto-password', captcha: await solveCaptcha(testApp.app) },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await testApp.close();
      await smtp.close();
    }
  });
});
