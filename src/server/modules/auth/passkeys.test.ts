/**
 * Passkeys (issue 36; decision 0057) through HTTP, with real WebAuthn responses from a software authenticator
 * (tests/fixtures/webauthn.ts): registered from the Security page's API, named, renamed and removed; a passwordless
 * sign-in; a second factor after the password, which also satisfies REQUIRE_STAFF_MFA; and the refusals, each a
 * 401 like a wrong password and a failed sign-in in the hour's roll-up: a counter that went back, another origin or
 * RP ID, an unknown credential or another account's, a replayed challenge.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { useClockedTestApp } from '../../../../tests/fixtures/clocked-test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaff, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { type Ceremony, SoftAuthenticator } from '../../../../tests/fixtures/webauthn.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../shared/schemas/accounts.ts';
import { STAFF_SECOND_FACTOR_REQUIRED_MESSAGE } from '../../../shared/schemas/second-factor.ts';
import { auditLog, passkeys, signInFailures } from '../../db/schema.ts';
import { relyingPartyFor } from './passkeys.ts';

const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';
const HERE: Ceremony = { origin: ORIGIN };

describe(`passkeys on ${testDatabaseKind()}`, () => {
  const { app, db, now, tick, strictApp } = useClockedTestApp({ step: 60_000 });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: object, headers: Record<string, string> = {}, instance = app()) =>
    instance.inject({ method: 'POST', url, payload, headers: { host: HOST, ...headers } });
  const validate = (token: string) => app().inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });

  /** Adds a passkey as the Security page does. */
  async function addPasskey(user: Pick<TestUser, 'headers'>, name = 'Laptop', instance = app()) {
    const authenticator = new SoftAuthenticator();
    const options = await post('/api/auth/passkeys/registration-options', {}, user.headers, instance);
    expect(options.statusCode, options.body).toBe(200);
    const added = await post('/api/auth/passkeys', { name, response: authenticator.register(options.json(), HERE) }, user.headers, instance);
    expect(added.statusCode, added.body).toBe(201);
    return { authenticator, passkey: added.json<{ id: number; name: string }>() };
  }
  const passwordlessOptions = async (instance = app()) => (await post('/api/auth/signin/passkey/options', {}, {}, instance)).json<{ challenge: string }>();
  const signInWith = (response: object, instance = app()) => post('/api/auth/signin/passkey', { response }, {}, instance);
  const passwordStep = async (user: Pick<TestUser, 'email' | 'password'>, instance = app()) =>
    post('/api/auth/signin', { email: user.email, password: user.password, captcha: await solveCaptcha(instance) }, {}, instance);
  const failureReasons = async () => {
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'user.sign_in_failed'));
    return rows.reduce<Record<string, number>>((all, row) => {
      for (const [reason, n] of Object.entries((row.details as { reasons?: Record<string, number> }).reasons ?? {})) all[reason] = (all[reason] ?? 0) + n;
      return all;
    }, {});
  };

  it('registers named passkeys from a signed-in session; lists, renames and removes them, each audited', async () => {
    const user = await createTestUser(app());
    expect((await post('/api/auth/passkeys/registration-options', {})).statusCode).toBe(401);
    const { passkey } = await addPasskey(user, 'Laptop');
    await addPasskey(user, 'Phone');
    const list = await app().inject({ method: 'GET', url: '/api/auth/passkeys', headers: user.headers });
    expect(list.json().passkeys.map((item: { name: string; lastUsedAt: string | null }) => [item.name, item.lastUsedAt])).toEqual([
      ['Laptop', null],
      ['Phone', null],
    ]);
    expect(list.json().passkeys[0]).toEqual({ id: passkey.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null });

    const renamed = await app().inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkey.id}`, payload: { name: '  Work laptop ' }, headers: user.headers });
    expect(renamed.json()).toMatchObject({ name: 'Work laptop' });
    // Another account's passkey is not found, not renamed.
    const other = await createTestUser(app());
    expect((await app().inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkey.id}`, payload: { name: 'Mine' }, headers: other.headers })).statusCode).toBe(404);
    expect((await app().inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app().inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await app().inject({ method: 'GET', url: '/api/auth/passkeys', headers: user.headers })).json().passkeys).toHaveLength(1);

    const actions = await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.entityId, String(user.id)));
    expect(actions.filter((entry) => entry.action.startsWith('user.passkey_'))).toEqual([
      { action: 'user.passkey_add', details: { userId: user.id, passkeyId: passkey.id, name: 'Laptop' } },
      { action: 'user.passkey_add', details: expect.objectContaining({ name: 'Phone' }) },
      { action: 'user.passkey_rename', details: { userId: user.id, passkeyId: passkey.id, from: 'Laptop', to: 'Work laptop' } },
      { action: 'user.passkey_remove', details: { userId: user.id, passkeyId: passkey.id, name: 'Work laptop' } },
    ]);
  });

  it('refuses a registration for another origin, a used challenge or another account\'s challenge', async () => {
    const user = await createTestUser(app());
    const other = await createTestUser(app());
    const options = (await post('/api/auth/passkeys/registration-options', {}, user.headers)).json();
    const wrongOrigin = await post('/api/auth/passkeys', { name: 'x', response: new SoftAuthenticator().register(options, { origin: 'https://evil.example' }) }, user.headers);
    expect(wrongOrigin.statusCode).toBe(400);
    // The wrong origin spent the challenge: the same options do not work twice.
    const again = await post('/api/auth/passkeys', { name: 'x', response: new SoftAuthenticator().register(options, HERE) }, user.headers);
    expect(again.statusCode).toBe(400);
    const fresh = (await post('/api/auth/passkeys/registration-options', {}, user.headers)).json();
    const theirs = await post('/api/auth/passkeys', { name: 'x', response: new SoftAuthenticator().register(fresh, HERE) }, other.headers);
    expect(theirs.statusCode).toBe(400);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
  });

  it('signs in without a password: the session sign-in gives, audited, the passkey\'s last use and counter kept', async () => {
    tick();
    const user = await createTestUser(app());
    const { authenticator, passkey } = await addPasskey(user);
    const signedIn = await signInWith(authenticator.assert(await passwordlessOptions(), HERE));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(Object.keys(signedIn.json()).sort()).toEqual(['token', 'user']);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email });
    expect((await validate(signedIn.json().token)).statusCode).toBe(200);
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row).toMatchObject({ signCount: 1, lastUsedAt: new Date(now()) });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.sign_in'), eq(auditLog.entityId, String(user.id))));
    expect(audit?.details).toMatchObject({ passkey: true });
  });

  it('refuses, as a failed sign-in: a lower counter, another origin or RP ID, an unknown credential, a replayed challenge', async () => {
    tick();
    const user = await createTestUser(app());
    const { authenticator, passkey } = await addPasskey(user);
    const expectRefused = async (response: object) => {
      await db().delete(signInFailures); // each refusal on its own, not behind the back-off
      const answer = await signInWith(response);
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    };
    const before = await failureReasons();

    // A cloned authenticator: the stored counter is 10, the response says 5.
    await db().update(passkeys).set({ signCount: 10 }).where(eq(passkeys.id, passkey.id));
    await expectRefused(authenticator.assert(await passwordlessOptions(), { ...HERE, counter: 5 }));
    await expectRefused(authenticator.assert(await passwordlessOptions(), { ...HERE, counter: 10 }));
    await expectRefused(authenticator.assert(await passwordlessOptions(), { origin: 'https://evil.example' }));
    await expectRefused(authenticator.assert(await passwordlessOptions(), { ...HERE, rpId: 'evil.example', counter: 20 }));
    await expectRefused(new SoftAuthenticator().assert(await passwordlessOptions(), HERE));
    // No user verification: not enough to sign in without a password.
    await expectRefused(authenticator.assert(await passwordlessOptions(), { ...HERE, counter: 21, userVerified: false }));
    // A challenge that was never issued.
    await expectRefused(authenticator.assert({ challenge: 'bm90LWEtY2hhbGxlbmdl' }, { ...HERE, counter: 22 }));

    // A response that worked once does not work again, even with the counter moved on.
    await db().delete(signInFailures);
    const options = await passwordlessOptions();
    const first = authenticator.assert(options, { ...HERE, counter: 30 });
    expect((await signInWith(first)).statusCode).toBe(200);
    await expectRefused(first);
    await expectRefused(authenticator.assert(options, { ...HERE, counter: 31 }));

    const after = await failureReasons();
    expect((after.wrong_passkey ?? 0) - (before.wrong_passkey ?? 0)).toBe(8);
    expect((after.unknown_passkey ?? 0) - (before.unknown_passkey ?? 0)).toBe(1);
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.signCount).toBe(30);
  });

  it('counts toward the account\'s back-off: after three failures in a row, 429 even for a good passkey', async () => {
    tick(600_000);
    await db().delete(signInFailures);
    const user = await createTestUser(app());
    const { authenticator } = await addPasskey(user);
    for (let i = 0; i < 3; i += 1) expect((await signInWith(authenticator.assert(await passwordlessOptions(), { origin: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await signInWith(authenticator.assert(await passwordlessOptions(), HERE))).statusCode).toBe(429);
    tick(600_000);
  });

  it('is a second factor: the password asks for it, the passkey answers; another account\'s passkey does not', async () => {
    tick(600_000);
    await db().delete(signInFailures);
    const user = await createTestUser(app());
    const { authenticator } = await addPasskey(user);
    const other = await createTestUser(app());
    const { authenticator: theirs } = await addPasskey(other);

    const first = await passwordStep(user);
    expect(first.json()).toMatchObject({ secondFactorRequired: true, methods: ['passkey'] });
    const { challenge } = first.json<{ challenge: string }>();
    const optionsFor = async () => {
      const options = await post('/api/auth/signin/passkey/options', { challenge });
      expect(options.statusCode, options.body).toBe(200);
      return options.json<{ challenge: string; allowCredentials: Array<{ id: string }> }>();
    };
    const options = await optionsFor();
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.id]);

    const wrong = await post('/api/auth/signin/second-factor', { challenge, passkey: theirs.assert(options, HERE) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    // A passwordless challenge is not a second-factor one.
    const passwordless = await post('/api/auth/signin/second-factor', { challenge, passkey: authenticator.assert(await passwordlessOptions(), HERE) });
    expect(passwordless.statusCode).toBe(401);

    // Password and two wrong passkeys made three failures in a row: the back-off is the password's (tested above).
    await db().delete(signInFailures);
    const answer = authenticator.assert(await optionsFor(), HERE);
    const signedIn = await post('/api/auth/signin/second-factor', { challenge, passkey: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await validate(signedIn.json().token)).statusCode).toBe(200);
    // The sign-in challenge and the WebAuthn challenge are both spent.
    expect((await post('/api/auth/signin/second-factor', { challenge, passkey: answer })).statusCode).toBe(401);
    expect((await post('/api/auth/signin/passkey/options', { challenge })).statusCode).toBe(401);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.sign_in'), eq(auditLog.entityId, String(user.id))));
    expect(audit?.details).toMatchObject({ secondFactor: 'passkey' });
  });

  it('with REQUIRE_STAFF_MFA, a passkey lets staff into the back-office', async () => {
    tick(600_000);
    const strict = await strictApp();
    const admin = await createTestStaff(strict, 'admin');
    const users = () => strict.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect((await users()).json()).toEqual({ error: STAFF_SECOND_FACTOR_REQUIRED_MESSAGE });
    const { authenticator } = await addPasskey(admin, 'Key', strict);
    expect((await users()).statusCode).toBe(200);
    const signedIn = await signInWith(authenticator.assert(await passwordlessOptions(strict), HERE), strict);
    expect(Object.keys(signedIn.json()).sort()).toEqual(['token', 'user']);
  });

  it('an admin\'s reset of two-step sign-in removes the passkeys too: the password alone signs in again', async () => {
    tick(600_000);
    await db().delete(signInFailures);
    const user = await createTestUser(app());
    const { authenticator } = await addPasskey(user);
    expect((await passwordStep(user)).json()).toMatchObject({ secondFactorRequired: true });
    const admin = await createTestStaff(app(), 'admin');
    expect((await post(`/api/users/${user.id}/reset-second-factor`, {}, admin.headers)).json()).toEqual({ reset: true });
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(Object.keys((await passwordStep(user)).json()).sort()).toEqual(['token', 'user']);
    expect((await signInWith(authenticator.assert(await passwordlessOptions(), HERE))).statusCode).toBe(401);
  });

  it('takes the relying party from a public PUBLIC_URL, and the request host only when both are local', () => {
    expect(relyingPartyFor('https://jotit.app', { protocol: 'http', host: 'localhost:3000' })).toEqual({ id: 'jotit.app', origin: 'https://jotit.app' });
    expect(relyingPartyFor('http://localhost:3000', { protocol: 'http', host: 'localhost:5173' })).toEqual({ id: 'localhost', origin: 'http://localhost:5173' });
    expect(relyingPartyFor('http://localhost:3000', { protocol: 'https', host: 'evil.example.com' })).toBeNull();
  });

  it('never answers a 5xx, whatever the JSON bodies', async () => {
    tick(600_000);
    const user = await createTestUser(app());
    const { authenticator } = await addPasskey(user);
    const good = authenticator.assert(await passwordlessOptions(), HERE);
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.base64String({ maxLength: 60 }), fc.constantFrom('', '\u0000', 'AAAA', good.response.clientDataJSON));
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 2 }), fc.dictionary(text, text, { maxKeys: 2 }));
    const response = fc.record({
      id: fc.oneof(fc.constant(good.id), text),
      rawId: fc.oneof(fc.constant(good.rawId), text),
      type: fc.oneof(fc.constant('public-key'), text),
      response: fc.oneof(
        value,
        fc.record({
          clientDataJSON: fc.oneof(fc.constant(good.response.clientDataJSON), text),
          authenticatorData: fc.oneof(fc.constant(good.response.authenticatorData), text),
          signature: fc.oneof(fc.constant(good.response.signature), text),
          attestationObject: text,
        }, { requiredKeys: [] }),
      ),
      clientExtensionResults: fc.oneof(fc.constant({}), value),
    }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(response, fc.constantFrom('signin', 'register', 'second-factor', 'options'), async (body, route) => {
        await db().delete(signInFailures);
        const sent =
          route === 'signin'
            ? await post('/api/auth/signin/passkey', { response: body })
            : route === 'register'
              ? await post('/api/auth/passkeys', { name: 'x', response: body }, user.headers)
              : route === 'second-factor'
                ? await post('/api/auth/signin/second-factor', { challenge: 'x', passkey: body })
                : await post('/api/auth/signin/passkey/options', body);
        expect(sent.statusCode, JSON.stringify(body)).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
