/**
 * Staff invitations (issue 36 §4; decision 0056) in the browser: the owner invites from the Users screen, the link
 * arrives by e-mail, and a new browser accepts it and lands in the admin as an editor (no Leads in the sidebar);
 * at 375 px in dark the owner revokes an invitation (asked first) and its link shows a clear page. Axe on the
 * dialog and the accept page; screenshots at 1280 light and 375 dark for review (`SCREENSHOT_DIR=/tmp` writes
 * /tmp/invite-*.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTheme } from './admin-helpers.ts';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, toast, uniqueEmail, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const INVITE_SUBJECT = 'You are invited to JotIt as Editor';

describe('staff invitations', () => {
  const e2e = setUpE2e({ smtp: true });

  /** The owner's Users screen with the Invite dialog open. */
  async function openInviteDialog(viewport: Viewport, theme: 'light' | 'dark') {
    const tracked = await e2e.open(viewport);
    await useTheme(tracked.page.context(), theme);
    const { page } = tracked;
    await useSession(page, e2e.adminToken);
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.waitFor();
    return { ...tracked, dialog };
  }

  /** Sends the invitation from the open dialog and returns the link's path from the e-mail. */
  async function invite(page: Page, email: string): Promise<string> {
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(page, 'Invitation sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(email) && message.subject === INVITE_SUBJECT);
    const link = /https?:\/\/\S+\/staff-invite\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  }

  it('the owner invites an editor from the Users screen; a new browser accepts and lands in the admin as an editor (1280 px, light)', async () => {
    const email = uniqueEmail('invited-editor');
    const owner = await openInviteDialog(DESKTOP, 'light');
    // Editor is the default, and the owner may give every staff role.
    expect(await owner.dialog.getByRole('combobox', { name: 'Role' }).textContent()).toContain('Editor');
    await owner.dialog.getByRole('combobox', { name: 'Role' }).click();
    const options = (await owner.page.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(options).toEqual(['Owner', 'Admin', 'Editor', 'Author', 'Support']);
    await owner.page.keyboard.press('Escape');
    expect(await seriousAxeViolations(owner.page, { tags: WCAG22_AA_BEST_PRACTICE, include: '[role="dialog"]' })).toEqual([]);
    await reviewScreenshot(owner.dialog, 'invite-dialog-1280-light');
    const path = await invite(owner.page, email);
    const pending = owner.page.getByRole('region', { name: /Pending invitations/ });
    await pending.getByText(email).waitFor();
    await reviewScreenshot(owner.page, 'invite-users-1280-light');

    const invitee = await e2e.open(DESKTOP);
    await useTheme(invitee.page.context(), 'light');
    await invitee.page.goto(path);
    await invitee.page.getByRole('heading', { name: 'Join JotIt as Editor', level: 1 }).waitFor();
    expect(await invitee.page.getByText(`admin@e2e.test invited you`).isVisible()).toBe(true);
    expect(await invitee.page.getByText(email).isVisible()).toBe(true);
    expect(await seriousAxeViolations(invitee.page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(invitee.page, 'invite-accept-1280-light');
    await invitee.page.getByLabel('Choose a Password').fill('editor-password-1');
    await invitee.page.getByLabel('Confirm Password').fill('editor-password-1');
    await invitee.page.getByRole('button', { name: 'Accept and Sign In' }).click();
    await invitee.page.waitForURL('**/admin');
    await invitee.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    const nav = invitee.page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Blog' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Leads' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);

    // Accepted: gone from the owner's pending list.
    await owner.page.reload();
    await owner.page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await owner.page.getByRole('region', { name: /Pending invitations/ }).waitFor();
    await expect.poll(() => owner.page.getByRole('region', { name: /Pending invitations/ }).getByText(email).count()).toBe(0);
    expect(unexpectedErrors(owner.errors)).toEqual([]);
    expect(unexpectedErrors(invitee.errors)).toEqual([]);
    await invitee.close();
    await owner.close();
  });

  it('revokes an invitation after asking, and its link then shows a clear page (375 px, dark)', async () => {
    const email = uniqueEmail('revoked-editor');
    const owner = await openInviteDialog(MOBILE, 'dark');
    expect(await seriousAxeViolations(owner.page, { tags: WCAG22_AA_BEST_PRACTICE, include: '[role="dialog"]' })).toEqual([]);
    await reviewScreenshot(owner.page, 'invite-dialog-375-dark', { fullPage: false });
    const path = await invite(owner.page, email);

    const invitee = await e2e.open(MOBILE);
    await useTheme(invitee.page.context(), 'dark');
    await invitee.page.goto(path);
    await invitee.page.getByRole('heading', { name: 'Join JotIt as Editor', level: 1 }).waitFor();
    expect(await invitee.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousAxeViolations(invitee.page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
    await reviewScreenshot(invitee.page, 'invite-accept-375-dark');

    const pending = owner.page.getByRole('region', { name: /Pending invitations/ });
    await pending.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    const confirm = owner.page.getByRole('alertdialog', { name: `Revoke the invitation of ${email}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await toast(owner.page, 'Invitation revoked').waitFor();
    await expect.poll(() => pending.getByText(email).count()).toBe(0);

    await invitee.page.reload();
    await invitee.page.getByRole('heading', { name: 'This invitation cannot be used', level: 1 }).waitFor();
    expect(await invitee.page.getByText(/it may have been revoked/).isVisible()).toBe(true);
    await reviewScreenshot(invitee.page, 'invite-invalid-375-dark');
    expect(unexpectedErrors(owner.errors)).toEqual([]);
    expect(unexpectedErrors(invitee.errors, [400])).toEqual([]);
    await invitee.close();
    await owner.close();
  });
});
