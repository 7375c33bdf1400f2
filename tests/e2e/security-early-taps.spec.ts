/**
 * Issue 36's forms on a slow phone (as admin-early-taps.spec.ts does for issue 26's): the CPU runs 6× slower and
 * every script arrives late; the person types as soon as a field shows and taps the final button twice. Nothing
 * typed is lost, the page never reloads, and each action is done exactly once — the Security page's Password card,
 * the staff invitation page, the second step of sign-in, and an owner's role change in Users (asked first).
 * The Security page, Users and the invitation need the stored session or the invitation, which only the browser
 * reads: until hydration they show Loading (asserted with JavaScript off), so those walks type as soon as the fields
 * show; the sign-in form is in the server HTML and is typed into before hydration. With JavaScript off, each of
 * those pages says it needs JavaScript instead of loading for ever or offering a form that cannot sign in.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { createUserViaApi, type CreatedUser, DESKTOP, MOBILE, reviewScreenshot, setUpE2e, toast, uniqueEmail, unexpectedErrors, useSession } from './fixtures.ts';
import { expectDoneOnce, markPage, openSlowPage, recordCalls } from './slow-page.ts';

const CPU_SLOWDOWN = 6;
const SCRIPT_DELAY_MS = 250;
const NEEDS_JAVASCRIPT = 'This page needs JavaScript. Turn it on in your browser and reload the page.';

/** Whether the page shows NEEDS_JAVASCRIPT (in <noscript>, which Playwright's text search passes over). */
const needsJavaScriptShown = (page: Page) =>
  page
    .getByRole('main')
    .evaluate((main, text) => [...main.querySelectorAll('noscript p')].some((p) => p.textContent === text && p.checkVisibility()), NEEDS_JAVASCRIPT);

/** The next step's TOTP code (the server takes it too, and it is later than any code used at enrolment). */
const nextCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });
const currentCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

describe('issue 36 forms tapped early on a slow phone', () => {
  const e2e = setUpE2e({ smtp: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });

  async function signIn(user: CreatedUser): Promise<string> {
    const response = await e2e.request('POST', '/api/auth/signin', {
      body: { email: user.email, password: user.password, captcha: await solveCaptchaOver(e2e.server.baseUrl) },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  async function openSlow(path: string, token?: string) {
    const slow = await openSlowPage(e2e.browser, e2e.server.baseUrl, MOBILE, { cpuSlowdown: CPU_SLOWDOWN, scripts: { delayMs: SCRIPT_DELAY_MS } });
    if (token) await useSession(slow.page, token);
    await slow.page.goto(path, { waitUntil: 'commit' });
    return slow;
  }

  /** A script-free browser at `path`. */
  async function openScriptFree(path: string) {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    return { page, close: () => context.close() };
  }

  /** An invitation to an editor's role, sent by the owner through the API; the link's path from the e-mail. */
  async function invitationPath(email: string): Promise<string> {
    await e2e.adminApi('POST', '/api/staff-invitations', { email, role: 'editor' });
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(email));
    const link = /https?:\/\/\S+\/staff-invite\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  }

  it('Password card: the three fields typed at once change the password, once, on a double tap', { timeout: 60_000 }, async () => {
    const user = await createUserViaApi(e2e);
    const { page, errors, close } = await openSlow('/account/security', await signIn(user));
    const changes = recordCalls(page, 'POST', '/api/auth/password');
    const card = page.getByRole('region', { name: 'Password' });
    await card.getByLabel('Current password', { exact: true }).fill(user.password);
    await markPage(page);
    await card.getByLabel('New password', { exact: true }).fill('early-new-password');
    await card.getByLabel('Confirm new password').fill('early-new-password');
    await card.getByRole('button', { name: 'Change password' }).dblclick();
    await toast(page, 'Password changed').waitFor();
    await expectDoneOnce(page, changes);
    expect(await card.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    // What was typed is what was sent: the new password signs in.
    await signIn({ ...user, password: 'early-new-password' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('staff invitation: the password typed at once accepts the invitation, once, and lands in the admin', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('early-editor');
    const path = await invitationPath(email);
    const { page, errors, close } = await openSlow(path);
    const accepts = recordCalls(page, 'POST', '/api/staff-invitations/accept');
    await page.getByLabel('Choose a Password').fill('early-editor-password');
    await markPage(page);
    await page.getByLabel('Confirm Password').fill('early-editor-password');
    await page.getByRole('button', { name: 'Accept and Sign In' }).dblclick();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expectDoneOnce(page, accepts);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('second step of sign-in: the code typed at once signs in, once, on a double tap', { timeout: 60_000 }, async () => {
    const user = await createUserViaApi(e2e);
    const token = await signIn(user);
    const { secret } = (await (await e2e.request('POST', '/api/auth/second-factor/enrol', { token, body: {} })).json()) as { secret: string };
    expect((await e2e.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: currentCode(secret) } })).status).toBe(200);

    const { page, errors, close } = await openSlow('/login');
    const verifies = recordCalls(page, 'POST', '/api/auth/signin/second-factor');
    await page.getByLabel('Email').fill(user.email);
    await markPage(page);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await page.getByRole('checkbox', { name: 'Verified' }).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByLabel('Authentication code').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).dblclick();
    await page.waitForURL('**/overview');
    // Signed in: the nav names the account (in the menu at 375 px, so attached rather than shown).
    await page.getByRole('navigation', { name: 'Main' }).getByText(user.email).first().waitFor({ state: 'attached' });
    await expectDoneOnce(page, verifies);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Users: a double tap on the confirmation of a role change, or on Save Changes after the role select, changes the role once', { timeout: 60_000 }, async () => {
    const user = await createUserViaApi(e2e);
    const { page, errors, close } = await openSlow('/admin/users', e2e.adminToken);
    const updates = recordCalls(page, 'PATCH', `/api/users/${await userId(user.email)}`);
    await page.getByRole('button', { name: `Change access of ${user.username}` }).click();
    await markPage(page);
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Make ${user.username} an admin?` });
    await confirm.getByRole('button', { name: 'Make admin' }).dblclick();
    await toast(page, 'User updated successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expectDoneOnce(page, updates);
    const found = await e2e.adminApi<{ users: Array<{ email: string; role: string }> }>('GET', `/api/users?search=${encodeURIComponent(user.email)}`);
    expect(found.users.map(({ email, role }) => ({ email, role }))).toEqual([{ email: user.email, role: 'admin' }]);

    // The role select of the edit dialog (saved with the dialog, not asked first): Admin to Editor, once, on a double tap.
    updates.splice(0);
    await page.getByRole('button', { name: `Edit ${user.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).dblclick();
    await edit.waitFor({ state: 'detached' });
    await expectDoneOnce(page, updates);
    const edited = await e2e.adminApi<{ users: Array<{ email: string; role: string }> }>('GET', `/api/users?search=${encodeURIComponent(user.email)}`);
    expect(edited.users.map(({ email, role }) => ({ email, role }))).toEqual([{ email: user.email, role: 'editor' }]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  async function userId(email: string): Promise<number> {
    const found = await e2e.adminApi<{ users: Array<{ id: number; email: string }> }>('GET', `/api/users?search=${encodeURIComponent(email)}`);
    return found.users.find((candidate) => candidate.email === email)!.id;
  }

  it('with JavaScript off, each of these pages says it needs JavaScript instead of loading for ever', { timeout: 60_000 }, async () => {
    const invitation = await invitationPath(uniqueEmail('noscript-editor'));
    // `before`: what the server HTML shows where the form will be, which is also all a slow phone shows until it
    // hydrates (these forms need the stored session or the invitation, read by the browser): the walks above type
    // as soon as the fields show. The sign-in form is in the server HTML, typed into before hydration above.
    const cases = [
      // The gate of a signed-in page and of the admin: the token in localStorage is never read.
      { path: '/account/security', before: 'Loading...', hidden: 'Loading...' },
      { path: '/admin/users', before: 'Loading...', hidden: 'Loading...' },
      // The invitation is never looked up.
      { path: invitation, before: '', hidden: null },
      // The first step of sign-in (the second comes only after it): the captcha and the call need JavaScript.
      { path: '/login', before: null, hidden: 'Email' },
    ];
    for (const { path, before, hidden } of cases) {
      const { page, close } = await openScriptFree(path);
      const main = page.getByRole('main');
      expect(await needsJavaScriptShown(page), path).toBe(true);
      if (before !== null) expect(await main.getByRole('status', { includeHidden: true }).textContent(), path).toBe(before);
      if (hidden) expect(await main.getByText(hidden, { exact: true }).isVisible(), path).toBe(false);
      // Nothing else pretends to work: no field to type into, no spinner or skeleton turning.
      expect(await main.getByRole('textbox').filter({ visible: true }).count(), path).toBe(0);
      expect(await main.getByRole('status').filter({ visible: true }).count(), path).toBe(0);
      expect(await main.getByRole('button').filter({ visible: true }).count(), path).toBe(0);
      await reviewScreenshot(page, `noscript-${new URL(path, 'http://x').pathname.slice(1).replace(/\//g, '-')}-1280-light`);
      await page.setViewportSize(MOBILE);
      await page.emulateMedia({ colorScheme: 'dark' });
      await reviewScreenshot(page, `noscript-${new URL(path, 'http://x').pathname.slice(1).replace(/\//g, '-')}-375-dark`);
      await close();
    }
  });
});
