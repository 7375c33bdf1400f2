/**
 * Accounts end to end (issue 3): sign-up → confirmation e-mail → confirm page → refused while awaiting approval →
 * approved by an admin → signed in; password reset by e-mail; the gate; user management; the nav per role.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import {
  chooseOption,
  createUserViaApi,
  E2E_ADMIN,
  MOBILE,
  setUpE2e,
  signInViaApi,
  solveCaptchaWidget,
  toast,
  uniqueEmail,
  unexpectedErrors,
  useSession,
  type Viewport,
} from './fixtures.ts';

describe('accounts', () => {
  const e2e = setUpE2e({ smtp: true });
  const createUser = (options?: { isAdmin?: boolean; isApproved?: boolean }) => createUserViaApi(e2e, options);
  const openAsAdmin = (viewport?: Viewport) => e2e.openAsAdmin(undefined, { viewport });

  const mailLink = async (email: string, subject: string, page: string) => {
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(email) && message.subject === subject);
    const link = new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    return link!;
  };

  async function fillAndSubmit(page: Page, fields: { email: string; password?: string }, submit: string) {
    await page.getByLabel('Email').fill(fields.email);
    if (fields.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(fields.password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: submit, exact: true }).click();
  }

  it('shows the sign-in screen to a signed-out visitor on protected pages, with a Sign In button in the nav', async () => {
    const { page, errors, close } = await e2e.open();
    // The admin pages have their own frame (issue 26): the nav is checked on the public page, last.
    for (const path of ['/admin/users', '/admin', '/overview']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('validates the sign-in form with messages under the fields, and the captcha message once, under the captcha', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/login');
    expect(await page.title()).toBe('Sign In');
    // Issue 37 §13: the page is the way in, so the header has no Sign In of its own here.
    await page.locator('nav[data-session="signed-out"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const email = page.getByLabel('Email');
    await page.getByText('Email is required').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Email is required');

    await email.fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByText('Password must be at least 6 characters long.').isVisible()).toBe(true);

    // Valid fields but no captcha: the spec's message, once, under the captcha (not also as a toast); nothing sent.
    await email.fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('long-enough');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const captchaError = page.getByRole('alert').filter({ hasText: 'Please complete the CAPTCHA verification' });
    await captchaError.waitFor();
    expect(await page.getByText('Please complete the CAPTCHA verification').count()).toBe(1);
    expect(await toast(page, 'Please complete the CAPTCHA verification').count()).toBe(0);
    // Right under the captcha widget.
    const [widget, message] = await Promise.all([page.getByRole('checkbox', { name: "I'm not a robot" }).boundingBox(), captchaError.boundingBox()]);
    expect(message!.y).toBeGreaterThan(widget!.y);
    expect(message!.y - (widget!.y + widget!.height)).toBeLessThan(60);
    // Solving it takes the message away.
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await captchaError.waitFor({ state: 'detached' });

    // Reset mode hides the password; the switch links go back and forth.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('signs up, confirms by e-mail, is refused until an admin approves, then lands on /overview', async () => {
    const email = uniqueEmail('newcomer');
    const password = 'newcomer-password';
    const visitor = await e2e.open();
    const { page } = visitor;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await fillAndSubmit(page, { email, password }, 'Create Account');
    await page.getByRole('heading', { name: 'Account Created!' }).waitFor();
    await toast(page, 'Account Created').waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);

    // The e-mailed link opens a page; only the button press confirms (mail scanners use nothing up).
    const link = await mailLink(email, 'Confirm your JotIt email address', '/confirm-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByRole('heading', { name: 'Email Confirmed' }).waitFor();
    expect(await page.getByText('You can sign in once an administrator has approved your account.').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await page.waitForURL('**/login');
    await fillAndSubmit(page, { email, password }, 'Sign In');
    await toast(page, 'Your account is awaiting approval by an administrator.').waitFor();
    expect(await toast(page, 'Sign In Error').count()).toBe(1);

    // An admin approves the account from its row menu, and confirms (issue 26: no one-click grants).
    const admin = await openAsAdmin();
    await admin.page.goto('/admin/users');
    await admin.page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const username = email.split('@')[0]!;
    await admin.page.getByRole('button', { name: `Change access of ${username}` }).click();
    await admin.page.getByRole('menuitem', { name: 'Approve' }).click();
    await admin.page.getByRole('alertdialog', { name: `Approve ${username}?` }).getByRole('button', { name: 'Approve' }).click();
    await toast(admin.page, 'User updated successfully').waitFor();
    await admin.page.getByRole('row').filter({ hasText: email }).getByText('Approved', { exact: true }).waitFor();
    await e2e.smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject === 'Your JotIt account has been approved');
    expect(admin.errors).toEqual([]);
    await admin.close();

    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await fillAndSubmit(page, { email, password }, 'Sign In');
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { name: 'JotIt! Overview', level: 1 }).waitFor();
    expect(await page.title()).toBe('JotIt! Overview');

    // The nav shows the e-mail and Sign Out, and no admin entries for a regular user.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByText(email).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Help' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Sign Out ends the session and goes to /login.
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    // Signed out, on the sign-in page: its form, and no second Sign In in the nav (issue 37 §13).
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    await nav.and(page.locator('[data-session="signed-out"]')).waitFor({ state: 'attached' });
    expect(await nav.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(unexpectedErrors(visitor.errors, [401, 403])).toEqual([]);
    await visitor.close();
  });

  it('resets a forgotten password by e-mail: the new password works and the old one fails', async () => {
    const user = await createUser();
    const { page, errors, close } = await e2e.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await fillAndSubmit(page, { email: user.email }, 'Send Reset Link');
    await page.getByRole('heading', { name: 'Reset Email Sent!' }).waitFor();
    await toast(page, 'Email Sent').waitFor();

    // Back to Sign In resets the form.
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    const link = await mailLink(user.email, 'Reset your JotIt password', '/reset-password');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('New Password').fill('brand-new-password');
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();

    await page.getByLabel('New Password').fill('brand-new-password');
    await page.getByLabel('Confirm Password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Your password has been reset successfully.').waitFor();

    await fillAndSubmit(page, { email: user.email, password: user.password }, 'Sign In');
    await toast(page, 'Invalid email or password').waitFor();
    await fillAndSubmit(page, { email: user.email, password: 'brand-new-password' }, 'Sign In');
    await page.waitForURL('**/overview');
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await close();
  });

  it('says a reset link without a token is invalid', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await toast(page, 'Invalid or expired reset link. Please request a new password reset.').waitFor();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await close();
  });

  it('says an unknown confirmation token is invalid after the button press', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/confirm-email?token=not-a-real-token');
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByRole('heading', { name: 'Invalid Confirmation Link' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired.' }).isVisible()).toBe(true);
    expect(unexpectedErrors(errors, [400])).toEqual([]);
    await close();
  });

  it('shows Access Denied to a signed-in non-admin on admin pages', async () => {
    const user = await createUser();
    const { token } = await signInViaApi(e2e.server.baseUrl, user.email, user.password);
    const { page, errors, close } = await e2e.open();
    await useSession(page, token);
    for (const path of ['/admin/users', '/admin']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      expect(await page.getByText("You don't have permission to access this page.").isVisible()).toBe(true);
      expect(await page.getByText('Only administrators can access admin pages.').isVisible()).toBe(true);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('takes an admin who signs in to /admin, with the admin entries in the nav', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/login');
    await fillAndSubmit(page, { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, 'Sign In');
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    expect(await page.title()).toBe('Admin Dashboard - JotIt!');
    for (const name of ['Leads', 'Blog', 'FAQ', 'Users', 'Build GUIDs', 'Jots', 'Banners']) {
      expect(await page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) }).isVisible(), name).toBe(true);
    }
    // The admin frame's top bar has the e-mail; the public nav's More menu keeps the spec's admin entries.
    expect(await page.getByRole('banner').getByText(E2E_ADMIN.email).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: /^Users/ }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'View site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The public nav learns who is signed in once it hydrates: wait for it rather than read it at once.
    await nav.getByText(E2E_ADMIN.email).waitFor();
    await nav.getByRole('button', { name: 'More' }).click();
    for (const name of ['Admin Dashboard', 'Jots Management', 'Build GUIDs', 'API Tester']) {
      expect(await page.getByRole('menuitem', { name }).isVisible(), name).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await close();
  });

  it('lets an admin create, edit, promote and delete a user', async () => {
    const { page, errors, close } = await openAsAdmin();
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    const heading = page.getByRole('heading', { name: /^Users \(\d+\)$/ });
    const countBefore = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);

    const email = uniqueEmail('created');
    const username = `created${Date.now()}`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Username is required').waitFor();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('created-password');
    await dialog.getByRole('switch', { name: 'Approved' }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: `Users (${countBefore + 1})` }).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    expect(await row.getByText('Approved', { exact: true }).isVisible()).toBe(true);

    // A duplicate e-mail shows the server's text.
    await page.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByLabel('Username').fill(`${username}x`);
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByLabel('Password').fill('created-password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'A user with this email already exists').waitFor();
    expect(await toast(page, 'Error creating user').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Edit: a new username, the password left empty keeps the current one.
    await page.getByRole('button', { name: `Edit ${username}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await editDialog.getByLabel('Email').inputValue()).toBe(email);
    await editDialog.getByLabel('Username').fill(`${username}-renamed`);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    const renamed = `${username}-renamed`;
    await page.getByRole('button', { name: `Edit ${renamed}` }).waitFor();
    await signInViaApi(e2e.server.baseUrl, email, 'created-password');

    // Promote from the row menu (issue 26): the confirmation names the change; Cancel and Esc change nothing
    // and give focus back to the menu's button.
    const accessMenu = page.getByRole('button', { name: `Change access of ${renamed}` });
    const confirmRole = page.getByRole('alertdialog', { name: `Make ${renamed} an admin?` });
    for (const dismiss of ['Cancel', 'Escape'] as const) {
      await accessMenu.click();
      await page.getByRole('menuitem', { name: 'Make admin' }).click();
      await confirmRole.waitFor();
      if (dismiss === 'Cancel') await confirmRole.getByRole('button', { name: 'Cancel' }).click();
      else await page.keyboard.press('Escape');
      await confirmRole.waitFor({ state: 'detached' });
      await expect.poll(() => accessMenu.evaluate((element) => element === document.activeElement)).toBe(true);
      expect((await signInViaApi(e2e.server.baseUrl, email, 'created-password')).user.isAdmin, dismiss).toBe(false);
    }
    await accessMenu.click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await confirmRole.getByRole('button', { name: 'Make admin' }).click();
    await confirmRole.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: email }).getByText('Admin', { exact: true }).waitFor();
    expect((await signInViaApi(e2e.server.baseUrl, email, 'created-password')).user.isAdmin).toBe(true);

    // Delete, after confirming.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted successfully').waitFor();
    await page.getByRole('button', { name: `Edit ${renamed}` }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `Users (${countBefore})` }).waitFor();

    // The signed-in admin cannot delete themselves.
    const adminRow = page.getByRole('row').filter({ hasText: E2E_ADMIN.email });
    expect(await adminRow.getByRole('button', { name: /^Delete / }).isDisabled()).toBe(true);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await close();
  });

  it('filters pending users and searches', async () => {
    const pending = await createUser({ isApproved: false });
    const { page, errors, close } = await openAsAdmin();
    await page.goto('/admin/users');
    await page.getByRole('button', { name: /^Filter\b/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await chooseOption(page, panel.getByLabel('Status', { exact: true }), 'Pending', async () => new URL(page.url()).searchParams.get('status') === 'pending');
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: pending.email }).waitFor();
    await expect.poll(async () => page.getByRole('main').getByRole('row').getByText('Approved', { exact: true }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('no-such-user-anywhere');
    await page.getByText('No users match your search.').waitFor();
    // The empty list offers Clear filters, as the bar above it does.
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows users as cards without sideways scrolling at 375 px', async () => {
    const { page, errors, close } = await openAsAdmin(MOBILE);
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('listitem').filter({ hasText: E2E_ADMIN.email }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(errors).toEqual([]);
    await close();
  });

  it('has no axe violations on the account screens', async () => {
    const visitor = await e2e.open();
    const admin = await openAsAdmin();
    const screens: Array<[Page, string, string]> = [
      [visitor.page, '/login', 'Sign In'],
      [visitor.page, '/reset-password?token=abc', 'Reset Password'],
      [visitor.page, '/confirm-email?token=abc', 'Confirm your email'],
      [admin.page, '/overview', 'JotIt! Overview'],
      [admin.page, '/admin', 'Admin Dashboard'],
      [admin.page, '/admin/users', 'User Management'],
    ];
    for (const [page, path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
      expect(violations.map((violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
    }
    // The sign-in form with its field errors showing.
    await visitor.page.goto('/login');
    await visitor.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visitor.page.getByText('Email is required').waitFor();
    const withErrors = await axeViolations(visitor.page, { tags: ['wcag2a', 'wcag2aa'] });
    expect(withErrors.map((violation) => violation.id)).toEqual([]);
    expect([...visitor.errors, ...admin.errors]).toEqual([]);
    await visitor.close();
    await admin.close();
    // Seven full axe walks: 40–60 s on a loaded two-core machine, past the default 60 s in two CI rehearsals.
  }, 120_000);
});
