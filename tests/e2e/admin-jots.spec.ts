/**
 * Jots Management (/admin/jots, issue 4): the gate, a real test jot, search, paging past 50 jots, the load error
 * with Retry, 375 px — and the jot CLI (scripts/jot.ts) against the running server.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_JOTS_PAGE_SIZE } from '../../src/shared/constants.ts';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { expectCleanInBothThemes } from './admin-helpers.ts';
import { createUserViaApi, DESKTOP, fieldProblem, MOBILE, sendJotV2, setUpE2e, signInViaApi, toast, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
// Enough for three pages of 50 with the demo jots, so Previous is followed from a page that is not the second.
const EXTRA_JOTS = 65;

/** The value of one of the stats above the table (a <dl>: each term followed by its definition). */
async function stat(page: Page, label: string): Promise<string | null> {
  const index = (await page.getByRole('term').allTextContents()).indexOf(label);
  if (index < 0) return null;
  return page.getByRole('definition').nth(index).textContent();
}

/** Create Test Jot, then its confirmation (issue 26: a test jot is real, so the button asks first). */
async function createTestJot(page: Page) {
  await page.getByRole('button', { name: 'Create Test Jot' }).click();
  await page.getByRole('alertdialog', { name: 'Create a test jot?' }).getByRole('button', { name: 'Create Test Jot' }).click();
}

/** The table's rows of data (the header row holds column headers, not cells). */
const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });

describe('Jots Management', () => {
  const e2e = setUpE2e();
  const openJots = (viewport?: Viewport) => e2e.openAsAdmin('/admin/jots', { viewport, heading: 'Jots Management' });
  const sendJot = (text: string, clientId = 'e2e-device') => sendJotV2(e2e.server, { text, clientId, appVersion: '2.0.0', plugin: 'e2e' });

  it('refuses a signed-in user who is not an admin', async () => {
    const member = await createUserViaApi(e2e);
    const { token } = await signInViaApi(e2e.server.baseUrl, member.email, member.password);
    const { page, close } = await e2e.open();
    await useSession(page, token);
    await page.goto('/admin/jots');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Test Jot' }).count()).toBe(0);
    await close();
  });

  it('shows the seeded jots decrypted, with the stats and no paging at 50', async () => {
    const { page, errors, close } = await openJots();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    expect(await stat(page, 'Total Jots')).toBe('50');
    expect(await stat(page, 'Showing')).toBe('50');
    expect(await stat(page, 'Page')).toBe('1 of 1');
    expect(await stat(page, 'Per Page')).toBe('50');
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    // Payloads are cut to 30 characters plus '...'.
    const payloadCell = dataRows(page.getByRole('table', { name: 'Jots records' })).first().getByRole('cell').nth(2);
    expect(await payloadCell.textContent()).toMatch(/^.{30}\.\.\.$/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('asks before a test jot: Cancel and Esc store nothing and give focus back to the button', async () => {
    const { page, errors, close } = await openJots();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    const before = await e2e.adminApi<{ total: number }>('GET', '/api/jots?limit=1');
    const button = page.getByRole('button', { name: 'Create Test Jot' });
    const confirm = page.getByRole('alertdialog', { name: 'Create a test jot?' });
    for (const dismiss of ['Cancel', 'Escape'] as const) {
      await button.click();
      await confirm.waitFor();
      if (dismiss === 'Cancel') await confirm.getByRole('button', { name: 'Cancel' }).click();
      else await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    expect((await e2e.adminApi<{ total: number }>('GET', '/api/jots?limit=1')).total).toBe(before.total);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('creates a real test jot that appears decrypted at the top', async () => {
    const { page, errors, close } = await openJots();
    await page.getByRole('table', { name: 'Jots records' }).waitFor();
    await createTestJot(page);
    const created = toast(page, 'Test Jot Created');
    await created.waitFor();
    const id = /Jot #(\d+)/.exec((await created.textContent()) ?? '')?.[1];
    const firstRow = dataRows(page.getByRole('table', { name: 'Jots records' })).first();
    await expect.poll(() => firstRow.getByRole('cell').first().textContent()).toBe(id);
    expect(await firstRow.textContent()).toContain('Test jot from the admin panel');
    expect(await stat(page, 'Total Jots')).toBe('51');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('says Failed to create test jot when the server refuses', async () => {
    const { page, close } = await openJots();
    await page.route('**/api/test-jot', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }));
    await createTestJot(page);
    await toast(page, 'Failed to create test jot').waitFor();
    await close();
  });

  it('pages through more than 50 jots, 50 at a time', async () => {
    for (let index = 0; index < EXTRA_JOTS; index += 1) await sendJot(`Paging jot ${index}`);
    const { page, errors, close } = await openJots();
    const table = page.getByRole('table', { name: 'Jots records' });
    await table.waitFor();
    const total = Number(await stat(page, 'Total Jots'));
    expect(total).toBeGreaterThanOrEqual(50 + EXTRA_JOTS);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.textContent()).toContain(`1–50 of ${total}`);
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await dataRows(table).count()).toBe(50);

    // Next and Previous follow the cursors of the page shown (decision 0013): the request carries after= / before=,
    // never a deep offset, while the page number and the rows are those of offset paging.
    const jotsRequest = (paging: string) => page.waitForRequest((request) => request.url().includes('/api/jots?') && request.url().includes(paging));
    const pageCount = Math.ceil(total / 50);
    expect(pageCount).toBeGreaterThanOrEqual(3);
    const firstPageLastRow = await dataRows(table).last().textContent();
    let sent = jotsRequest('after=');
    await pages.getByRole('button', { name: 'Next' }).click();
    expect(new URL((await sent).url()).searchParams.has('offset')).toBe(false);
    await expect.poll(() => stat(page, 'Page')).toBe(`2 of ${pageCount}`);
    expect(await pages.textContent()).toContain(`51–100 of ${total}`);
    // The page number moves at once; the rows when the answer arrives (a loaded machine showed page 1's rows here).
    // The newest paging jot (64) is on the first page; 14 is on the second, below 15 (the first page's last).
    await expect.poll(() => table.textContent()).toContain('Paging jot 14');
    expect(await dataRows(table).count()).toBe(50);
    expect(await dataRows(table).first().textContent()).not.toBe(firstPageLastRow);
    const secondPage = await table.textContent();

    sent = jotsRequest('after=');
    await pages.getByRole('button', { name: 'Next' }).click();
    await sent;
    await expect.poll(() => stat(page, 'Page')).toBe(`3 of ${pageCount}`);
    // The page number moves at once; the rows when the answer arrives.
    await expect.poll(() => table.textContent()).not.toContain('Paging jot 14');

    sent = jotsRequest('before=');
    await pages.getByRole('button', { name: 'Previous' }).click();
    expect(new URL((await sent).url()).searchParams.has('offset')).toBe(false);
    await expect.poll(() => stat(page, 'Page')).toBe(`2 of ${pageCount}`);
    await expect.poll(() => table.textContent()).toBe(secondPage);

    // Back to the first page: offset 0, the newest jots (already in the query cache, so no request is needed).
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => stat(page, 'Page')).toBe(`1 of ${pageCount}`);
    expect(await table.textContent()).toContain('Paging jot 64');
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('searches by a field and shows the matches, and asks for a field and a value', async () => {
    await sendJot('Searchable needle jot', 'needle-device');
    const { page, errors, close } = await openJots();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Please select a field and enter a search value').waitFor();
    expect(await page.getByText('Please select a field and enter a search value').count()).toBeGreaterThan(0);
    // Under each field of the kit's form, tied to it for screen readers.
    expect(await fieldProblem(page.getByRole('combobox', { name: 'Field' }))).toBe('Please select a field and enter a search value');
    expect(await fieldProblem(page.getByLabel('Value'))).toBe('Please select a field and enter a search value');

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Client ID' }).click();
    await page.getByLabel('Value').fill('NEEDLE-DEVICE');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Search Complete').filter({ hasText: 'Found 1 matching jot' }).waitFor();
    const results = page.getByRole('region', { name: 'Search results' });
    expect(await results.getByRole('table', { name: 'Matching jots' }).textContent()).toContain('Searchable needle jot');

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Payload or text' }).click();
    // Under 3 characters the payload search is refused before it is sent, in the API's words (decision 0013).
    await page.getByLabel('Value').fill('pa');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Validation Error').filter({ hasText: 'Enter at least 3 characters to search the payload' }).waitFor();
    await page.getByLabel('Value').fill('paging jot');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, `Found ${EXTRA_JOTS} matching jots`).waitFor();

    expect(unexpectedErrors(errors)).toEqual([]);

    await page.route('**/api/jots-search', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Search Error').filter({ hasText: 'Failed to search jots' }).waitFor();
    // The one 500 is the answer this test gave.
    expect(errors.filter((error) => /status of 5\d\d/.test(error))).toEqual([expect.stringContaining('/api/jots-search')]);
    await close();
  });

  it('shows Error loading jots with a Retry that recovers', async () => {
    const { page, close } = await e2e.openAsAdmin();
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
    const { page, errors, close } = await openJots(MOBILE);
    const cards = page.getByRole('list', { name: 'Jots records' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(50);
    expect(await page.getByRole('table', { name: 'Jots records' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await createTestJot(page);
    await toast(page, 'Test Jot Created').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('fits 1280 px: Payload, Client ID and Date on one line, the whole value in the title, no sideways scroll', async () => {
    const longClientId = `wide-${'device-'.repeat(12)}`;
    await sendJot('A jot from a device with a long client id', longClientId);
    const { page, errors, close } = await openJots(DESKTOP);
    const table = page.getByRole('table', { name: 'Jots records' });
    await table.getByText('A jot from a device with a long client id').waitFor();
    // Lines per cell: the distinct tops of the boxes of the cell's text (a wrapped text has one box per line).
    const linesPerColumn = await table.evaluate((element) => {
      const headers = [...element.querySelectorAll('thead th')].map((header) => header.textContent?.trim() ?? '');
      const result: Record<string, number> = {};
      for (const name of ['Payload', 'Client ID', 'Date', 'App Version', 'Plugin']) {
        const column = headers.indexOf(name);
        for (const row of element.querySelectorAll('tbody tr')) {
          const tops = new Set<number>();
          const texts = document.createTreeWalker(row.children[column]!, NodeFilter.SHOW_TEXT);
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const rect of range.getClientRects()) if (rect.height > 0) tops.add(Math.round(rect.top));
          }
          result[name] = Math.max(result[name] ?? 0, tops.size);
        }
      }
      return result;
    });
    expect(linesPerColumn).toEqual({ Payload: 1, 'Client ID': 1, Date: 1, 'App Version': 1, Plugin: 1 });
    const clientIdCell = dataRows(table).first().getByRole('cell').nth(3);
    expect(await clientIdCell.getByTitle(longClientId, { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    // The whole table fits its card: no column (the date last) hidden behind a sideways scroll.
    const overflow = await table.evaluate((element) => {
      const container = element.closest('[data-slot="table-container"]')!;
      return container.scrollWidth - container.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('gives the jot text the room: one line each with "…", the whole text on expand (keyboard too), 50 rows a compact page', async () => {
    // Issue 37 §9: the Jot column was ~80 px wide and every row wrapped to three lines (~4,500 px for 50 rows).
    const thought = 'a long thought about what to build next, why it matters and who asked for it, written in one go';
    for (let index = 0; index < ADMIN_JOTS_PAGE_SIZE; index += 1) await sendJot(`Room ${index}: ${thought} (${index})`);
    const { page, errors, close } = await openJots(DESKTOP);
    const table = page.getByRole('table', { name: 'Jots records' });
    const last = `Room ${ADMIN_JOTS_PAGE_SIZE - 1}: ${thought} (${ADMIN_JOTS_PAGE_SIZE - 1})`;
    const toggle = table.getByRole('button', { name: last });
    await toggle.waitFor();
    expect(await dataRows(table).count()).toBe(ADMIN_JOTS_PAGE_SIZE);
    // One line each: every data row as tall as the shortest one.
    const heights = await dataRows(table).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...heights), `row heights ${heights.join(', ')}`).toBeLessThanOrEqual(Math.min(...heights) + 1);
    // The jot's text is the widest column.
    const widths = await table.locator('thead th').evaluateAll((headers) => headers.map((header) => [header.textContent?.trim(), header.getBoundingClientRect().width] as const));
    expect(widths.toSorted((a, b) => b[1] - a[1])[0]![0], JSON.stringify(widths)).toBe('Jot');
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeLessThanOrEqual(3200);
    // The text is cut with "…" by CSS; the button's name is the whole text.
    const text = toggle.locator('[data-slot="jot-text"]');
    expect(await text.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
    expect(await text.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: focus the toggle, Enter shows the whole text on as many lines as it needs, Enter again folds it.
    await toggle.focus();
    const rowHeight = () => dataRows(table).first().evaluate((row) => row.getBoundingClientRect().height);
    const folded = await rowHeight();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await rowHeight()).toBeGreaterThan(folded);
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await rowHeight()).toBe(folded);
    // A click opens it too.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expectCleanInBothThemes(page, 'admin-jots-1280');
    await page.setViewportSize(MOBILE);
    await expectCleanInBothThemes(page, 'admin-jots-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('the jot CLI sends a v2 jot that the admin list shows decrypted', async () => {
    const text = `From the CLI ${Date.now()}`;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/jot.ts', '--url', e2e.server.baseUrl, '--guid-name', DEMO_BUILD_GUID.name, '--guid-value', DEMO_BUILD_GUID.value, text],
      { cwd: root },
    );
    expect(stdout).toMatch(/→ 201/);
    const id = (JSON.parse(stdout.split('\n')[1]!) as { id: number; version: string }).id;

    const { page, close } = await openJots();
    const firstRow = dataRows(page.getByRole('table', { name: 'Jots records' })).first();
    await firstRow.waitFor();
    expect(await firstRow.getByRole('cell').first().textContent()).toBe(String(id));
    expect(await firstRow.textContent()).toContain(text);
    await close();

    // A wrong key is refused, and the CLI says so with a failing exit code.
    await expect(
      run(process.execPath, ['--import', 'tsx', 'scripts/jot.ts', '--url', e2e.server.baseUrl, '--guid-name', DEMO_BUILD_GUID.name, '--guid-value', 'wrong', 'x'], { cwd: root }),
    ).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('Invalid payload') });
  });
});
