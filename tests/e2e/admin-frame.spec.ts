/**
 * The back-office frame (issue 26 §1), at 1280 and 375 px: every section reachable from the sidebar (a drawer on
 * a phone) and from ⌘K / Ctrl+K, the current section marked with aria-current, no screen wider than the viewport,
 * no public banner strip, nav or footer inside the admin, and the top bar's e-mail, View site and Sign Out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, overflowingElements } from './admin-helpers.ts';
import { DESKTOP, E2E_ADMIN, MOBILE, reviewScreenshot, setUpE2e, unexpectedErrors, type Viewport } from './fixtures.ts';


/** Ctrl+K, then waits until the palette's field has focus (typing earlier would go to the page). */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('cmdk-input'))).toBe(true);
}

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Waits for the section's screen and checks the frame around it. */
async function expectSection(page: Page, section: (typeof ADMIN_SECTIONS)[number], viewport: Viewport) {
  await page.waitForURL((url) => url.pathname === section.path);
  await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
  expect(await widthOf(page), `${section.path} ${(await overflowingElements(page)).join(' | ')}`).toBeLessThanOrEqual(viewport.width);
  // No public frame in the admin: no banner strip, no marketing nav, no footer.
  expect(await page.locator('[data-slot="banner-strip"]').count(), section.path).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Main' }).count(), section.path).toBe(0);
  expect(await page.getByRole('contentinfo').count(), section.path).toBe(0);
}

describe('the admin frame', () => {
  const e2e = setUpE2e();

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`reaches every section from the sidebar and marks the current one (${viewport.width} px)`, async () => {
      const { page, errors, close } = await e2e.openAsAdmin('/admin', { viewport, heading: 'Admin Dashboard' });
      for (const section of ADMIN_SECTIONS) {
        if (viewport === MOBILE) {
          await page.getByRole('button', { name: 'Open admin menu' }).click();
          await page.getByRole('dialog', { name: 'Admin menu' }).waitFor();
        }
        await adminNav(page).getByRole('link', { name: section.label, exact: true }).click();
        await expectSection(page, section, viewport);
        if (viewport === MOBILE) {
          await page.getByRole('dialog', { name: 'Admin menu' }).waitFor({ state: 'detached' });
          // The drawer closed with the jump: focus went back to its trigger, and it marks the section too.
          await page.getByRole('button', { name: 'Open admin menu' }).click();
        }
        const current = adminNav(page).locator('[aria-current="page"]');
        expect(await current.count(), section.path).toBe(1);
        expect((await current.textContent())?.trim(), section.path).toBe(section.label);
        await reviewScreenshot(page, `admin-frame${section.path.replace('/admin', '').replaceAll('/', '-') || '-dashboard'}-${viewport.width}`, { fullPage: false });
        if (viewport === MOBILE) await page.keyboard.press('Escape');
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });

    it(`jumps to every section from the command palette, and Esc gives focus back (${viewport.width} px)`, async () => {
      const { page, errors, close } = await e2e.openAsAdmin('/admin/users', { viewport, heading: 'User Management' });
      const palette = page.getByRole('dialog', { name: 'Go to' });
      // Esc: nothing happens, and focus is back on the control that had it.
      const opener = page.getByRole('link', { name: 'Admin Dashboard' });
      await opener.focus();
      await openPalette(page);
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/admin/users');

      for (const section of ADMIN_SECTIONS) {
        await openPalette(page);
        await page.keyboard.type(section.label);
        const selected = palette.locator('[cmdk-item][data-selected="true"]');
        const input = palette.locator('[cmdk-input]');
        // On a loaded machine the palette's chunk may arrive while typing and take the field over: type again then.
        await expect
          .poll(async () => {
            if ((await input.inputValue()) !== section.label) await input.fill(section.label);
            return selected.textContent();
          })
          .toBe(section.label);
        await page.keyboard.press('Enter');
        await expectSection(page, section, viewport);
      }
      // Words besides the names find a section too ("accounts" is Users).
      await openPalette(page);
      await page.keyboard.type('accounts');
      await page.keyboard.press('Enter');
      await expectSection(page, ADMIN_SECTIONS.find((section) => section.label === 'Users')!, viewport);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  it('keeps the open section in view above the Collapse footer on a short screen, with a breadcrumb instead of a back button', async () => {
    // Issue 37 §12: the footer hid the last items, even the open one; every screen repeated "← Admin Dashboard".
    const short = { width: 1280, height: 560 };
    const { page, errors, close } = await e2e.openAsAdmin('/admin', { viewport: short, heading: 'Admin Dashboard' });
    const nav = adminNav(page);
    const footer = page.getByRole('button', { name: 'Collapse sidebar' });
    for (const section of ADMIN_SECTIONS) {
      await page.goto(section.path);
      await page.getByRole('heading', { level: 1, name: section.heading, exact: true }).waitFor();
      const current = nav.locator('[aria-current="page"]');
      await expect.poll(() => current.textContent()).toContain(section.label);
      const [list, bar] = await Promise.all([nav.boundingBox(), footer.boundingBox()]);
      // Wholly inside the list's visible part, above the footer's button.
      await expect
        .poll(async () => {
          const box = (await current.boundingBox())!;
          const isInView = box.y >= list!.y - 0.5 && box.y + box.height <= Math.min(list!.y + list!.height, bar!.y) + 0.5;
          return isInView ? 'in view' : `${section.label} at ${JSON.stringify(box)} in ${JSON.stringify(list)}`;
        })
        .toBe('in view');
      // The way back to the dashboard is the breadcrumb (and the sidebar), not a button of its own.
      const main = page.getByRole('main');
      const backLinks = main.getByRole('link', { name: 'Admin Dashboard' });
      if (section.path === '/admin') expect(await backLinks.count()).toBe(0);
      else {
        expect(await backLinks.count(), section.path).toBe(1);
        expect(await main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin Dashboard' }).count(), section.path).toBe(1);
      }
    }
    // The API Tester opens in the frame: the sidebar, with API Tester current.
    await page.goto('/admin/api-tester');
    await page.getByRole('heading', { level: 1, name: 'API Tester', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'API Tester' }).getAttribute('aria-current')).toBe('page');
    await reviewScreenshot(page, 'admin-api-tester-1280', { fullPage: false });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('gives focus back to the button that opened a dialog, after Esc and after Cancel', async () => {
    const openers = [
      { path: '/admin/users', heading: 'User Management', opener: 'Add User', dialog: 'Add User' },
      { path: '/admin/banners', heading: 'Site Banners', opener: 'Create Banner', dialog: 'Create Banner' },
      { path: '/admin/testimonials', heading: 'Testimonials', opener: 'Add Testimonial', dialog: 'Add Testimonial' },
    ];
    const { page, errors, close } = await e2e.openAsAdmin();
    for (const { path, heading, opener, dialog: title } of openers) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      const button = page.getByRole('main').getByRole('button', { name: opener }).first();
      const dialog = page.getByRole('dialog', { name: title });
      for (const dismiss of ['Escape', 'Cancel'] as const) {
        await button.click();
        await dialog.waitFor();
        if (dismiss === 'Escape') await page.keyboard.press('Escape');
        else await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
      }
    }
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("shows the admin's e-mail, View site and Sign Out in the top bar, and keeps the sidebar collapsed", async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/leads', { heading: 'Leads Management' });
    const banner = page.getByRole('banner');
    expect(await banner.getByText(E2E_ADMIN.email).isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'View site' }).getAttribute('href')).toBe('/');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    // Collapsed, every section is still a named link.
    expect(await adminNav(page).getByRole('link', { name: 'Leads', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await widthOf(page)).toBeLessThanOrEqual(DESKTOP.width);
    await reviewScreenshot(page, 'admin-frame-collapsed-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await banner.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
