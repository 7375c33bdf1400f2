/**
 * Leads Management (/admin/leads, issue 10): the gate, the spec's texts and states (loading, error with Retry,
 * empty, loaded), a search kept in the URL, the detail drawer, a CSV download (file name and header row), bulk
 * delete with its confirmation, cards at 375 px, and axe on each state.
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { expectCleanInBothThemes } from './admin-helpers.ts';
import { seriousAxeViolations as axeSerious, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { createUserViaApi, DESKTOP, MOBILE, reviewScreenshot, setUpE2e, signInViaApi, toast, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const CSV_HEADER = 'Email,First Name,Last Name,Source,Subscribed Date,ConvertKit ID,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Referrer,Unsubscribed Date';
const EMPTY_TEXT = 'No leads captured yet. Promote your lead magnets to start collecting emails!';

const LEADS = [
  { firstName: 'Ada', email: 'ada.leads@example.com', source: 'homepage-hero', utm_source: 'newsletter', utm_campaign: 'launch' },
  { firstName: 'Grace', email: 'grace.leads@example.com', source: 'homepage-cta' },
  { firstName: 'Alan', email: 'alan.leads@example.com', source: 'homepage-hero' },
  { firstName: 'Edsger', email: 'edsger.leads@example.com', source: 'blog' },
  { firstName: 'Barbara', email: 'barbara.leads@example.com' },
];

const screenshot = (page: Page, name: string, fullPage = true) => reviewScreenshot(page, name, { fullPage });

const seriousAxeViolations = (page: Page) => axeSerious(page, { tags: WCAG22_AA_BEST_PRACTICE });

describe('Leads Management', () => {
  const e2e = setUpE2e();
  const openLeads = (path = '/admin/leads', viewport: Viewport = DESKTOP) => e2e.openAsAdmin(path, { viewport, heading: 'Leads Management' });
  const table = (page: Page) => page.getByRole('table', { name: 'Leads' });
  const countHeading = (page: Page, count: number) => page.getByRole('heading', { name: `Leads (${count})`, level: 2 });

  async function captureLeads() {
    for (const lead of LEADS) {
      const response = await fetch(new URL('/api/leads', e2e.server.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...lead, captcha: await solveCaptchaOver(e2e.server.baseUrl) }),
      });
      expect(response.status).toBe(200);
    }
  }

  it('shows Access Denied with Sign In (to /api-tester) when signed out, and Access Denied to a non-admin', async () => {
    const { page, close } = await e2e.open(MOBILE);
    await page.goto('/admin/leads');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api-tester');
    expect(await page.title()).toBe('Leads Management - JotIt!');
    const member = await createUserViaApi(e2e);
    await useSession(page, (await signInViaApi(e2e.server.baseUrl, member.email, member.password)).token);
    await page.goto('/admin/leads');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await close();
  });

  it('shows Loading leads..., then an error with Retry, then the empty state (1280 px, axe)', async () => {
    const { page, errors, close } = await e2e.openAsAdmin();
    // Hold the first list call (a sentinel, not a sleep), then fail the second, then let the third through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route(/\/api\/leads\?/, async (route: Route) => {
      calls += 1;
      if (calls === 1) {
        await held;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
      } else if (calls === 2) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
      } else {
        await route.continue();
      }
    });
    await page.goto('/admin/leads');
    await page.getByText('Loading leads...').waitFor();
    expect(await page.title()).toBe('Leads Management - JotIt!');
    release();
    // Admin queries retry once (spec §9): two failures, then the error state.
    await page.getByText('Error loading leads').waitFor();
    expect(calls).toBe(2);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(EMPTY_TEXT).waitFor();
    await countHeading(page, 0).waitFor();
    // Spec §2: back link to /admin and the Export CSV button.
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-empty-1280');
    expect(unexpectedErrors(errors, [500])).toEqual([]);
    await close();
  });

  it('lists leads with the spec columns, searches (kept in the URL), opens the detail, downloads the CSV (1280 px)', async () => {
    await captureLeads();
    const { page, errors, close } = await openLeads();
    await countHeading(page, LEADS.length).waitFor();
    const headers = await table(page).getByRole('columnheader').allTextContents();
    expect(headers.slice(1)).toEqual(['Email', 'Name', 'Source', 'Date', 'ConvertKit', 'Mail']);
    expect(await table(page).getByText('Not synced').count()).toBe(LEADS.length);
    expect(await table(page).getByRole('row').filter({ hasText: 'barbara.leads@example.com' }).getByText('unknown').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-list-1280');

    // Search: the list follows, the URL keeps it.
    await page.getByLabel('Search').fill('GRACE');
    await countHeading(page, 1).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('GRACE');
    expect(await table(page).getByRole('row').filter({ hasText: 'grace.leads@example.com' }).count()).toBe(1);

    // Export CSV with the search applied: the file name and the header row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`JotIt-leads-${new Date().toISOString().slice(0, 10)}.csv`);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['grace.leads@example.com']);
    await toast(page, 'Export ready').waitFor();

    // A bookmarked view opens with its filter.
    await page.goto('/admin/leads?source=homepage-hero&sort=subscribedAt');
    await countHeading(page, 2).waitFor();
    const emails = await table(page).getByRole('button', { name: /leads@example\.com/ }).allTextContents();
    expect(emails).toEqual(['ada.leads@example.com', 'alan.leads@example.com']);

    // The detail drawer: attribution and the request.
    await page.getByRole('button', { name: 'ada.leads@example.com' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: 'ada.leads@example.com' }).waitFor();
    await drawer.getByText('newsletter').waitFor();
    await drawer.getByText('launch').waitFor();
    await drawer.getByText('IP country').waitFor();
    await drawer.getByRole('button', { name: 'Retry sync' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-detail-1280');
    // Delete asks first, naming the e-mail; Cancel keeps the lead.
    await drawer.getByRole('button', { name: 'Delete lead' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete ada.leads@example.com?' }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await countHeading(page, 2).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('filters from one Filter panel, shows what is set as removable chips, and shows rows on the first screen (375 px)', async () => {
    // Issue 37 §7: seven always-open controls took the whole first screen at 375 px.
    const { page, errors, close } = await openLeads('/admin/leads?source=homepage-hero&synced=false', MOBILE);
    await countHeading(page, 2).waitFor();
    const cards = page.getByRole('list', { name: 'Leads' });
    const firstCard = cards.getByRole('listitem').first();
    await firstCard.waitFor();
    const top = await firstCard.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeLessThan(MOBILE.height);
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(['Source: homepage-hero', 'ConvertKit: Not synced']);
    await expectCleanInBothThemes(page, 'admin-leads-filters-375');

    // A chip removes its own filter; the URL follows and focus goes to the Filter button.
    await page.getByRole('button', { name: 'Remove filter Source: homepage-hero' }).click();
    await page.waitForURL((url) => !url.searchParams.has('source') && url.searchParams.get('synced') === 'false');
    await countHeading(page, LEADS.length).waitFor();
    expect(await chips.allTextContents()).toEqual(['ConvertKit: Not synced']);
    const filterButton = page.getByRole('button', { name: /^Filter\b/ });
    await expect.poll(() => filterButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // The panel sets a filter, from the keyboard: it becomes a chip, and a reload keeps it.
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.waitFor();
    await expectCleanInBothThemes(page, 'admin-leads-filter-panel-375');
    await panel.getByLabel('Source', { exact: true }).click();
    await page.getByRole('option', { name: 'homepage-cta', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('source') === 'homepage-cta');
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => filterButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await countHeading(page, 1).waitFor();
    await page.reload();
    await countHeading(page, 1).waitFor();
    expect(await chips.allTextContents()).toEqual(['Source: homepage-cta', 'ConvertKit: Not synced']);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await countHeading(page, LEADS.length).waitFor();
    expect(await chips.count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('bulk deletes the selected leads after a confirmation that says how many (375 px cards, axe)', async () => {
    const { page, errors, close } = await openLeads('/admin/leads', MOBILE);
    await countHeading(page, LEADS.length).waitFor();
    // Cards, not a table, at 375 px.
    expect(await table(page).isVisible()).toBe(false);
    const cards = page.getByRole('list', { name: 'Leads' });
    await cards.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'leads-list-375');

    await cards.getByRole('checkbox', { name: 'Select edsger.leads@example.com' }).click();
    await cards.getByRole('checkbox', { name: 'Select barbara.leads@example.com' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await screenshot(page, 'leads-selected-375', false);
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Delete 2 leads?' }).waitFor();
    await screenshot(page, 'leads-confirm-375', false);
    await dialog.getByRole('button', { name: 'Delete 2 leads' }).click();
    await toast(page, 'Deleted 2 leads').waitFor();
    await countHeading(page, LEADS.length - 2).waitFor();
    expect(await cards.getByText('edsger.leads@example.com').count()).toBe(0);
    expect(await bar.count()).toBe(0);
    const remaining = await e2e.adminApi<{ items: Array<{ email: string }> }>('GET', '/api/leads');
    expect(remaining.items.map((lead) => lead.email).sort()).toEqual(['ada.leads@example.com', 'alan.leads@example.com', 'grace.leads@example.com']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
