/**
 * The banner strip (spec §2, §4): active banners by display order above every page; a closed banner stays closed
 * in that browser across reloads and comes back when an admin edits it; new banners appear without a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BANNERS_REFETCH_MS } from '../../src/shared/constants.ts';
import { setUpE2e, VIEWPORTS } from './fixtures.ts';

type Banner = { id: number; title: string; updatedAt: string };

describe('banner strip', () => {
  const e2e = setUpE2e();
  const api = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) => e2e.adminApi<T>(method, path, body);

  const strip = (page: Page) => page.getByRole('region', { name: 'Announcements' });
  const titles = (page: Page) => page.getByTestId('site-banner').locator('strong').allTextContents();

  for (const [label, viewport] of VIEWPORTS) {
    it(`keeps a closed banner closed across reloads and shows it again after an edit (${label})`, async () => {
      const [welcome] = (await api<Banner[]>('GET', '/api/banners')).filter((banner) => banner.title === 'Welcome to JotIt');
      expect(welcome).toBeDefined();
      const { page, errors, close } = await e2e.open(viewport);
      await page.goto('/');
      const banner = strip(page).getByTestId('site-banner').filter({ hasText: 'Welcome to JotIt' });
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Close banner: Welcome to JotIt' }).click();
      await banner.waitFor({ state: 'detached' });
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('closedBanners'))) ?? '[]') as Banner[];
      expect(stored).toEqual([{ id: welcome!.id, updatedAt: welcome!.updatedAt }]);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // After hydration the closed banner is gone again, on every page.
      await expect.poll(() => banner.count()).toBe(0);
      await page.goto('/about');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => banner.count()).toBe(0);

      await api('PATCH', `/api/banners/${welcome!.id}`, { message: `Version 1.5 is out (${label}).` });
      await page.reload();
      await banner.waitFor();
      expect(await banner.textContent()).toContain(`Version 1.5 is out (${label}).`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('orders banners by display order, colours them by type, hides inactive and out-of-date ones, and keeps non-closeable ones', async () => {
    const now = Date.now();
    const created = await Promise.all([
      api<Banner>('POST', '/api/banners', { title: 'Maintenance tonight', message: 'The API pauses at 2am UTC.', type: 'warning', displayOrder: 2, isCloseable: false }),
      api<Banner>('POST', '/api/banners', { title: 'New release', message: 'Smarter auto-close.', type: 'success', displayOrder: -1 }),
      api<Banner>('POST', '/api/banners', { title: 'Inactive', message: 'Hidden.', isActive: false }),
      api<Banner>('POST', '/api/banners', { title: 'Future', message: 'Hidden.', startDate: new Date(now + 3_600_000).toISOString() }),
      api<Banner>('POST', '/api/banners', { title: 'Past', message: 'Hidden.', endDate: new Date(now - 3_600_000).toISOString() }),
    ]);
    const { page, errors, close } = await e2e.open();
    await page.goto('/help');
    await strip(page).waitFor();
    const shown = await titles(page);
    expect(shown.indexOf('New release')).toBeLessThan(shown.indexOf('Maintenance tonight'));
    expect(shown).not.toContain('Inactive');
    expect(shown).not.toContain('Future');
    expect(shown).not.toContain('Past');
    const maintenance = page.getByTestId('site-banner').filter({ hasText: 'Maintenance tonight' });
    expect(await maintenance.getByRole('button').count()).toBe(0);
    // Type colours (spec §9), deepened where needed for readable white text: amber and green.
    const colour = async (title: string) =>
      page.getByTestId('site-banner').filter({ hasText: title }).evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red, green, blue] = (await colour('New release')).match(/\d+/g)!.map(Number) as [number, number, number];
    expect(green).toBeGreaterThan(red);
    expect(green).toBeGreaterThan(blue);
    const amber = (await colour('Maintenance tonight')).match(/\d+/g)!.map(Number) as [number, number, number];
    expect(amber[0]).toBeGreaterThan(amber[2]);
    expect(errors).toEqual([]);
    await close();
    for (const banner of created) await api('DELETE', `/api/banners/${banner.id}`);
  });

  it('picks up a new banner at the 30 s refetch, without a reload', async () => {
    const { page, close } = await e2e.open();
    // The page's clock, moved on by the test: 30 s pass for the page at once.
    await page.clock.install();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const banner = await api<Banner>('POST', '/api/banners', { title: 'Live update', message: 'Arrived while you were reading.' });
    const live = page.getByTestId('site-banner').filter({ hasText: 'Live update' });
    expect(await live.count()).toBe(0);
    await page.clock.runFor(BANNERS_REFETCH_MS);
    // Far less real time than the refetch interval: only the clock jump can have brought the banner.
    await live.waitFor({ timeout: 5_000 });
    await api('DELETE', `/api/banners/${banner.id}`);
    await close();
  });
});
