/**
 * Every admin screen at once (issue 26 tests): with a long title and a long e-mail address in the data, no screen of
 * ADMIN_SCREENS is wider than the viewport at 1280 or at 375 px; every dialog of Leads, Users, Audit log, Inbox, Webhooks, Security, the blog's
 * posts and the post editor gives focus back to the control that opened it, after Esc and after Cancel (or Close).
 * axe in light and dark on the same list is in theme.spec.ts; the other screens' dialogs in admin-kit-forms,
 * admin-content-kit and admin-frame.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, LONG_TITLE, openAdminScreen, overflowingElements, shoot, submitLead, submitMessage, useTheme } from './admin-helpers.ts';
import { sendJotV2, setUpE2e, unexpectedErrors, useSession, VIEWPORTS } from './fixtures.ts';

const tag = `screens${Date.now().toString(36)}`;
/** 64 characters before the @: as long as an address may be (RFC 5321). */
const LONG_EMAIL = `${`${tag}-a-mailbox-name-much-longer-than-a-phone-is-wide`.padEnd(64, 'x').slice(0, 64)}@a-rather-long-company-domain.example.com`;
const LONG_USERNAME = `${tag}-administrator-of-everything`;

interface DialogCase {
  name: string;
  path: string;
  heading: string;
  /** Gets the screen ready (a row selected, a field changed) and returns the control that opens the dialog. */
  opener(page: Page): Promise<Locator>;
  dialog(page: Page): Locator;
  /** The dialog's own way out besides Esc. */
  dismiss: 'Cancel' | 'Close';
}

const inMain = (page: Page) => page.getByRole('main');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const DIALOGS: DialogCase[] = [
  {
    name: 'a lead’s details',
    path: `/admin/leads?q=${tag}`,
    heading: 'Leads Management',
    opener: async (page) => inMain(page).getByRole('table', { name: 'Leads', exact: true }).getByRole('button', { name: LONG_EMAIL, exact: true }),
    dialog: (page) => page.getByRole('dialog', { name: LONG_EMAIL }),
    dismiss: 'Close',
  },
  {
    name: 'deleting a lead from its details',
    path: `/admin/leads?q=${tag}`,
    heading: 'Leads Management',
    async opener(page) {
      const details = page.getByRole('dialog', { name: LONG_EMAIL });
      // The details stay open behind the confirmation: open them once.
      if (!(await details.isVisible())) await inMain(page).getByRole('table', { name: 'Leads', exact: true }).getByRole('button', { name: LONG_EMAIL, exact: true }).click();
      return details.getByRole('button', { name: 'Delete lead' });
    },
    dialog: (page) => page.getByRole('alertdialog', { name: `Delete ${LONG_EMAIL}?` }),
    dismiss: 'Cancel',
  },
  {
    name: 'the leads’ bulk delete',
    path: `/admin/leads?q=${tag}`,
    heading: 'Leads Management',
    async opener(page) {
      const select = inMain(page).getByRole('table', { name: 'Leads', exact: true }).getByRole('checkbox', { name: `Select ${LONG_EMAIL}` });
      if (!(await select.isChecked())) await select.click();
      return page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' });
    },
    dialog: (page) => page.getByRole('alertdialog', { name: 'Delete 1 lead?' }),
    dismiss: 'Cancel',
  },
  {
    name: 'editing a user',
    path: `/admin/users?q=${tag}`,
    heading: 'User Management',
    opener: async (page) => inMain(page).getByRole('table', { name: 'Users', exact: true }).getByRole('button', { name: `Edit ${LONG_USERNAME}` }),
    dialog: (page) => page.getByRole('dialog', { name: 'Edit User' }),
    dismiss: 'Cancel',
  },
  {
    name: 'deleting a user',
    path: `/admin/users?q=${tag}`,
    heading: 'User Management',
    opener: async (page) => inMain(page).getByRole('table', { name: 'Users', exact: true }).getByRole('button', { name: `Delete ${LONG_USERNAME}` }),
    dialog: (page) => page.getByRole('alertdialog', { name: 'Delete user?' }),
    dismiss: 'Cancel',
  },
  {
    name: 'an audit entry',
    path: '/admin/audit',
    heading: 'Audit Log',
    opener: async (page) => inMain(page).getByRole('button', { name: /^Details: / }).first(),
    dialog: (page) => page.getByRole('dialog'),
    dismiss: 'Close',
  },
  {
    name: 'a message in the inbox',
    path: '/admin/inbox',
    heading: 'Inbox',
    // Opening it marks it read, which renames its button ("Unread. …" no more): focus goes back to it all the same.
    opener: async (page) => inMain(page).getByRole('button', { name: new RegExp(`from Long Address: ${escapeRegExp(LONG_TITLE)}$`) }).first(),
    dialog: (page) => page.getByRole('dialog', { name: LONG_TITLE }),
    dismiss: 'Close',
  },
  {
    name: 'adding a webhook endpoint',
    path: '/admin/webhooks',
    heading: 'Webhooks',
    opener: async (page) => page.getByRole('button', { name: 'Add endpoint', exact: true }).first(),
    dialog: (page) => page.getByRole('dialog', { name: 'Add endpoint' }),
    dismiss: 'Cancel',
  },
  {
    name: 'signing out of this device on Security',
    path: '/admin/security',
    heading: 'Security',
    opener: async (page) => inMain(page).getByRole('button', { name: 'Sign out of this device', exact: true }),
    dialog: (page) => page.getByRole('alertdialog', { name: 'Sign out of this device?' }),
    dismiss: 'Cancel',
  },
  {
    name: 'deleting a post',
    path: '/admin/blog',
    heading: 'Blog Management',
    opener: async (page) => inMain(page).getByRole('button', { name: `Delete ${LONG_TITLE}` }),
    dialog: (page) => page.getByRole('alertdialog', { name: 'Delete post?' }),
    dismiss: 'Cancel',
  },
  {
    name: 'leaving the post editor with changes',
    path: '/admin/blog',
    heading: 'Blog Management',
    async opener(page) {
      const title = page.getByRole('textbox', { name: 'Title (required)', exact: true });
      if (!(await title.isVisible())) {
        await inMain(page).getByRole('button', { name: `Edit ${LONG_TITLE}` }).click();
        await title.fill(`${LONG_TITLE} (changed)`);
      }
      return inMain(page).getByRole('button', { name: 'Cancel', exact: true });
    },
    dialog: (page) => page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }),
    dismiss: 'Cancel',
  },
];

describe('every admin screen', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });

  beforeAll(async () => {
    await submitLead(e2e, { firstName: 'Longname', email: LONG_EMAIL, source: 'homepage-hero' });
    await e2e.adminApi('POST', '/api/users', { username: LONG_USERNAME, email: LONG_EMAIL, password: 'member-password', isApproved: true });
    await submitMessage(e2e, 'contact', { name: 'Long Address', email: LONG_EMAIL, subject: LONG_TITLE, message: `${LONG_TITLE}. ${LONG_EMAIL}` });
    await e2e.adminApi('POST', '/api/blog-posts', { title: LONG_TITLE, content: LONG_TITLE, category: 'General' });
    await e2e.adminApi('POST', '/api/pages', { title: LONG_TITLE, content: LONG_TITLE });
    await e2e.adminApi('POST', '/api/faqs', { question: `${LONG_TITLE}?`, answer: LONG_EMAIL });
    await e2e.adminApi('POST', '/api/banners', { title: LONG_TITLE, message: `Write to ${LONG_EMAIL}.` });
    await e2e.adminApi('POST', '/api/campaigns', { name: LONG_TITLE });
    await e2e.adminApi('POST', '/api/build-guids', { name: `build-${LONG_TITLE.replaceAll(' ', '-')}`.slice(0, 64), value: `${tag}-${'0123456789abcdef'.repeat(6)}` });
    await sendJotV2(e2e.server, { text: LONG_TITLE, clientId: `${tag}-${'device-'.repeat(12)}`, appVersion: '2.0.0', plugin: 'e2e' });
  });

  for (const [width, viewport] of VIEWPORTS) {
    // The phone in dark, the desktop in light: the screenshots (SCREENSHOT_DIR) show both themes at little cost.
    const theme = viewport.width < 768 ? 'dark' : 'light';
    it(`is no wider than the screen at ${width} (${theme}), with a long title and a long e-mail in the data`, { timeout: 120_000 }, async () => {
      const { page, context, errors, close } = await e2e.open(viewport);
      await useTheme(context, theme);
      await useSession(page, e2e.adminToken);
      const tooWide: string[] = [];
      for (const screen of ADMIN_SCREENS) {
        await openAdminScreen(page, screen);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        await shoot(page, `screens-${screen.name.replaceAll(' ', '-')}-${viewport.width}-${theme}`);
        if (scrollWidth > viewport.width) tooWide.push(`${screen.name}: ${scrollWidth} px (${(await overflowingElements(page, 'body')).join(' | ')})`);
      }
      expect(tooWide).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  it('gives focus back to the opener after Esc and after Cancel in every dialog of Leads, Users, Audit log, Inbox, Webhooks, Security and Blog', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await e2e.openAsAdmin();
    const lostFocus: string[] = [];
    for (const dialogCase of DIALOGS) {
      await page.goto(dialogCase.path);
      await page.getByRole('heading', { level: 1, name: dialogCase.heading, exact: true }).waitFor();
      for (const dismiss of ['Escape', dialogCase.dismiss] as const) {
        const opener = await dialogCase.opener(page);
        await opener.click();
        const dialog = dialogCase.dialog(page);
        await dialog.waitFor();
        if (dismiss === 'Escape') await page.keyboard.press('Escape');
        else await dialog.getByRole('button', { name: dismiss, exact: true }).last().click();
        await dialog.waitFor({ state: 'detached' });
        // Focus moves back in the frame after the close animation.
        const hasFocus = await expect
          .poll(() => opener.evaluate((element) => element === document.activeElement), { timeout: 2_000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (!hasFocus) {
          const focused = await page.evaluate(() => `${document.activeElement?.tagName.toLowerCase()} ${document.activeElement?.textContent?.slice(0, 40)}`);
          lostFocus.push(`${dialogCase.name} (${dismiss}): focus on ${focused}`);
        }
      }
      // The lead's details stay open behind its delete confirmation: close them before the next case.
      if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
    }
    expect(lostFocus).toEqual([]);
    // Nothing was deleted or changed by a dismissed dialog.
    expect((await e2e.adminApi<{ total: number }>('GET', `/api/leads?q=${tag}`)).total).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
