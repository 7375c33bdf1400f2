/**
 * The API tester (/api-tester, issue 4): every tab with valid and invalid input, the API Response box, the
 * spec's toasts (§8), credentials kept in localStorage, Copy as curl, a network failure, and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encryptLegacy, encryptV2 } from '../../src/shared/jot-crypto.ts';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { MOBILE, fieldProblem, setUpE2e, toast, unexpectedErrors, type Viewport } from './fixtures.ts';

// Refused calls are part of these tests: each test names the statuses it provokes.
describe('API tester', () => {
  const e2e = setUpE2e();
  const openTester = (viewport?: Viewport) => e2e.openAsAdmin('/api-tester', { viewport, heading: 'API Tester' });

  const responseBox = (page: Page) => page.getByLabel('API Response');
  const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

  it('shows the sign-in screen to a signed-out visitor', async () => {
    const { page, close } = await e2e.open();
    await page.goto('/api-tester');
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await close();
  });

  it('has six tabs, an empty read-only API Response box and Setup Instructions about local storage', async () => {
    const { page, errors, close } = await openTester();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Test Jot', 'Create Jot', 'Get Jots', 'Search Jots', 'Manage Clients', 'Manage BuildGuids']);
    expect(await responseBox(page).inputValue()).toBe('');
    expect(await responseBox(page).getAttribute('readonly')).not.toBeNull();
    await page.getByRole('heading', { name: 'Setup Instructions' }).waitFor();
    expect(await page.getByText(/kept in this browser.s local storage/).count()).toBeGreaterThan(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Test Jot: validates, then encrypts on the server and creates the jot; an unknown build GUID is an Error', async () => {
    const { page, errors, close } = await openTester();
    const send = page.getByRole('button', { name: 'Encrypt & Send Test Jot' });

    await send.click();
    await toast(page, 'Validation Error').filter({ hasText: 'Please enter some content' }).waitFor();
    // The kit's form: each message under its own field, tied to it for screen readers, focus on the first one.
    const content = page.getByLabel('Jot Content');
    const guidName = page.getByLabel('Build GUID Name');
    expect(await fieldProblem(content)).toBe('Please enter some content');
    expect(await fieldProblem(guidName)).toBe('Please enter a Build GUID name');
    expect(await content.evaluate((element) => element === document.activeElement)).toBe(true);

    await content.fill('Jot from the tester');
    await send.click();
    await toast(page, 'Please enter a Build GUID name').waitFor();
    expect(await fieldProblem(content)).toBeNull();
    expect(await fieldProblem(guidName)).toBe('Please enter a Build GUID name');

    await page.getByLabel('Build GUID Name').fill('no-such-build');
    await send.click();
    await toast(page, 'Status: 404 - Build GUID "no-such-build" was not found').waitFor();
    expect(await responseBox(page).inputValue()).toContain('"success": false');

    await page.getByLabel('Build GUID Name').fill(DEMO_BUILD_GUID.name);
    await send.click();
    const success = toast(page, 'Success!');
    await success.waitFor();
    const id = /Test jot created with ID: (\d+)/.exec((await success.textContent()) ?? '')?.[1];
    expect(id).toBeDefined();
    expect(await responseBox(page).inputValue()).toMatch(/Status: 201[\s\S]*"jotResult"/);

    const jots = await e2e.adminApi<{ jots: Array<{ id: number; jotText: string; protocolVersion: string }> }>('GET', '/api/jots?limit=5');
    expect(jots.jots.find((jot) => jot.id === Number(id))).toMatchObject({ jotText: 'Jot from the tester', protocolVersion: 'v2' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Create Jot: requires a payload, sends to legacy, v1 and v2, and shows Invalid payload as an Error', async () => {
    const { page, errors, close } = await openTester();
    await openTab(page, 'Create Jot');
    const payloadField = page.getByLabel('Encrypted Payload (Base64)');

    await page.getByRole('button', { name: /Send to v2/ }).click();
    await page.getByText('Error: Encrypted payload is required').waitFor();
    await toast(page, 'Validation Error').filter({ hasText: 'Please enter an encrypted payload' }).waitFor();
    expect(await responseBox(page).inputValue()).toBe('');

    await payloadField.fill(encryptV2({ text: 'v2 from the tester' }, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value));
    await page.getByRole('button', { name: /Send to v2/ }).click();
    await toast(page, 'Jot created with ID').waitFor();
    expect(await responseBox(page).inputValue()).toMatch(/POST \/api\/v2\/jots\nStatus: 201[\s\S]*"version": "v2"/);

    for (const [button, path] of [[/Send to Legacy/, '/jots'], [/Send to v1/, '/api/v1/jots']] as const) {
      await payloadField.fill(encryptLegacy({ text: `legacy via ${path}` }, DEMO_BUILD_GUID.value));
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => responseBox(page).inputValue()).toMatch(new RegExp(`POST ${path.replaceAll('/', '\\/')}\\nStatus: 201[\\s\\S]*"message": "Jot created"`));
    }

    await payloadField.fill('bm90IGEgcmVhbCBqb3Q=');
    await page.getByRole('button', { name: /Send to v2/ }).click();
    await toast(page, 'Status: 400 - Invalid payload').waitFor();
    expect(await responseBox(page).inputValue()).toContain('"error": "Invalid payload"');
    expect(unexpectedErrors(errors, [400])).toEqual([]);
    await close();
  });

  it('Get Jots and Search Jots: a client reads and searches its own jots; a wrong secret is a 401 Error', async () => {
    const client = await e2e.adminApi<{ clientId: string; secret: string }>('POST', '/api/clients', { name: 'tester client' });
    for (const text of ['alpha from the client', 'beta from the client']) {
      await e2e.adminApi('POST', '/api/v2/jots', {
        payload: encryptV2({ text, clientId: client.clientId, appVersion: '9.9.9' }, DEMO_BUILD_GUID.name, DEMO_BUILD_GUID.value),
      });
    }
    const { page, errors, close } = await openTester();
    await openTab(page, 'Get Jots');
    await page.getByLabel('Client ID').fill(client.clientId);
    await page.getByLabel('Client Secret').fill(client.secret);
    await page.getByRole('button', { name: 'Get Jots' }).click();
    await toast(page, 'Retrieved 2 of 2 jots').waitFor();
    const listed = await responseBox(page).inputValue();
    expect(listed).toContain('alpha from the client');
    expect(listed).not.toContain('Buy milk'); // no demo jot: only this client's

    await openTab(page, 'Search Jots');
    // Shared with Get Jots: the same stored credentials.
    expect(await page.getByLabel('Client ID').inputValue()).toBe(client.clientId);
    await page.getByRole('button', { name: 'Search Jots' }).click();
    await toast(page, 'Please select a field and enter a search value').waitFor();
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'payload' }).click();
    await page.getByLabel('Search Value').fill('beta');
    await page.getByRole('button', { name: 'Search Jots' }).click();
    await toast(page, 'Found 1 matching jot').waitFor();
    expect(await responseBox(page).inputValue()).toContain('beta from the client');

    await page.getByLabel('Client Secret').fill('wrong-secret');
    await page.getByRole('button', { name: 'Search Jots' }).click();
    await toast(page, 'Status: 401 - Invalid client credentials').waitFor();
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await close();
  });

  it('keeps the credentials in localStorage across visits', async () => {
    const first = await openTester();
    await openTab(first.page, 'Manage BuildGuids');
    await first.page.getByLabel('Admin Client ID').fill('jc_remember_me');
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'API Tester', level: 1 }).waitFor();
    await openTab(first.page, 'Manage BuildGuids');
    expect(await first.page.getByLabel('Admin Client ID').inputValue()).toBe('jc_remember_me');
    expect(await first.page.evaluate(() => window.localStorage.getItem('api_tester_settings'))).toContain('jc_remember_me');
    await first.page.getByLabel('Admin Client ID').fill('');
    await first.close();
  });

  it('Manage Clients explains the admin headers; Manage BuildGuids lists and creates with an admin client', async () => {
    const adminClient = await e2e.adminApi<{ clientId: string; secret: string }>('POST', '/api/clients', { name: 'tester admin', isAdmin: true });
    const { page, errors, close } = await openTester();
    await openTab(page, 'Manage Clients');
    await page.getByText('X-Admin-Client-Id: <admin client id>').waitFor();

    await openTab(page, 'Manage BuildGuids');
    await page.getByLabel('Admin Client ID').fill(adminClient.clientId);
    await page.getByLabel('Admin Client Secret').fill(adminClient.secret);
    await page.getByRole('button', { name: 'List BuildGuids' }).click();
    await toast(page, 'Found').waitFor();
    expect(await responseBox(page).inputValue()).toContain(DEMO_BUILD_GUID.name);

    await page.getByRole('button', { name: 'Create Test BuildGuid' }).click();
    const created = toast(page, 'Created build GUID');
    await created.waitFor();
    const name = /Created build GUID (test-build-\w+)/.exec((await created.textContent()) ?? '')?.[1];
    expect(name).toBeDefined();

    // Test Jot now uses the new key.
    await openTab(page, 'Test Jot');
    expect(await page.getByLabel('Build GUID Name').inputValue()).toBe(name);
    await page.getByLabel('Jot Content').fill('Encrypted with a fresh test key');
    await page.getByRole('button', { name: 'Encrypt & Send Test Jot' }).click();
    await toast(page, 'Test jot created with ID').waitFor();

    await openTab(page, 'Manage BuildGuids');
    await page.getByLabel('Admin Client Secret').fill('wrong');
    await page.getByRole('button', { name: 'List BuildGuids' }).click();
    await toast(page, 'Status: 401 - Invalid client credentials').waitFor();
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await close();
  });

  it('copies the last request as curl', async () => {
    const { page, context, close } = await openTester();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.baseUrl });
    expect(await page.getByRole('button', { name: 'Copy as curl' }).isDisabled()).toBe(true);
    await openTab(page, 'Create Jot');
    await page.getByLabel('Encrypted Payload (Base64)').fill('AAAA');
    await page.getByRole('button', { name: /Send to Legacy/ }).click();
    await toast(page, 'Status: 400').waitFor();
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await toast(page, 'Copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`curl -i -X POST '${e2e.server.baseUrl}/jots' -H 'Content-Type: application/json' --data-raw '{"payload":"AAAA"}'`);
    await close();
  });

  it('says Network Error and fills the response box when the server cannot be reached', async () => {
    const { page, close } = await openTester();
    await page.route('**/api/v1/jots', (route) => route.abort('connectionrefused'));
    await openTab(page, 'Create Jot');
    await page.getByLabel('Encrypted Payload (Base64)').fill('AAAA');
    await page.getByRole('button', { name: /Send to v1/ }).click();
    await toast(page, 'Network Error').filter({ hasText: 'Failed to connect to API' }).waitFor();
    expect(await responseBox(page).inputValue()).toMatch(/POST \/api\/v1\/jots\nNetwork error: /);

    await page.route('**/api/test-jot', (route) => route.abort('connectionrefused'));
    await openTab(page, 'Test Jot');
    await page.getByLabel('Jot Content').fill('offline');
    await page.getByLabel('Build GUID Name').fill(DEMO_BUILD_GUID.name);
    await page.getByRole('button', { name: 'Encrypt & Send Test Jot' }).click();
    await toast(page, 'Failed to connect to the server').waitFor();
    await close();
  });

  it('serves the API reference at /docs under the site’s CSP, with no outside requests', async () => {
    const { page, errors, close } = await e2e.open();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.server.baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'JotIt API', level: 1 }).waitFor();
    await page.getByText('/api/v2/jots').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]); // a CSP violation would be a console error
    expect(outside).toEqual([]);
    await close();
  });

  it('is usable at 375 px: every tab reachable, nothing wider than the screen', async () => {
    const { page, errors, close } = await openTester(MOBILE);
    for (const name of ['Test Jot', 'Create Jot', 'Get Jots', 'Search Jots', 'Manage Clients', 'Manage BuildGuids']) {
      await openTab(page, name);
      expect(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    }
    await openTab(page, 'Test Jot');
    await page.getByLabel('Jot Content').fill('From a phone');
    await page.getByLabel('Build GUID Name').fill(DEMO_BUILD_GUID.name);
    await page.getByRole('button', { name: 'Encrypt & Send Test Jot' }).click();
    await toast(page, 'Test jot created with ID').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
