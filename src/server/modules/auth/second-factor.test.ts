/**
 * Two-step sign-in (issue 36 §5; decision 0053) through HTTP: enrolment from the Security page's API, sign-in with a
 * password then a TOTP code or a recovery code, each usable once; the challenge between the steps is single use,
 * lives 5 minutes and is never a session; REQUIRE_STAFF_MFA keeps staff out of the back-office until they enrol; an
 * admin resets a lost factor. The clock is the app's (`services.now`), so codes are computed, never waited for.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { useClockedTestApp } from '../../../../tests/fixtures/clocked-test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaff, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { INVALID_CREDENTIALS_MESSAGE, SIGN_IN_BACKED_OFF_MESSAGE } from '../../../shared/schemas/accounts.ts';
import {
  PROOF_WRONG_MESSAGE,
  SECOND_FACTOR_ALREADY_ON_MESSAGE,
  SIGN_IN_CHALLENGE_EXPIRED_MESSAGE,
  STAFF_SECOND_FACTOR_REQUIRED_MESSAGE,
} from '../../../shared/schemas/second-factor.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, secondFactors, signInFailures } from '../../db/schema.ts';

const CHALLENGE_KEYS = ['challenge', 'expiresInSeconds', 'methods', 'secondFactorRequired'];

const codeAt = (secret: string, time: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: time });

describe(`second factor on ${testDatabaseKind()}`, () => {
  const { app, db, now, tick, strictApp } = useClockedTestApp({ step: 30_000 });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: object, headers: Record<string, string> = {}, instance = app()) =>
    instance.inject({ method: 'POST', url, payload, headers });
  const passwordStep = async (user: Pick<TestUser, 'email' | 'password'>, instance = app()) =>
    post('/api/auth/signin', { email: user.email, password: user.password, captcha: await solveCaptcha(instance) }, {}, instance);
  const challengeFor = async (user: Pick<TestUser, 'email' | 'password'>) => {
    const response = await passwordStep(user);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(CHALLENGE_KEYS);
    return response.json<{ challenge: string }>().challenge;
  };
  const secondStep = (payload: object, instance = app()) => post('/api/auth/signin/second-factor', payload, {}, instance);

  /** Enrols the user's authenticator as the Security page does; the secret and the ten recovery codes. */
  async function enrol(user: TestUser, instance = app()) {
    const started = await post('/api/auth/second-factor/enrol', {}, user.headers, instance);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await post('/api/auth/second-factor/confirm', { code: codeAt(secret, now()) }, user.headers, instance);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes, started: started.json() };
  }
  const validate = (token: string) => app().inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });

  it('enrols: a QR code and the secret once, a code confirms, ten recovery codes; the secret is sealed and never shown again', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const before = await app().inject({ method: 'GET', url: '/api/auth/second-factor', headers: user.headers });
    expect(before.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    // A wrong first code leaves the factor off.
    const started = await post('/api/auth/second-factor/enrol', {}, user.headers);
    const { secret } = started.json<{ secret: string }>();
    const wrong = await post('/api/auth/second-factor/confirm', { code: codeAt(secret, now() - 10 * 60_000) }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect((await passwordStep(user)).json()).toHaveProperty('token');

    const { secret: active, recoveryCodes, started: enrolment } = await enrol(user);
    expect(enrolment).toMatchObject({ qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/), otpauthUrl: expect.stringContaining(`secret=${active}`) });
    expect(Buffer.from(String(enrolment.qrCode).split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(active).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);

    const after = await app().inject({ method: 'GET', url: '/api/auth/second-factor', headers: user.headers });
    expect(after.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(after.body).not.toContain(active);
    // On: enrolment cannot start over (which would hand out a new secret) until it is turned off.
    const again = await post('/api/auth/second-factor/enrol', {}, user.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SECOND_FACTOR_ALREADY_ON_MESSAGE });

    const [row] = await db().select().from(secondFactors).where(eq(secondFactors.userId, user.id));
    expect(row!.secretSealed).not.toContain(active);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.mfa_enable'), eq(auditLog.entityId, String(user.id))));
    expect(entry).toMatchObject({ actorUserId: user.id, details: { userId: user.id, recoveryCodes: 10 } });
    expect(JSON.stringify(entry)).not.toContain(active);
    for (const code of recoveryCodes) expect(JSON.stringify(entry)).not.toContain(code);
  });

  it('signs in in two steps: the challenge is no session, a code works once, another account\'s code never', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const other = await createTestUser(app());
    const { secret } = await enrol(user);
    const { secret: otherSecret } = await enrol(other);
    tick();

    const challenge = await challengeFor(user);
    // Never a bearer token, on a user route, a staff route or an admin route.
    for (const url of ['/api/auth/validate', '/api/auth/sessions', '/api/auth/second-factor', '/api/users']) {
      const response = await app().inject({ method: 'GET', url, headers: bearer(challenge) });
      expect(response.statusCode, url).toBe(401);
    }
    const foreign = await secondStep({ challenge, code: codeAt(otherSecret, now()) });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });

    const code = codeAt(secret, now());
    const signedIn = await secondStep({ challenge, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(Object.keys(signedIn.json())).toEqual(['token', 'user']);
    expect(signedIn.json().user).toEqual({ id: user.id, email: user.email, isAdmin: false, role: 'user' });
    expect((await validate(signedIn.json().token)).statusCode).toBe(200);

    // The challenge is spent, even with a good new code.
    tick();
    const reused = await secondStep({ challenge, code: codeAt(secret, now()) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: SIGN_IN_CHALLENGE_EXPIRED_MESSAGE });

    // The code already used is refused on a fresh challenge, as is any of an earlier step; a later step's works.
    const fresh = await challengeFor(user);
    const replayed = await secondStep({ challenge: fresh, code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    tick();
    expect((await secondStep({ challenge: fresh, code: codeAt(secret, now()) })).statusCode).toBe(200);

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.sign_in'), eq(auditLog.actorUserId, user.id)));
    expect(entry?.details).toMatchObject({ secondFactor: 'totp' });
  });

  it('takes each recovery code once, typed in any case, and audits its use', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const { recoveryCodes } = await enrol(user);
    const [first, second] = recoveryCodes;
    const used = await secondStep({ challenge: await challengeFor(user), recoveryCode: ` ${first!.toUpperCase()} ` });
    expect(used.statusCode, used.body).toBe(200);
    expect((await validate(used.json().token)).statusCode).toBe(200);

    const challenge = await challengeFor(user);
    const again = await secondStep({ challenge, recoveryCode: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    // The challenge survived the wrong code: the next one may still use it.
    expect((await secondStep({ challenge, recoveryCode: second!.replace('-', '') })).statusCode).toBe(200);

    const status = await app().inject({ method: 'GET', url: '/api/auth/second-factor', headers: user.headers });
    expect(status.json().recoveryCodesLeft).toBe(8);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.mfa_recovery_code_use'), eq(auditLog.entityId, String(user.id))));
    expect(entries.map((entry) => (entry.details as { recoveryCodesLeft: number }).recoveryCodesLeft).sort()).toEqual([8, 9]);
    for (const code of recoveryCodes) expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('refuses a challenge after 5 minutes', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const { secret } = await enrol(user);
    tick();
    const challenge = await challengeFor(user);
    tick(5 * 60_000 + 1000);
    const late = await secondStep({ challenge, code: codeAt(secret, now()) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: SIGN_IN_CHALLENGE_EXPIRED_MESSAGE });
    const unknown = await secondStep({ challenge: 'A'.repeat(43), code: codeAt(secret, now()) });
    expect(unknown.statusCode).toBe(401);
  });

  it('answers an account without a factor exactly as before: the token and the user, nothing else', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const response = await passwordStep(user);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(response.body).toBe(JSON.stringify({ token, user: { id: user.id, email: user.email, isAdmin: false, role: 'user' } }));
  });

  it('counts wrong codes toward the sign-in back-off, as wrong passwords', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await enrol(user);
    tick();
    const challenge = await challengeFor(user);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await secondStep({ challenge, code: '000000' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ error: SIGN_IN_BACKED_OFF_MESSAGE });
    }
    // The password step counted as the first attempt; two wrong codes make three, and the address is blocked.
    expect(statuses).toEqual([401, 401, 429, 429]);
    expect((await passwordStep(user)).statusCode).toBe(429);
  });

  it('turns off with the password or a code, replaces the recovery codes, and refuses a wrong proof', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    const { secret, recoveryCodes } = await enrol(user);
    tick();
    const wrongProof = await post('/api/auth/second-factor/recovery-codes', { password: 'not-the-password' }, user.headers);
    expect(wrongProof.statusCode).toBe(400);
    expect(wrongProof.json()).toEqual({ error: PROOF_WRONG_MESSAGE });
    const regenerated = await post('/api/auth/second-factor/recovery-codes', { code: codeAt(secret, now()) }, user.headers);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await secondStep({ challenge: await challengeFor(user), recoveryCode: recoveryCodes[0] })).statusCode).toBe(401);
    // A right password counts until its second step succeeds: this is the third attempt in a row, which earns a
    // second's block.
    const third = await challengeFor(user);
    tick(2000);
    expect((await secondStep({ challenge: third, recoveryCode: fresh[0] })).statusCode).toBe(200);

    const both = await post('/api/auth/second-factor/disable', { password: user.password, code: '123456' }, user.headers);
    expect(both.statusCode).toBe(400);
    const off = await post('/api/auth/second-factor/disable', { password: user.password }, user.headers);
    expect(off.statusCode, off.body).toBe(204);
    const plain = await passwordStep(user);
    expect(Object.keys(plain.json())).toEqual(['token', 'user']);
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(user.id)));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['user.mfa_recovery_codes_regenerate', 'user.mfa_disable']));
  });

  it('lets an owner or admin reset another person\'s factor, audited; nobody else, and owners only by owners', async () => {
    tick(300_000);
    const owner = await createTestStaff(app(), 'owner');
    const admin = await createTestStaff(app(), 'admin');
    const editor = await createTestStaff(app(), 'editor');
    const user = await createTestUser(app());
    const { secret } = await enrol(user);
    await enrol(owner);

    const reset = (by: TestUser, id: number) => app().inject({ method: 'POST', url: `/api/users/${id}/reset-second-factor`, headers: by.headers });
    expect((await reset(user, user.id)).statusCode).toBe(403);
    expect((await reset(editor, user.id)).statusCode).toBe(403);
    expect((await reset(admin, owner.id)).statusCode).toBe(403);
    expect((await reset(admin, 999_999)).statusCode).toBe(404);
    // The admin's list says whom a reset would change: it offers the reset only then.
    const listed = async (id: number) =>
      (await app().inject({ method: 'GET', url: `/api/users?search=${encodeURIComponent(id === user.id ? user.email : editor.email)}`, headers: admin.headers }))
        .json<{ users: Array<{ id: number; hasSecondFactor?: boolean }> }>()
        .users.find((row) => row.id === id)?.hasSecondFactor;
    expect(await listed(user.id)).toBe(true);
    expect(await listed(editor.id)).toBe(false);
    const done = await reset(admin, user.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ reset: true });
    expect((await reset(admin, user.id)).json()).toEqual({ reset: false });
    expect(await listed(user.id)).toBe(false);

    expect(Object.keys((await passwordStep(user)).json())).toEqual(['token', 'user']);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.mfa_reset'), eq(auditLog.entityId, String(user.id))));
    expect(entry).toMatchObject({ actorUserId: admin.id, details: { userId: user.id, hadFactor: true, recoveryCodesRemoved: 10 } });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('with REQUIRE_STAFF_MFA, keeps staff without a factor out of back-office APIs until they enrol', async () => {
    tick(300_000);
    const instance = await strictApp();
    const admin = await createTestStaff(instance, 'admin');
    const user = await createTestUser(instance);

    const signedIn = await passwordStep(admin, instance);
    expect(signedIn.json()).toMatchObject({ secondFactorSetupRequired: true });
    const token = signedIn.json<{ token: string }>().token;
    const users = await instance.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({ error: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE });
    // Their own pages still work: the Security page, to enrol.
    expect((await instance.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) })).statusCode).toBe(200);
    const status = await instance.inject({ method: 'GET', url: '/api/auth/second-factor', headers: bearer(token) });
    expect(status.json()).toMatchObject({ enabled: false, required: true });
    // A person without a staff role is not asked: their sign-in answer is unchanged.
    expect(Object.keys((await passwordStep(user, instance)).json())).toEqual(['token', 'user']);

    await enrol({ ...admin, token, headers: bearer(token) }, instance);
    expect((await instance.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('turns REQUIRE_STAFF_MFA on by default for a public address only', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/jotit-config-test' };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://jotit.app' }).requireStaffMfa).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://jotit.app', REQUIRE_STAFF_MFA: 'false' }).requireStaffMfa).toBe(false);
    for (const url of [undefined, 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://jotit.test']) {
      expect(loadConfig({ ...base, PUBLIC_URL: url }).requireStaffMfa, url).toBe(false);
    }
  });

  it('names what is wrong with a second step: an unknown field, both proofs or neither', async () => {
    const challenge = 'a'.repeat(40);
    const details = async (payload: object) => {
      const response = await secondStep(payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ details: Array<{ field: string; message: string }> }>().details;
    };
    expect(await details({ challenge, code: '123456', remember: true })).toContainEqual({ field: 'remember', message: 'Unknown field "remember"' });
    expect(await details({ challenge, code: '123456', recoveryCode: 'abcde-23456' })).toEqual([{ field: 'code', message: 'Send a code, a recovery code or a passkey' }]);
    expect(await details({ challenge })).toEqual([{ field: 'code', message: 'Send a code, a recovery code or a passkey' }]);
    const user = await createTestUser(app());
    const disable = await post('/api/auth/second-factor/disable', { password: user.password, code: '123456' }, user.headers);
    expect(disable.json()).toMatchObject({ details: [{ field: 'password', message: 'Send your password or a code' }] });
  });

  it('never answers a 5xx, whatever the code, recovery code or challenge', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await enrol(user);
    tick();
    const challenge = await challengeFor(user);
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.stringMatching(/^[0-9 ]{0,12}$/), fc.constantFrom('', '\u0000', '000000', '１２３４５６', 'abcde-23456'));
    const field = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(challenge), text), fc.constantFrom('code', 'recoveryCode', 'both'), field, async (sentChallenge, kind, value) => {
        // A clean slate each run, so every input reaches the code checks instead of the back-off's 429.
        await db().delete(signInFailures);
        const payload = kind === 'both' ? { challenge: sentChallenge, code: value, recoveryCode: value } : { challenge: sentChallenge, [kind]: value };
        const response = await secondStep(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
        const proof = await post('/api/auth/second-factor/disable', { [kind === 'both' ? 'password' : 'code']: value }, user.headers);
        expect(proof.statusCode, JSON.stringify(value)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
