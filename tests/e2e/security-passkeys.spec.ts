/**
 * Passkeys (decision 0057) in the browser, with Chromium's virtual authenticator (CDP `WebAuthn`: CTAP2, internal,
 * resident keys, user verification): add a passkey on the Security page, sign out, "Sign in with a passkey" signs in;
 * at 375 px in the dark, a renamed passkey answers the second step after the password. Axe on each screen.
 *
 * The pages are opened at `localhost`, not the server's 127.0.0.1: browsers refuse an IP address as a WebAuthn RP
 * ID, and with a local PUBLIC_URL the server takes the request's (local) host as the relying party.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/shared/constants.ts';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { createUserViaApi, type CreatedUser, DESKTOP, MOBILE, openPage, reviewScreenshot, setUpE2e, solveCaptchaWidget, toast, unexpectedErrors, type Viewport } from './fixtures.ts';

describe('Security page: passkeys', () => {
  const e2e = setUpE2e();
  const localhostUrl = () => e2e.server.baseUrl.replace('127.0.0.1', 'localhost');

  async function signInViaApi(user: CreatedUser): Promise<string> {
    const response = await e2e.request('POST', '/api/auth/signin', {
      body: { email: user.email, password: user.password, captcha: await solveCaptchaOver(e2e.server.baseUrl) },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /** A page at localhost with a virtual platform authenticator, signed in as `user` (once: signing out sticks). */
  async function openWithAuthenticator(user: CreatedUser, viewport: Viewport) {
    const tracked = await openPage(e2e.browser, localhostUrl(), viewport);
    const cdp = await tracked.context.newCDPSession(tracked.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const token = await signInViaApi(user);
    await tracked.page.goto('/');
    await tracked.page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [AUTH_TOKEN_STORAGE_KEY, token] as const);
    await tracked.page.goto('/account/security');
    await tracked.page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    return tracked;
  }

  async function addPasskey(page: Page, name: string) {
    await page.getByLabel('Name of the new passkey').fill(name);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await toast(page, 'Passkey added').waitFor();
    await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem', { name }).waitFor();
  }
  const signedInAs = (page: Page, email: string) => page.getByRole('navigation', { name: 'Main' }).getByText(email).first().waitFor();

  it('adds a passkey on the Security page; after signing out, "Sign in with a passkey" signs in', async () => {
    const user = await createUserViaApi(e2e);
    const { page, errors, close } = await openWithAuthenticator(user, DESKTOP);
    await page.getByText('No passkey yet.').waitFor();
    const twoStep = page.getByRole('heading', { name: /^Two-step sign-in/, level: 2 });
    await twoStep.getByText('Off', { exact: true }).waitFor();
    await addPasskey(page, 'Work laptop');
    await page.getByText(/^Added .* · Not used yet$/).waitFor();
    // A passkey is a second step: the two-step card no longer says Off, and offers an app beside it.
    await twoStep.getByText('On with a passkey', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add an authenticator app' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'passkeys-security-1280-light');

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.goto('/login');
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'passkeys-sign-in-1280-light');
    await passkeyButton.click();
    await page.waitForURL('**/overview');
    await signedInAs(page, user.email);

    await page.goto('/account/security');
    await page.getByText(/^Added .* · Last used /).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px in the dark: renames a passkey, then it answers the second step after the password', async () => {
    const user = await createUserViaApi(e2e);
    const { page, errors, close } = await openWithAuthenticator(user, MOBILE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await addPasskey(page, 'Phone');
    await page.getByRole('button', { name: 'Rename Phone' }).click();
    await page.getByLabel('New name').fill('My phone');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem', { name: 'My phone' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'passkeys-security-375-dark');

    await page.evaluate((key) => window.localStorage.removeItem(key), AUTH_TOKEN_STORAGE_KEY);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(page, 'passkeys-second-step-375-dark');
    await usePasskey.click();
    await page.waitForURL('**/overview');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
