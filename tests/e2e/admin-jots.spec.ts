/**
 * Jots Management (/admin/jots, issue 4): the gate, a real test jot, search, paging past 50 jots, the load error
 * with Retry, 375 px — and the jot CLI (scripts/jot.ts) against the running server.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptV2 } from '../../src/shared/jot-crypto.ts';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { launchBrowser, MOBILE, openPage, type TrackedPage } from './browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi, useSession } from './session.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (400|401|403|500)\b/.test(error));
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const EXTRA_JOTS = 15;

describe('Jots Management', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminToken = (await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openAsAdmin(viewport?: { width: number; height: number }): Promise<TrackedPage> {
    const tracked = await openPage(browser, server.baseUrl, viewport);
    await useSession(tracked.page, adminToken);
    await tracked.page.goto('/admin/jots');
    await tracked.page.getByRole('heading', { name: 'Jots Management', level: 1 }).waitFor();
    return tracked;
  }

  const stat = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  async function sendJot(text: string, clientId = 'e2e-device'): Promise<number> {
    const response = await fetch(`${server.baseUrl}/api/v2/jots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: encryptV2({ text, clientId, appVersion: '2.0.0', plugin: 'e2e' }, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value) }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  it('refuses a signed-in user who is not an admin', async () => {
    const email = `member.${Date.now()}@example.com`;
    const created = await fetch(`${server.baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ username: `member-${Date.now()}`, email, password: 'member-password', isAdmin: false, isApproved: true }),
    });
    expect(created.status).toBe(201);
    const { token } = await signInViaApi(server.baseUrl, email, 'member-password');
    const { page, close } = await openPage(browser, server.baseUrl);
    await useSession(page, token);
    await page.goto('/admin/jots');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Test Jot' }).count()).toBe(0);
    await close();
  });

  it('shows the seeded jots decrypted, with the stats and no paging at 50', async () => {
    const { page, errors, close } = await openAsAdmin();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    expect(await stat(page, 'Total Jots').textContent()).toBe('50');
    expect(await stat(page, 'Showing').textContent()).toBe('50');
    expect(await stat(page, 'Page').textContent()).toBe('1 of 1');
    expect(await stat(page, 'Per Page').textContent()).toBe('50');
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    // Payloads are cut to 30 characters plus '...'.
    const payloadCell = page.getByRole('table', { name: 'Jots records' }).locator('tbody tr').first().locator('td').nth(2);
    expect(await payloadCell.textContent()).toMatch(/^.{30}\.\.\.$/);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('creates a real test jot that appears decrypted at the top', async () => {
    const { page, errors, close } = await openAsAdmin();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    await page.getByRole('button', { name: 'Create Test Jot' }).click();
    const created = toast(page, 'Test Jot Created');
    await created.waitFor();
    const id = /Jot #(\d+)/.exec((await created.textContent()) ?? '')?.[1];
    const firstRow = page.getByRole('table', { name: 'Jots records' }).locator('tbody tr').first();
    await expect.poll(() => firstRow.locator('td').first().textContent()).toBe(id);
    expect(await firstRow.textContent()).toContain('Test jot from the admin panel');
    expect(await stat(page, 'Total Jots').textContent()).toBe('51');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('says Failed to create test jot when the server refuses', async () => {
    const { page, close } = await openAsAdmin();
    await page.route('**/api/test-jot', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await page.getByRole('button', { name: 'Create Test Jot' }).click();
    await toast(page, 'Failed to create test jot').waitFor();
    await close();
  });

  it('pages through more than 50 jots, 50 at a time', async () => {
    for (let index = 0; index < EXTRA_JOTS; index += 1) await sendJot(`Paging jot ${index}`);
    const { page, errors, close } = await openAsAdmin();
    const table = page.getByRole('table', { name: 'Jots records' });
    await table.waitFor();
    const total = Number(await stat(page, 'Total Jots').textContent());
    expect(total).toBeGreaterThanOrEqual(50 + EXTRA_JOTS);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.textContent()).toContain(`1–50 of ${total}`);
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(50);

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => stat(page, 'Page').textContent()).toBe('2 of 2');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(total - 50);
    expect(await stat(page, 'Showing').textContent()).toBe(String(total - 50));
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // The oldest demo jot is on the last page, the newest paging jot on the first.
    expect(await table.textContent()).not.toContain('Paging jot 14');

    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => stat(page, 'Page').textContent()).toBe('1 of 2');
    expect(await table.textContent()).toContain('Paging jot 14');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('searches by a field and shows the matches, and asks for a field and a value', async () => {
    await sendJot('Searchable needle jot', 'needle-device');
    const { page, errors, close } = await openAsAdmin();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Please select a field and enter a search value').waitFor();
    expect(await page.getByText('Please select a field and enter a search value').count()).toBeGreaterThan(0);

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Client ID' }).click();
    await page.getByLabel('Value').fill('NEEDLE-DEVICE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Search Complete').filter({ hasText: 'Found 1 matching jot' }).waitFor();
    const results = page.getByRole('region', { name: 'Search results' });
    expect(await results.getByRole('table', { name: 'Matching jots' }).textContent()).toContain('Searchable needle jot');

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Payload or text' }).click();
    await page.getByLabel('Value').fill('paging jot');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, `Found ${EXTRA_JOTS} matching jots`).waitFor();

    await page.route('**/api/jots-search', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Search Error').filter({ hasText: 'Failed to search jots' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('shows Error loading jots with a Retry that recovers', async () => {
    const tracked = await openPage(browser, server.baseUrl);
    const { page, close } = tracked;
    await useSession(page, adminToken);
    await page.route(/\/api\/jots\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await page.goto('/admin/jots');
    // The admin queries retry once (spec §9) before they show the error.
    await page.getByText('Error loading jots').waitFor({ timeout: 20_000 });
    await page.unroute(/\/api\/jots\?/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    await close();
  });

  it('is usable at 375 px: stats, search and jot cards, nothing wider than the screen', async () => {
    const { page, errors, close } = await openAsAdmin(MOBILE);
    const cards = page.getByRole('list', { name: 'Jots records' });
    await cards.waitFor();
    expect(await cards.locator('li').count()).toBe(50);
    expect(await page.getByRole('table', { name: 'Jots records' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole('button', { name: 'Create Test Jot' }).click();
    await toast(page, 'Test Jot Created').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it('the jot CLI sends a v2 jot that the admin list shows decrypted', async () => {
    const text = `From the CLI ${Date.now()}`;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/jot.ts', '--url', server.baseUrl, '--guid-name', DEMO_BUILD_GUID.name, '--guid-value', DEMO_BUILD_GUID.value, text],
      { cwd: root },
    );
    expect(stdout).toMatch(/→ 201/);
    const id = (JSON.parse(stdout.split('\n')[1]!) as { id: number; version: string }).id;

    const { page, close } = await openAsAdmin();
    const firstRow = page.getByRole('table', { name: 'Jots records' }).locator('tbody tr').first();
    await firstRow.waitFor();
    expect(await firstRow.locator('td').first().textContent()).toBe(String(id));
    expect(await firstRow.textContent()).toContain(text);
    await close();

    // A wrong key is refused, and the CLI says so with a failing exit code.
    await expect(
      run(process.execPath, ['--import', 'tsx', 'scripts/jot.ts', '--url', server.baseUrl, '--guid-name', DEMO_BUILD_GUID.name, '--guid-value', 'wrong', 'x'], { cwd: root }),
    ).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('Invalid payload') });
  });
});
