/**
 * Site analytics in the browser (issue 40): a visit counted by the server and a client navigation by the beacon
 * show on /admin/analytics; the range and a filter survive a reload; 1280 light and 375 dark, axe clean.
 */
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, useTheme } from './admin-helpers.ts';
import { DESKTOP, MOBILE, setUpE2e, unexpectedErrors, useSession, waitForHydration } from './fixtures.ts';

const today = new Date().toISOString().slice(0, 10);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('Admin analytics', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });

  it('counts a visit and a client navigation, shows them, and keeps the range and a filter across a reload (1280, light)', { timeout: 90_000 }, async () => {
    const visit = await e2e.open(DESKTOP);
    // Headless Chromium says "HeadlessChrome", which isbot rightly takes for a bot: this visitor says Chrome.
    await visit.context.setExtraHTTPHeaders({ 'user-agent': BROWSER });
    await visit.page.goto('/?utm_source=e2e-analytics');
    await waitForHydration(visit.page);
    await visit.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await visit.page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await visit.close();
    // The server counted the first page, the beacon the second; both are written within a second or so.
    await expect
      .poll(async () => (await e2e.adminApi<{ rows: Array<{ value: string; views: number }> }>('GET', `/api/admin/analytics/lists/sources?from=${today}&to=${today}`)).rows, { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ value: 'e2e-analytics', views: 2 }));

    const { page, errors, close } = await e2e.openAsAdmin(`/admin/analytics?from=${today}&to=${today}`, { heading: 'Analytics' });
    const sources = page.getByRole('table', { name: 'Sources' });
    await sources.getByRole('cell', { name: 'e2e-analytics' }).waitFor();
    await page.getByRole('table', { name: 'Funnel by source' }).getByRole('cell', { name: 'e2e-analytics' }).waitFor();
    // The admin's one filter panel (decision 0061): Filter opens it, a typed source applies after a pause.
    await page.getByRole('button', { name: /^Filter\b/ }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Source', { exact: true }).fill('e2e-analytics');
    await page.waitForURL(/source=e2e-analytics/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByText('Source: e2e-analytics', { exact: true }).waitFor();
    expect(await chips.getByText(`From ${today}`, { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Filter\b/ }).click();
    expect(await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Source', { exact: true }).inputValue()).toBe('e2e-analytics');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Top pages' }).getByRole('cell', { name: '/privacy-policy' }).waitFor();
    // Filtered to the source: its one row under the header.
    await expect.poll(() => page.getByRole('table', { name: 'Sources' }).getByRole('row').count()).toBe(2);
    await shoot(page, 'admin-analytics-1280');
    await expectNoSeriousAxe(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px in dark: no sideways scrolling, axe clean', { timeout: 60_000 }, async () => {
    const { page, context, errors, close } = await e2e.open(MOBILE);
    await useTheme(context, 'dark');
    await useSession(page, e2e.adminToken);
    await page.goto(`/admin/analytics?from=${today}&to=${today}`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Top pages', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The filters sit behind one button: the figures start on a phone's first screen.
    const firstFigure = (await page.getByRole('region', { name: 'Summary' }).getByText('Visitors now').boundingBox())!;
    expect(firstFigure.y + firstFigure.height).toBeLessThan(MOBILE.height);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'admin-analytics-375-dark');
    await expectNoSeriousAxe(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
