/**
 * The Security page (issue 36 item 6; decision 0051): a person signed in on two devices sees both, signs the other
 * one out (asked first), and that device's token is refused at once; "Sign out of all other devices" does the
 * same for every other; signing this device out goes to sign-in. At 1280 and 375 px, light and dark, with axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { createUserViaApi, type CreatedUser, MOBILE, reviewScreenshot, setUpE2e, toast, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('Security page: sessions', () => {
  const e2e = setUpE2e();

  /** A sign-in as from a device with this User-Agent; its token. */
  async function signInFrom(user: CreatedUser, userAgent: string): Promise<string> {
    const response = await e2e.request('POST', '/api/auth/signin', {
      body: { email: user.email, password: user.password, captcha: await solveCaptchaOver(e2e.server.baseUrl) },
      headers: { 'user-agent': userAgent },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }
  const validates = async (token: string) => (await e2e.request('GET', '/api/auth/validate', { token })).status;

  async function openSecurity(token: string, viewport?: Viewport) {
    const tracked = await e2e.open(viewport);
    await useSession(tracked.page, token);
    await tracked.page.goto('/account/security');
    await tracked.page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    return tracked;
  }
  const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  const isFocused = (page: Page, name: string) =>
    page.getByRole('heading', { name, level: 2 }).evaluate((element) => element === document.activeElement);

  it('lists both devices, signs the other one out after asking, and its token is refused at once', async () => {
    const user = await createUserViaApi(e2e);
    const thisDevice = await signInFrom(user, CHROME_ON_MAC);
    const otherDevice = await signInFrom(user, FIREFOX_ON_WINDOWS);
    const { page, errors, close } = await openSecurity(thisDevice);

    await expect.poll(() => devices(page).count()).toBe(2);
    const current = page.getByRole('listitem', { name: 'Chrome on macOS, this device' });
    expect(await current.getByText('This device').isVisible()).toBe(true);
    expect(await current.getByText('Active now').isVisible()).toBe(true);
    const other = page.getByRole('listitem', { name: 'Firefox on Windows', exact: true });
    expect(await other.getByText(/^Last active (just now|\d+ minutes? ago)$/).isVisible()).toBe(true);
    expect(await page.getByText('1 other device is signed in.').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'security-sessions-1280-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await reviewScreenshot(page, 'security-sessions-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Asks first; Cancel changes nothing and gives focus back to the row's button.
    const signOutOther = page.getByRole('button', { name: 'Sign out Firefox on Windows' });
    await signOutOther.click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out Firefox on Windows?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE, include: '[role="alertdialog"]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => signOutOther.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await validates(otherDevice)).toBe(200);

    await signOutOther.click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await toast(page, 'Signed out').filter({ hasText: 'Firefox on Windows is signed out.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => devices(page).count()).toBe(1);
    // The row's button is gone: focus goes to the list's heading, not to the page's start.
    await expect.poll(() => isFocused(page, "Where you're signed in")).toBe(true);
    expect(await page.getByText('No other device is signed in.').isVisible()).toBe(true);
    expect(await validates(otherDevice)).toBe(401);
    expect(await validates(thisDevice)).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('signs out of all other devices at 375 px, light and dark, and signing this device out goes to sign-in', async () => {
    const user = await createUserViaApi(e2e);
    const thisDevice = await signInFrom(user, SAFARI_ON_IPHONE);
    const others = [await signInFrom(user, CHROME_ON_MAC), await signInFrom(user, FIREFOX_ON_WINDOWS)];
    const { page, errors, close } = await openSecurity(thisDevice, MOBILE);

    await expect.poll(() => devices(page).count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'security-sessions-375-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await reviewScreenshot(page, 'security-sessions-375-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // By keyboard: the button, then the dialog's confirm (Cancel has focus first).
    await page.getByRole('button', { name: 'Sign out of all other devices' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of 2 other devices?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Sign out other devices' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Signed out').filter({ hasText: 'Every other device is signed out.' }).waitFor();
    await expect.poll(() => devices(page).count()).toBe(1);
    await expect.poll(() => isFocused(page, "Where you're signed in")).toBe(true);
    for (const token of others) expect(await validates(token)).toBe(401);
    expect(await validates(thisDevice)).toBe(200);

    await page.getByRole('button', { name: 'Sign out of this device' }).click();
    await page.getByRole('alertdialog', { name: 'Sign out of this device?' }).getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/login');
    expect(await validates(thisDevice)).toBe(401);
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await close();
  });

  it('is in the back-office for an admin, reached from the top bar', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin', { heading: 'Admin Dashboard' });
    await page.getByRole('banner').getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/security');
    await page.getByRole('listitem', { name: /, this device$/ }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('is linked from the nav for a signed-in user', async () => {
    const user = await createUserViaApi(e2e);
    const token = await signInFrom(user, CHROME_ON_MAC);
    const { page, errors, close } = await e2e.open();
    await useSession(page, token);
    await page.goto('/overview');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/security');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
