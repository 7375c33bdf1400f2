/**
 * Issue 26 §3, §6 and the ⌘K record search, as an operator meets them at 1280 and 375 px, light and dark: the audit
 * log names visitors as visitors and entities by name, keeps its filters in the URL (reload, Back), opens an entry
 * in a drawer with its before/after and gives focus back on close; the dashboard's chart tooltips speak in words
 * and its legend names lead sources; the palette finds a lead, a post and a user and opens each (issue 37 §5: the
 * lead's drawer, the post's editor, the user's dialog), the records opened last first, long text cut with "…".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES } from '../../src/shared/schemas/audit.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, submitLead } from './admin-helpers.ts';
import { chooseOption, DESKTOP, MOBILE, setUpE2e, uniqueEmail, unexpectedErrors, type Viewport } from './fixtures.ts';

const tag = `audit${Date.now().toString(36)}`;
const bannerTitle = `${tag} banner`;
const postTitle = `${tag} post about ideas`;
const leadEmail = uniqueEmail(`${tag}-lead`);
const userEmail = uniqueEmail(`${tag}-user`);
const visitorEmail = uniqueEmail(`${tag}-visitor`);

describe('audit log, dashboard charts and the palette’s record search', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100', TRUST_PROXY: 'true' }, smtp: true });

  /** A banner created and renamed, a post, a lead from the home page form, a user, and a visitor's password reset from Germany. */
  async function seed() {
    const banner = await e2e.adminApi<{ id: number }>('POST', '/api/banners', { title: `${tag} first`, message: 'Hello' });
    await e2e.adminApi('PATCH', `/api/banners/${banner.id}`, { title: bannerTitle });
    await e2e.adminApi('POST', '/api/blog-posts', { title: postTitle, content: 'Body', category: 'General' });
    await submitLead(e2e, { firstName: 'Lena', email: leadEmail, source: 'homepage-hero' });
    await e2e.adminApi('POST', '/api/users', { username: `${tag}-user`, email: userEmail, password: 'member-password', isApproved: true });
    await e2e.adminApi('POST', '/api/users', { username: `${tag}-visitor`, email: visitorEmail, password: 'member-password', isApproved: true });
    const headers = { 'cf-ipcountry': 'DE' };
    const forgot = await e2e.request('POST', '/api/auth/forgot-password', { headers, body: { email: visitorEmail, captcha: await solveCaptchaOver(e2e.server.baseUrl) } });
    expect(forgot.status).toBe(200);
    const mail = await e2e.smtp.waitForMail((message) => message.to.includes(visitorEmail));
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    const reset = await e2e.request('POST', '/api/auth/reset-password', { headers, body: { token, password: 'visitor-new-password' } });
    expect(reset.status).toBeLessThan(300);
  }

  async function setTheme(page: Page, theme: 'light' | 'dark') {
    await page.evaluate((choice) => window.localStorage.setItem('theme', choice), theme);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  }

  const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  /** Opens the Filter panel unless it is open. */
  async function openFilters(page: Page) {
    const panel = page.getByRole('dialog', { name: 'Filters' });
    if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Filter\b/ }).click();
    await panel.waitFor();
  }
  /** Done: the panel closes (Esc would first clear the search field that has focus). */
  async function closeFilters(page: Page) {
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
  }

  const entries = (page: Page, viewport: Viewport) => page.getByTestId(viewport === MOBILE ? 'audit-card' : 'audit-row');

  it('names visitors and entities, keeps its filters through reload and Back, and opens an entry’s before/after (1280 px, light and dark)', async () => {
    await seed();
    const { page, errors, close } = await e2e.openAsAdmin('/admin/audit', { heading: 'Audit Log' });
    const rows = entries(page, DESKTOP);
    // A visitor's action names the visitor and the country, the entity by its e-mail.
    const visitorRow = rows.filter({ hasText: 'Password reset with an e-mailed link' }).filter({ hasText: visitorEmail });
    await visitorRow.waitFor();
    expect(await visitorRow.textContent()).toContain('Visitor from Germany');
    // Issue 37 §10: every entry says what happened in words, never as a stored code (`blog_post.create`).
    const codes = new RegExp(`\\b(?:${AUDIT_ENTITIES.join('|')})\\.[a-z_]+`);
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThanOrEqual(8);
    expect(texts.filter((text) => codes.test(text))).toEqual([]);
    await rows.filter({ hasText: `Created post “${postTitle}”` }).waitFor();
    await rows.filter({ hasText: `Edited banner “${bannerTitle}”` }).waitFor();
    // A long address is cut with "…" (keeping its domain) in the row, and whole in the entry's drawer.
    const leadRow = rows.filter({ hasText: /Sent the (confirmation|download) e-mail to .+…@example\.com/ });
    expect(leadEmail.length).toBeGreaterThan(40);
    expect(await leadRow.count()).toBe(1);
    await leadRow.getByRole('button', { name: /^Details/ }).click();
    const leadDrawer = page.getByRole('dialog', { name: new RegExp(`^Sent the (confirmation|download) e-mail to ${leadEmail.replaceAll('.', '\\.')}$`) });
    await leadDrawer.waitFor();
    await page.keyboard.press('Escape');
    await leadDrawer.waitFor({ state: 'detached' });
    expect(await rows.filter({ hasText: 'Deleted user' }).allTextContents()).toEqual([]);

    // The filters are in one panel behind "Filter" (issue 37 §7); what is set shows as chips.
    await openFilters(page);
    await chooseOption(page, page.getByLabel('Entity type', { exact: true }), 'Banner', async () => new URL(page.url()).searchParams.get('entity') === 'banner');
    await page.getByLabel('Action', { exact: true }).fill('banner.update');
    await page.waitForURL((url) => url.searchParams.get('action') === 'banner.update');
    await closeFilters(page);
    // Both entries name the banner by its title now; the action filter keeps the update.
    const update = rows.filter({ hasText: `Edited banner “${bannerTitle}”` }).filter({ hasText: `Banner “${bannerTitle}”` });
    await expect.poll(() => rows.count()).toBe(1);
    await update.waitFor();

    // Reload: the same filters, the same rows.
    await page.reload();
    await update.waitFor();
    expect(await chips(page).allTextContents()).toEqual(['Action: banner.update', 'Entity: Banner']);
    await openFilters(page);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('banner.update');
    expect(await page.getByLabel('Entity type', { exact: true }).textContent()).toBe('Banner');
    await closeFilters(page);
    // Back: the filter before the last one.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('action') === null && url.searchParams.get('entity') === 'banner');
    await expect.poll(() => chips(page).allTextContents()).toEqual(['Entity: Banner']);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2); // create and update
    await page.goForward();
    await expect.poll(() => rows.count()).toBe(1);

    // The drawer: before and after; Esc gives focus back to the row's button.
    const details = update.getByRole('button', { name: /^Details/ });
    await details.click();
    const drawer = page.getByRole('dialog', { name: `Edited banner “${bannerTitle}”` });
    await drawer.waitFor();
    const title = drawer.getByTestId('audit-change').filter({ hasText: 'Title' });
    expect((await title.locator('td').allTextContents()).map((text) => text.trim())).toEqual([`${tag} first`, bannerTitle]);
    await shoot(page, 'admin-audit-drawer-1280-light');
    await expectNoSeriousAxe(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => details.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousAxe(page);

    await setTheme(page, 'dark');
    await update.waitFor();
    await shoot(page, 'admin-audit-1280-dark');
    await expectNoSeriousAxe(page);
    await update.getByRole('button', { name: /^Details/ }).click();
    await drawer.waitFor();
    await shoot(page, 'admin-audit-drawer-1280-dark');
    await expectNoSeriousAxe(page);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => update.getByRole('button', { name: /^Details/ }).evaluate((element) => element === document.activeElement)).toBe(true);
    await setTheme(page, 'light');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px: cards fit, the drawer opens with the diff, axe clean in light and dark', async () => {
    const { page, errors, close } = await e2e.openAsAdmin(`/admin/audit?entity=banner&action=banner.update`, { viewport: MOBILE, heading: 'Audit Log' });
    const card = entries(page, MOBILE).filter({ hasText: `Banner “${bannerTitle}”` });
    await card.waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxe(page);
    await card.getByRole('button', { name: /^Details/ }).click();
    const drawer = page.getByRole('dialog', { name: `Edited banner “${bannerTitle}”` });
    await drawer.getByTestId('audit-change').first().waitFor();
    // Once it has slid in, the drawer fills the phone's width and no more.
    await expect.poll(async () => drawer.boundingBox().then((box) => box && [Math.round(box.x), Math.round(box.width)])).toEqual([0, MOBILE.width]);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'admin-audit-drawer-375-light');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await setTheme(page, 'dark');
    await card.waitFor();
    await expectNoHorizontalScroll(page);
    await shoot(page, 'admin-audit-375-dark');
    await expectNoSeriousAxe(page);
    await setTheme(page, 'light');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the dashboard's charts say "N jots on Nov 26", name lead sources, and pass axe light and dark (${viewport.width} px)`, async () => {
      const { page, errors, close } = await e2e.openAsAdmin('/admin', { viewport, heading: 'Admin Dashboard' });
      const jots = page.getByTestId('chart-jots');
      const surface = jots.locator('svg.recharts-surface').first();
      // The chart's code loads when the chart comes near the viewport.
      await jots.scrollIntoViewIfNeeded();
      await surface.waitFor();
      await surface.scrollIntoViewIfNeeded();
      const box = (await surface.boundingBox())!;
      // The middle of the chart is a settled day, its right edge today.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const tooltip = jots.getByTestId('chart-tooltip');
      await expect.poll(() => tooltip.textContent()).toMatch(/^[\d,]+ jots? on [A-Z][a-z]{2} \d{1,2}$/);
      // The plot ends 8 px before the chart's right edge (its margin): just inside it is today.
      await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2);
      await expect.poll(() => tooltip.textContent()).toMatch(/^[\d,]+ jots? today so far \([A-Z][a-z]{2} \d{1,2}\)$/);
      await jots.getByText(/Today \(.+\) is still being counted\./).waitFor();

      const leads = page.getByTestId('chart-leads');
      await leads.scrollIntoViewIfNeeded();
      await leads.locator('svg.recharts-surface').first().waitFor();
      await leads.locator('[data-slot="chart-legend"]').getByText('Home page hero', { exact: true }).waitFor();
      expect(await leads.locator('[data-slot="chart-legend"]').getByText('homepage-hero', { exact: true }).count()).toBe(0);
      await expectNoHorizontalScroll(page);
      await shoot(page, `admin-dashboard-${viewport.width}-light`);
      await expectNoSeriousAxe(page);
      await setTheme(page, 'dark');
      await leads.scrollIntoViewIfNeeded();
      await leads.locator('svg.recharts-surface').first().waitFor();
      await shoot(page, `admin-dashboard-${viewport.width}-dark`);
      await expectNoSeriousAxe(page);
      await setTheme(page, 'light');
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  it('the palette finds a lead by e-mail, a post by title and a user by e-mail, and opens each record', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin', { heading: 'Admin Dashboard' });
    const palette = page.getByRole('dialog', { name: 'Go to' });
    const cases = [
      {
        text: leadEmail,
        kind: 'Lead',
        path: '/admin/leads',
        parameter: 'q',
        heading: 'Leads Management',
        // The lead's drawer, titled with its e-mail.
        isOpen: () => page.getByRole('dialog', { name: leadEmail }).waitFor(),
      },
      {
        text: `${tag} post`,
        name: postTitle,
        kind: 'Post',
        path: '/admin/blog',
        parameter: 'q',
        heading: 'Blog Management',
        // The post's editor, with its title loaded.
        isOpen: async () => {
          await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
          await expect.poll(() => page.getByRole('textbox', { name: 'Title (required)', exact: true }).inputValue()).toBe(postTitle);
        },
      },
      {
        text: userEmail,
        kind: 'User',
        path: '/admin/users',
        parameter: 'q',
        heading: 'User Management',
        // The user's dialog, with their e-mail.
        isOpen: async () => {
          const dialog = page.getByRole('dialog', { name: 'Edit User' });
          await expect.poll(() => dialog.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(userEmail);
        },
      },
    ];
    for (const { text, name, kind, path, parameter, heading, isOpen } of cases) {
      await page.keyboard.press('Control+k');
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('cmdk-input'))).toBe(true);
      const input = palette.locator('[cmdk-input]');
      const found = palette.getByRole('option', { name: `${kind}: ${name ?? text}` });
      // On a loaded machine the palette's chunk may arrive while typing and take the field over: type again then.
      await expect
        .poll(async () => {
          if ((await input.inputValue()) !== text) await input.fill(text);
          return found.count();
        })
        .toBe(1);
      // Arrows and Enter: the record is the first option when no section matches.
      await expect.poll(() => palette.locator('[cmdk-item][data-selected="true"]').textContent()).toContain(name ?? text);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      // A post opens its editor's own address (decision 0072); the others their screen filtered to the record.
      if (kind === 'Post') await page.waitForURL((url) => /^\/admin\/blog\/[^/]+\/edit$/.test(url.pathname));
      else await page.waitForURL((url) => url.pathname === path && url.searchParams.get(parameter) === (name ?? text));
      await isOpen();
      // Closing the record leaves its screen filtered to it: the record is listed, and the search box says so. (The
      // screen's heading is checked once the record is closed: an open dialog hides the page from the accessibility
      // tree, so the heading may have no role while the dialog is up.)
      if (kind !== 'Post') await page.keyboard.press('Escape');
      else await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === path && url.searchParams.get(parameter) === (name ?? text));
      await page.getByRole('main').getByText(name ?? text).first().waitFor();
      await expect.poll(() => page.getByRole('main').getByRole('searchbox').first().inputValue()).toBe(name ?? text);
      // Reloading does not open it again.
      await page.reload();
      await page.getByRole('main').getByText(name ?? text).first().waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    // With nothing typed, the records opened last come first, newest first; at 375 px a long one ends in "…"
    // inside the palette and keeps its whole text for the pointer (title) and the screen reader (the option's name).
    await page.setViewportSize(MOBILE);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('cmdk-input'))).toBe(true);
    const recent = palette.getByRole('group', { name: 'Recent' }).getByRole('option');
    await expect.poll(() => recent.count()).toBe(3);
    expect(await recent.first().getAttribute('aria-selected')).toBe('true');
    const recentNames = await Promise.all([0, 1, 2].map((index) => recent.nth(index).textContent()));
    expect(recentNames.map((text) => text?.split(':')[0])).toEqual(['User', 'Post', 'Lead']);
    const leadTitle = recent.nth(2).locator('[title]').first();
    expect(await leadTitle.getAttribute('title')).toBe(leadEmail);
    expect(await leadTitle.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
    expect(await leadTitle.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const paletteBox = (await palette.boundingBox())!;
    for (const option of await recent.all()) {
      const box = (await option.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(paletteBox.x + paletteBox.width);
    }
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: leadEmail }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
