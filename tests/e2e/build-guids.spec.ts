/**
 * Build GUIDs admin (/admin/build-guids, issue 4): create, edit and delete with their dialogs and toasts, the
 * 40-character value preview and the mobile cards with the full value, the empty and error states, and the API
 * clients section (secret shown once, admin toggle, delete).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_BUILD_GUID } from '../../src/server/db/seed-data.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors, type Viewport } from './fixtures.ts';

const LONG_VALUE = 'b7e4c2a9-0f3d-4a61-9c85-2e7f1d6b3a90-with-a-long-tail-of-characters';

describe('Build GUIDs admin', () => {
  const e2e = setUpE2e();
  const openBuildGuids = (viewport?: Viewport) => e2e.openAsAdmin('/admin/build-guids', { viewport, heading: 'Build GUIDs' });
  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => e2e.request(method, path, { body, token: e2e.adminToken });
  /** A call signed with an API client's credentials (and nothing else). */
  const asClient = (path: string, headers: Record<string, string>) => e2e.request('GET', path, { headers });

  const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('shows the heading, the subtitle about encryption keys and the seeded build GUID', async () => {
    const { page, errors, close } = await openBuildGuids();
    expect(await page.getByText('Encryption keys for decrypting jots from the desktop app.').count()).toBe(1);
    await row(page, DEMO_BUILD_GUID.name).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining(['ID', 'Name', 'Value']));
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('creates a build GUID, refusing empty fields and a duplicate name, and cuts long values to 40 characters', async () => {
    const { page, errors, close } = await openBuildGuids();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Build GUID' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Value is required').waitFor();

    await dialog.getByLabel('Name').fill('build-e2e');
    await dialog.getByLabel('Value').fill(LONG_VALUE);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Success').filter({ hasText: 'Build GUID created successfully' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const created = row(page, 'build-e2e');
    await created.waitFor();
    expect(await created.getByRole('cell').nth(2).textContent()).toBe(`${LONG_VALUE.slice(0, 40)}...`);

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByLabel('Name').fill('build-e2e');
    await dialog.getByLabel('Value').fill('another value');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Error').filter({ hasText: 'A build GUID named "build-e2e" already exists' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The new key works for jots at once.
    const testJot = await asAdmin('POST', '/api/test-jot', { content: 'with the new key', buildGuidName: 'build-e2e' });
    expect(testJot.status).toBe(201);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await close();
  });

  it('edits a build GUID in the same dialog', async () => {
    const created = await (await asAdmin('POST', '/api/build-guids', { name: 'to-edit', value: 'old-value' })).json();
    expect(created).toMatchObject({ name: 'to-edit' });
    const { page, errors, close } = await openBuildGuids();
    await page.getByRole('button', { name: 'Edit to-edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Build GUID' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('to-edit');
    expect(await dialog.getByLabel('Value').inputValue()).toBe('old-value');
    await dialog.getByLabel('Name').fill('edited');
    await dialog.getByLabel('Value').fill('new-value');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Build GUID updated successfully').waitFor();
    await row(page, 'edited').waitFor();
    expect(await row(page, 'to-edit').count()).toBe(0);
    expect(await row(page, 'edited').textContent()).toContain('new-value');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('deletes a build GUID after the confirmation', async () => {
    await asAdmin('POST', '/api/build-guids', { name: 'to-delete', value: 'v' });
    const { page, errors, close } = await openBuildGuids();
    await page.getByRole('button', { name: 'Delete to-delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this build GUID? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'to-delete').waitFor();

    await page.getByRole('button', { name: 'Delete to-delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Build GUID deleted successfully').waitFor();
    await row(page, 'to-delete').waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows cards with the full value at 375 px, and edits from a card', async () => {
    const { page, errors, close } = await openBuildGuids(MOBILE);
    const cards = page.getByRole('list', { name: 'Build GUIDs' });
    await cards.waitFor();
    expect(await page.getByRole('table').first().isVisible()).toBe(false);
    const card = cards.getByRole('listitem').filter({ hasText: 'build-e2e' });
    expect(await card.textContent()).toContain(LONG_VALUE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await card.getByRole('button', { name: 'Edit build-e2e' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Build GUID' });
    await dialog.getByLabel('Value').fill(`${LONG_VALUE}-2`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Build GUID updated successfully').waitFor();
    await expect.poll(() => card.textContent()).toContain(`${LONG_VALUE}-2`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows the load error with the server message', async () => {
    const { page, close } = await e2e.openAsAdmin();
    await page.route('**/api/build-guids', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database unavailable"}' }));
    await page.goto('/admin/build-guids');
    await page.getByText('Error loading build GUIDs: Database unavailable').waitFor({ timeout: 20_000 });
    await close();
  });

  it('creates an API client whose secret is shown once, toggles admin, and deletes it', async () => {
    const { page, context, errors, close } = await openBuildGuids();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.baseUrl });
    const clients = page.getByRole('region', { name: /API Clients/ });
    await clients.getByRole('button', { name: 'New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API Client' });
    await dialog.getByLabel('Name (optional)').fill('E2E script');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    const shown = page.getByRole('dialog', { name: 'Client Created' });
    await shown.waitFor();
    const clientId = await shown.getByLabel('Client ID', { exact: true }).inputValue();
    const secret = await shown.getByLabel('Client Secret', { exact: true }).inputValue();
    expect(clientId).toMatch(/^jc_/);
    await shown.getByRole('button', { name: 'Copy Client Secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();

    // The secret works, and is never shown again.
    expect((await asClient('/api/jots', { 'x-client-id': clientId, 'x-client-secret': secret })).status).toBe(200);
    const clientRow = clients.getByRole('row').filter({ hasText: clientId });
    await clientRow.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect((await asClient('/api/build-guids', { 'x-admin-client-id': clientId, 'x-admin-client-secret': secret })).status).toBe(403);

    await clientRow.getByRole('switch', { name: 'Admin rights for E2E script' }).click();
    // A privilege change asks first (issue 26).
    await page.getByRole('alertdialog', { name: 'Make “E2E script” an admin client?' }).getByRole('button', { name: 'Make admin client' }).click();
    await toast(page, 'API client updated successfully').waitFor();
    expect((await asClient('/api/build-guids', { 'x-admin-client-id': clientId, 'x-admin-client-secret': secret })).status).toBe(200);

    await clientRow.getByRole('button', { name: 'Delete E2E script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'API client deleted successfully').waitFor();
    await clientRow.waitFor({ state: 'detached' });
    expect((await asClient('/api/jots', { 'x-client-id': clientId, 'x-client-secret': secret })).status).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('says there are none when every build GUID is gone, on desktop and on mobile', async () => {
    const guids = (await (await asAdmin('GET', '/api/build-guids')).json()) as Array<{ id: number }>;
    for (const guid of guids) expect((await asAdmin('DELETE', `/api/build-guids/${guid.id}`)).status).toBe(204);
    const desktop = await openBuildGuids();
    await desktop.page.getByText('No build GUIDs found. Create one to get started.').waitFor();
    await desktop.close();
    const mobile = await openBuildGuids(MOBILE);
    await mobile.page.getByText('No build GUIDs found. Tap Add to create one.').waitFor();
    await mobile.close();
  });
});
