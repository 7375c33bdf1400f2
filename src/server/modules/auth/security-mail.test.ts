/**
 * Security notices (issue 36 §7) through HTTP, the mail job and a real SMTP server: a second factor added, a recovery
 * code used, a second factor removed (by the person, or reset by an admin), a passkey added — each an account mail to
 * the account's own address, with no unsubscribe. A passkey removed too; the password changed and a new sign-in
 * have their own tests (password-change.test.ts, new-sign-in.test.ts).
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { useClockedTestApp } from '../../../../tests/fixtures/clocked-test-app.ts';
import { mailHeader } from '../../../../tests/fixtures/smtp.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaff, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { SoftAuthenticator } from '../../../../tests/fixtures/webauthn.ts';

const codeAt = (secret: string, time: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: time });

describe(`security notices on ${testDatabaseKind()}`, () => {
  const { app, now, tick, smtp } = useClockedTestApp({ start: '2026-11-29T12:00:00Z', withMail: true });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url, payload, headers: { host: 'localhost:3000', ...headers } });
  const mailTo = (user: Pick<TestUser, 'email'>, subject: string) =>
    smtp().waitForMail((message) => message.to.includes(user.email) && message.subject === subject);

  async function enrol(user: TestUser) {
    const { secret } = (await post('/api/auth/second-factor/enrol', {}, user.headers)).json<{ secret: string }>();
    const confirmed = await post('/api/auth/second-factor/confirm', { code: codeAt(secret, now()) }, user.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  it('tells the account when a second factor is added, a recovery code used, and the factor turned off', async () => {
    const user = await createTestUser(app());
    const { secret, recoveryCodes } = await enrol(user);
    const added = await mailTo(user, 'A second factor was added to your JotIt account');
    expect(added.text).toContain('Two-step sign-in with an authenticator app is now on');
    expect(added.text).toContain('/account/security');
    expect(mailHeader(added, 'List-Unsubscribe')).toBeUndefined();

    tick(60_000);
    const { challenge } = (
      await post('/api/auth/signin', { email: user.email, password: user.password, captcha: await solveCaptcha(app()) })
    ).json<{ challenge: string }>();
    expect((await post('/api/auth/signin/second-factor', { challenge, recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await mailTo(user, 'A recovery code was used on your JotIt account')).text).toContain('9 codes are left');

    tick(60_000);
    expect((await post('/api/auth/second-factor/disable', { code: codeAt(secret, now()) }, user.headers)).statusCode).toBe(204);
    expect((await mailTo(user, 'A second factor was removed from your JotIt account')).text).toContain('was turned off');
  });

  it('tells the account when an admin resets its second factor, and when a passkey is added and removed', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await enrol(user);
    const admin = await createTestStaff(app(), 'admin');
    expect((await post(`/api/users/${user.id}/reset-second-factor`, {}, admin.headers)).json()).toEqual({ reset: true });
    expect((await mailTo(user, 'A second factor was removed from your JotIt account')).text).toContain('An administrator reset');

    const options = (await post('/api/auth/passkeys/registration-options', {}, user.headers)).json();
    const registered = await post('/api/auth/passkeys', { name: 'Work laptop', response: new SoftAuthenticator().register(options, { origin: 'http://localhost:3000' }) }, user.headers);
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await mailTo(user, 'A new passkey was added to your JotIt account')).text).toContain('“Work laptop”');

    const removed = await app().inject({ method: 'DELETE', url: `/api/auth/passkeys/${registered.json<{ id: number }>().id}`, headers: { ...user.headers, host: 'localhost:3000' } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await mailTo(user, 'A passkey was removed from your JotIt account')).text).toContain('“Work laptop” was removed');
  });
});
