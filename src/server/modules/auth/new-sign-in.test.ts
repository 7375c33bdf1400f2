/**
 * "New sign-in" security mail (issue 36 §7; decision 0059) through HTTP, the account-mail job and a real SMTP server:
 * a sign-in from a device or country the account has not signed in from before mails its owner; the same device
 * again does not; nor does the very first sign-in of an account. Any sign-in path counts (here the password, the
 * second step and a passkey without a password).
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { useClockedTestApp } from '../../../../tests/fixtures/clocked-test-app.ts';
import { mailHeader } from '../../../../tests/fixtures/smtp.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { SoftAuthenticator } from '../../../../tests/fixtures/webauthn.ts';
import { knownSignInDevices } from '../../db/schema.ts';

const SUBJECT = 'New sign-in to your JotIt account';
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const codeAt = (secret: string, time: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: time });

describe(`new sign-in mail on ${testDatabaseKind()}`, () => {
  // TRUST_PROXY: the country comes from the proxy's CF-IPCountry header, as behind Cloudflare.
  const { app, db, now, tick, smtp } = useClockedTestApp({ start: '2026-11-29T12:00:00Z', withMail: true, env: { TRUST_PROXY: 'true' } });
  const from = (userAgent: string, country: string) => ({ 'user-agent': userAgent, 'cf-ipcountry': country, host: 'localhost:3000' });
  async function signIn(user: TestUser, userAgent: string, country: string) {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: from(userAgent, country),
      payload: { email: user.email, password: user.password, captcha: await solveCaptcha(app()) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token?: string; challenge?: string }>();
  }
  const newSignInMails = (user: TestUser) => smtp().messages.filter((mail) => mail.to.includes(user.email) && mail.subject === SUBJECT);
  const nextNewSignInMail = (user: TestUser, text: string) =>
    smtp().waitForMail((mail) => mail.to.includes(user.email) && mail.subject === SUBJECT && mail.text.includes(text));

  it('mails a new device and a new country, never the first sign-in or a known device', async () => {
    const user = await createTestUser(app());
    await signIn(user, CHROME_ON_MAC, 'DE'); // the first sign-in: nothing to compare with
    tick(60_000);
    await signIn(user, FIREFOX_ON_WINDOWS, 'DE'); // a new device
    const device = await nextNewSignInMail(user, 'Firefox on Windows');
    expect(device.text).toContain('Firefox on Windows in Germany on 29 November 2026 at 12:01 UTC');
    expect(device.text).toContain('/account/security');
    expect(mailHeader(device, 'List-Unsubscribe')).toBeUndefined();

    tick(60_000);
    await signIn(user, CHROME_ON_MAC, 'DE'); // known: no mail
    tick(60_000);
    await signIn(user, CHROME_ON_MAC, 'FR'); // a new country
    // The job takes one sign-in at a time, in order: the French mail means the known device's sign-in was decided.
    expect((await nextNewSignInMail(user, 'in France')).text).toContain('Chrome on macOS in France');
    expect(newSignInMails(user).map((mail) => mail.text.match(/from (.+?) in (\w+)/)?.slice(1))).toEqual([
      ['Firefox on Windows', 'Germany'],
      ['Chrome on macOS', 'France'],
    ]);
    const known = await db().select().from(knownSignInDevices).where(eq(knownSignInDevices.userId, user.id));
    expect(known.map(({ device, country }) => `${device} ${country}`).sort()).toEqual(['Chrome on macOS DE', 'Chrome on macOS FR', 'Firefox on Windows DE']);
  });

  it('mails an account dormant since before known devices were kept (its sign-ins are in the audit log)', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await signIn(user, CHROME_ON_MAC, 'AT');
    // As migration 0018 left an account with no live session: signed in before, no device on record.
    await db().delete(knownSignInDevices).where(eq(knownSignInDevices.userId, user.id));
    tick(60_000);
    await signIn(user, FIREFOX_ON_WINDOWS, 'AT');
    expect((await nextNewSignInMail(user, 'Firefox on Windows')).text).toContain('in Austria');
    expect(newSignInMails(user)).toHaveLength(1);
  });

  it('counts a sign-in with a second factor, from the second step', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await signIn(user, CHROME_ON_MAC, 'CH');
    const { secret } = (
      await app().inject({ method: 'POST', url: '/api/auth/second-factor/enrol', headers: { ...user.headers, host: 'localhost:3000' }, payload: {} })
    ).json<{ secret: string }>();
    const confirmed = await app().inject({
      method: 'POST',
      url: '/api/auth/second-factor/confirm',
      headers: { ...user.headers, host: 'localhost:3000' },
      payload: { code: codeAt(secret, now()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    tick(60_000);
    const { challenge } = await signIn(user, SAFARI_ON_IPHONE, 'CH');
    expect(challenge).toBeDefined();
    const second = await app().inject({
      method: 'POST',
      url: '/api/auth/signin/second-factor',
      headers: from(SAFARI_ON_IPHONE, 'CH'),
      payload: { challenge, code: codeAt(secret, now()) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await nextNewSignInMail(user, 'Safari on iPhone')).text).toContain('in Switzerland');
    expect(newSignInMails(user)).toHaveLength(1); // the password step alone was no sign-in
  });

  it('counts a sign-in with a passkey and no password', async () => {
    tick(300_000);
    const user = await createTestUser(app());
    await signIn(user, CHROME_ON_MAC, 'AT');
    const authenticator = new SoftAuthenticator();
    const headers = { ...user.headers, host: 'localhost:3000' };
    const options = await app().inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers, payload: {} });
    const added = await app().inject({
      method: 'POST',
      url: '/api/auth/passkeys',
      headers,
      payload: { name: 'Phone', response: authenticator.register(options.json(), { origin: 'http://localhost:3000' }) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const request = await app().inject({ method: 'POST', url: '/api/auth/signin/passkey/options', headers: from(SAFARI_ON_IPHONE, 'AT'), payload: {} });
    const signedIn = await app().inject({
      method: 'POST',
      url: '/api/auth/signin/passkey',
      headers: from(SAFARI_ON_IPHONE, 'AT'),
      payload: { response: authenticator.assert(request.json(), { origin: 'http://localhost:3000' }) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await nextNewSignInMail(user, 'Safari on iPhone')).text).toContain('in Austria');
  });
});
