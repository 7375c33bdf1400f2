/**
 * The admin dashboard (issue 10 §4, §7): every card with its live figure, the figures rising after a new jot and a
 * new lead, the two charts drawn (recharts, loaded after hydration), 375 px, axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxe, shoot, submitLead } from './admin-helpers.ts';
import { MOBILE, sendJotV2, setUpE2e, uniqueEmail, unexpectedErrors } from './fixtures.ts';

/** The headline figure of a dashboard card, as a number. */
async function figure(page: Page, card: string): Promise<number> {
  const value = page.getByTestId(`dashboard-card-${card}`).getByTestId('figure-value');
  await value.waitFor();
  return Number((await value.textContent())!.replace(/,/g, ''));
}

describe('Admin dashboard', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });

  it('shows a live figure on every card, draws both charts, and the figures rise after a new jot and a new lead', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin', { heading: 'Admin Dashboard' });
    for (const card of ['leads', 'blog', 'faq', 'users', 'build-guids', 'jots', 'banners', 'inbox']) {
      expect(Number.isFinite(await figure(page, card)), card).toBe(true);
    }
    expect(await page.getByRole('main').getByText('Coming soon', { exact: true }).count()).toBe(0);
    await page.getByTestId('dashboard-card-audit').waitFor();
    await page.getByTestId('invitations-figure').waitFor();

    // The charts sit below the cards: their code (recharts) loads only when they come near the viewport.
    await page.waitForLoadState('networkidle');
    const chartCode = () =>
      page.evaluate(() => performance.getEntriesByType('resource').filter(({ name }) => /\/assets\/(day-series-chart|stacked-bars-chart|CartesianChart)-/.test(name)).length);
    expect(await chartCode()).toBe(0);
    // Their places wait still: nothing on the page plays forever while the operator does not scroll.
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length))
      .toBe(0);
    // Both charts render as SVG once recharts has loaded in the browser.
    await page.getByTestId('chart-jots').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-jots').locator('svg.recharts-surface').first().waitFor();
    expect(await chartCode()).toBeGreaterThan(0);
    await page.getByRole('img', { name: 'Jots per day, last 30 days' }).waitFor();
    const jotsToday = await figure(page, 'jots');
    const leadsWeek = await figure(page, 'leads');
    await shoot(page, 'admin-dashboard-1280');
    await expectNoSeriousAxe(page);

    await sendJotV2(e2e.server, { text: 'dashboard e2e jot', clientId: 'e2e-dashboard', appVersion: '2.0.0', plugin: 'e2e' });
    await submitLead(e2e, { firstName: 'Dash', email: uniqueEmail('dash-lead'), source: 'e2e-dashboard' });
    // The figures are admin data (stale after 5 minutes): a visit to the dashboard later shows the new ones.
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expect.poll(() => figure(page, 'jots')).toBe(jotsToday + 1);
    expect(await figure(page, 'leads')).toBe(leadsWeek + 1);
    await page.getByTestId('chart-leads').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-leads').locator('svg.recharts-surface').first().waitFor();
    await page.getByRole('img', { name: 'Leads per day by source, last 30 days' }).waitFor();
    expect(await page.getByTestId('chart-leads').getByText('e2e-dashboard').count()).toBeGreaterThan(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px: cards in one column, no sideways scrolling, charts drawn, axe clean', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin', { viewport: MOBILE, heading: 'Admin Dashboard' });
    await figure(page, 'jots');
    await page.getByTestId('chart-jots').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-jots').locator('svg.recharts-surface').first().waitFor();
    await expectNoHorizontalScroll(page);
    const [first, second] = await Promise.all(['leads', 'blog'].map((card) => page.getByTestId(`dashboard-card-${card}`).boundingBox()));
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await shoot(page, 'admin-dashboard-375');
    await expectNoSeriousAxe(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('the error state offers Retry, which loads the figures', async () => {
    const { page, close } = await e2e.openAsAdmin();
    let failures = 0;
    await page.route('**/api/admin/stats', async (route) => {
      if (failures < 2) {
        failures += 1; // the query retries once
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
      } else await route.continue();
    });
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: 'The figures could not be loaded.' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await figure(page, 'jots');
    await close();
  });
});
