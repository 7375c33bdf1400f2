/**
 * Two-step sign-in (issue 36 §5; decision 0053) in the browser: set up an authenticator app from the Security page
 * (the key read as text, a code computed from it, the ten recovery codes shown), then sign in with the password and
 * a code; and at 375 px in the dark theme, a wrong code, then a recovery code. Axe on each screen.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { createUserViaApi, type CreatedUser, MOBILE, reviewScreenshot, setUpE2e, solveCaptchaWidget, toast, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });
/** Enrolment confirms with the code of now; */
const currentCode = (secret: string) => codeAt(secret, Date.now());
/** sign-in then uses the next step's code, which the server takes too (clock drift) and which is always later than
 * the step just used, so no test waits for the clock to turn. */
const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000);

describe('Security page: two-step sign-in', () => {
  const e2e = setUpE2e();

  async function signInViaApi(user: CreatedUser): Promise<string> {
    const response = await e2e.request('POST', '/api/auth/signin', {
      body: { email: user.email, password: user.password, captcha: await solveCaptchaOver(e2e.server.baseUrl) },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /** The sign-in screen up to the code step: e-mail, password, captcha, Sign In. */
  async function passwordStep(user: CreatedUser, viewport?: Viewport) {
    const tracked = await e2e.open(viewport);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    return tracked;
  }
  const signedInAs = (page: Page, email: string) => page.getByRole('navigation', { name: 'Main' }).getByText(email).first().waitFor();

  it('sets up an authenticator app from the Security page, then signs in with the password and a code', async () => {
    const user = await createUserViaApi(e2e);
    const token = await signInViaApi(user);
    const security = await e2e.open();
    await useSession(security.page, token);
    await security.page.goto('/account/security');
    const page = security.page;
    await page.getByRole('heading', { name: 'Two-step sign-in', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();

    const key = page.getByLabel('Setup key');
    await key.waitFor();
    const secret = (await key.textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole('img', { name: 'QR code to add JotIt to your authenticator app' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'mfa-enrol-1280-light');

    await page.getByLabel('2. Enter the 6-digit code the app shows').fill(currentCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'mfa-recovery-codes-1280-light');
    await page.getByRole('button', { name: "I've saved them" }).click();
    await page.getByText(/^On since .*\. 10 recovery codes left\.$/).waitFor();
    expect(unexpectedErrors(security.errors)).toEqual([]);
    await security.close();

    // Signed out (a fresh browser): the password alone no longer signs in; the next code does.
    const signIn = await passwordStep(user);
    expect(await seriousAxeViolations(signIn.page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(signIn.page, 'mfa-code-step-1280-light');
    await signIn.page.getByLabel('Authentication code').fill(nextCode(secret).replace(/^(\d{3})/, '$1 '));
    await signIn.page.getByRole('button', { name: 'Verify' }).click();
    await signIn.page.waitForURL('**/overview');
    await signedInAs(signIn.page, user.email);
    expect(unexpectedErrors(signIn.errors)).toEqual([]);
    await signIn.close();
  });

  it('at 375 px in the dark: a wrong code is refused in place, then a recovery code signs in', async () => {
    const user = await createUserViaApi(e2e);
    const token = await signInViaApi(user);
    const started = await e2e.request('POST', '/api/auth/second-factor/enrol', { token, body: {} });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await e2e.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: currentCode(secret) } });
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };

    const { page, errors, close } = await passwordStep(user, MOBILE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right. Try the newest one.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'mfa-code-step-375-dark');

    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/overview');
    await page.goto('/account/security');
    await page.getByText(/^On since .*\. 9 recovery codes left\.$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'mfa-security-375-dark');
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await close();
  });

  it('lets an admin reset a person\'s two-step sign-in from User Management, after asking', async () => {
    const user = await createUserViaApi(e2e);
    const token = await signInViaApi(user);
    const started = await e2e.request('POST', '/api/auth/second-factor/enrol', { token, body: {} });
    const { secret } = (await started.json()) as { secret: string };
    expect((await e2e.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: currentCode(secret) } })).status).toBe(200);

    const { page, errors, close } = await e2e.openAsAdmin('/admin/users', { heading: 'User Management' });
    await page.getByRole('button', { name: `Change access of ${user.username}` }).click();
    await page.getByRole('menuitem', { name: 'Reset two-step sign-in' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Reset two-step sign-in of ${user.username}?` });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE, include: '[role="alertdialog"]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).click();
    await toast(page, 'Two-step sign-in reset').filter({ hasText: `${user.username} signs in with the password alone` }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const status = await e2e.request('GET', '/api/auth/second-factor', { token });
    expect(((await status.json()) as { enabled: boolean }).enabled).toBe(false);
    // Nothing is left to reset: the menu no longer offers it.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: `Change access of ${user.username}` }).click();
        await page.getByRole('menuitem', { name: 'Approve' }).or(page.getByRole('menuitem', { name: 'Revoke approval' })).waitFor();
        const offered = await page.getByRole('menuitem', { name: 'Reset two-step sign-in' }).count();
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
        return offered;
      })
      .toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
