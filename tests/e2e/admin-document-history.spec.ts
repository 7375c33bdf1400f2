/**
 * Pages and campaigns keep their history as posts do (issue 39 §1–§2, decision 0080), through the same History
 * panel and conflict dialog (admin-revisions.spec.ts proves the post's): a page saved three times through its
 * editor lists its revisions, diffs the first against the saved page and restores it after asking, into the editor
 * and the API, and the next save names the restored version; two staff members open the same page, and the second
 * to save is refused with Review their changes, Copy mine and Overwrite, never a silent overwrite; a campaign's
 * History restores the same way, its editor autosaves unsaved text without changing the live campaign, and the
 * lists' switches still publish and deactivate without a version; a restore that a newer save beat asks again before it
 * replaces that save. 1280 px, the campaign's History once at 375 px.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTOSAVE_INTERVAL_MS } from '../../src/shared/schemas/revisions.ts';
import { seriousAxeViolations, WCAG22_AA } from './axe.ts';
import { createUserViaApi, MOBILE, reviewScreenshot, setUpE2e, signInViaApi, toast, unexpectedErrors, useSession } from './fixtures.ts';

const RUN = Date.now().toString(36);

interface SavedPage {
  id: number;
  title: string;
  content: string | null;
  metaDescription: string | null;
  isPublished: boolean;
  version: number;
}

interface SavedCampaign {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  version: number;
}

type RevisionKinds = { items: Array<{ kind: string; createdByName: string | null }> };

/** Opens the editor of the row named `name` (the list searched for RUN) and waits for it. */
async function openEditor(page: Page, testId: 'page' | 'campaign', name: string): Promise<Locator> {
  await page.getByTestId(`${testId}-row`).filter({ hasText: name }).getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('region', { name: `Edit “${name}”` });
  await editor.waitFor();
  return editor;
}

/** Types at the end of the editor's Markdown field (CodeMirror). */
async function appendMarkdown(page: Page, editor: Locator, label: string, text: string) {
  await editor.getByRole('textbox', { name: `${label} (Markdown)` }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Saves and waits until the editor has closed: it only closes on a saved answer, so a 409 fails here. */
async function saveAndClose(editor: Locator, button: string) {
  await editor.getByRole('button', { name: button }).click();
  await editor.waitFor({ state: 'detached' });
}

/** Opens History, chooses the oldest revision, checks what it would change and restores it after the question. */
async function restoreOldest(page: Page, editor: Locator, noun: string, count: number, removedWords: string[]) {
  await editor.getByRole('button', { name: 'History' }).click();
  const panel = page.getByRole('dialog', { name: 'History' });
  await panel.getByText(`Every save, publish and autosave of this ${noun}.`).waitFor();
  const revisions = panel.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await revisions.nth(count - 1).waitFor();
  expect(await revisions.count()).toBe(count);
  expect(await revisions.first().textContent()).toContain('(current)');
  await revisions.last().getByRole('button').click();
  const changes = panel.getByRole('region', { name: 'Changes' });
  await changes.getByRole('heading', { name: `From the saved ${noun} to this revision` }).waitFor();
  await changes.locator('del').first().waitFor();
  const removed = (await changes.locator('del').allTextContents()).join(' ');
  for (const word of removedWords) expect(removed).toContain(word);
  return { panel, changes };
}

async function confirmRestore(page: Page, panel: Locator, changes: Locator, noun: string) {
  await changes.getByRole('button', { name: 'Restore' }).click();
  const ask = page.getByRole('alertdialog', { name: /^Restore the revision of / });
  await ask.waitFor();
  expect(await ask.textContent()).toContain(`replace the ${noun}'s as a new save`);
  await ask.getByRole('button', { name: 'Restore' }).click();
  await toast(page, 'Revision restored').waitFor();
  await panel.waitFor({ state: 'detached' });
}

describe('Pages and campaigns: History, restore and safe concurrent editing', () => {
  const e2e = setUpE2e();

  it('a page saved three times: History diffs the first save and restores it into the editor and the API', async () => {
    const title = `History page ${RUN}`;
    const created = await e2e.adminApi<SavedPage>('POST', '/api/pages', { title, content: 'Alpha bravo charlie.', meta_description: 'About alpha' });
    const { page, errors, close } = await e2e.openAsAdmin(`/admin/pages?q=${RUN}`, { heading: 'Pages' });

    // The last save renames the page too.
    const renamed = `${title} foxtrot`;
    for (const word of ['delta', 'echo', 'foxtrot']) {
      const editor = await openEditor(page, 'page', title);
      await editor.getByLabel('Meta description').fill(`About ${word}`);
      await appendMarkdown(page, editor, 'Content', ` ${word}`);
      if (word === 'foxtrot') await editor.getByRole('textbox', { name: 'Title (required)' }).fill(renamed);
      await saveAndClose(editor, 'Save Page');
    }
    const saved = await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`);
    expect(saved).toMatchObject({ title: renamed, content: 'Alpha bravo charlie. delta echo foxtrot', metaDescription: 'About foxtrot', version: created.version + 3 });

    // The create and the three saves; the oldest would take back every word added since, and the name.
    const { panel, changes } = await restoreOldest(page, await openEditor(page, 'page', renamed), 'page', 4, ['delta', 'echo', 'foxtrot']);
    await confirmRestore(page, panel, changes, 'page');
    // The heading names the page as restored.
    const editor = page.getByRole('region', { name: `Edit “${title}”` });
    await editor.waitFor();

    // The editor shows the restored text, and the API the page saved again, one version on.
    const content = editor.getByRole('textbox', { name: 'Content (Markdown)' });
    await expect.poll(() => content.textContent()).toBe('Alpha bravo charlie.');
    expect(await editor.getByLabel('Meta description').inputValue()).toBe('About alpha');
    const restored = await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`);
    expect(restored).toMatchObject({ title, content: 'Alpha bravo charlie.', metaDescription: 'About alpha', version: saved.version + 1 });
    const history = await e2e.adminApi<RevisionKinds>('GET', `/api/pages/${created.id}/revisions`);
    expect(history.items.map((item) => item.kind)).toEqual(['restore', 'save', 'save', 'save', 'save']);

    // The next save names the restored version: saved, not refused.
    await editor.getByLabel('Meta description').fill('About golf');
    await saveAndClose(editor, 'Save Page');
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({ metaDescription: 'About golf', version: restored.version + 1 });

    // The list's switch publishes without a version (a flag alone).
    await page.getByRole('switch', { name: `Published: ${title}` }).click();
    await page.getByRole('alertdialog', { name: `Publish “${title}”?` }).getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Page published').waitFor();
    await expect.poll(async () => (await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).isPublished).toBe(true);

    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('a restore that a colleague’s save beat asks again, naming the save, and Restore anyway restores over it', async () => {
    const title = `Beaten restore ${RUN}`;
    const created = await e2e.adminApi<SavedPage>('POST', '/api/pages', { title, content: 'Kilo lima.', meta_description: 'Kilo' });
    const second = await e2e.adminApi<SavedPage>('PATCH', `/api/pages/${created.id}`, { content: 'Kilo lima mike.', version: created.version });
    const { page, errors, close } = await e2e.openAsAdmin(`/admin/pages?q=${RUN}`, { heading: 'Pages' });
    const { panel, changes } = await restoreOldest(page, await openEditor(page, 'page', title), 'page', 2, ['mike']);
    // Someone saves while the History is open: the version the editor read is stale now.
    const theirs = await e2e.adminApi<SavedPage>('PATCH', `/api/pages/${created.id}`, { content: 'Kilo lima mike november.', version: second.version });

    await changes.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('alertdialog', { name: /^Restore the revision of / }).getByRole('button', { name: 'Restore' }).click();
    // Refused (409) and asked again, naming the save that came first; nothing is restored yet.
    const again = page.getByRole('alertdialog', { name: 'Restore over their save?' });
    await again.waitFor();
    expect(await again.textContent()).toMatch(/saved this page at .+ while you were editing\. Restoring now replaces their version/);
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({ content: 'Kilo lima mike november.', version: theirs.version });
    await reviewScreenshot(page, 'restore-over-their-save-1280', { fullPage: false });

    await again.getByRole('button', { name: 'Restore anyway' }).click();
    await toast(page, 'Revision restored').waitFor();
    await panel.waitFor({ state: 'detached' });
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({ content: 'Kilo lima.', version: theirs.version + 1 });
    // Their save is kept in the history, under the restore.
    const history = await e2e.adminApi<RevisionKinds>('GET', `/api/pages/${created.id}/revisions`);
    expect(history.items.map((item) => item.kind)).toEqual(['restore', 'save', 'save', 'save']);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await close();
  });

  it('two people, one page: the second save sees three choices, and Overwrite saves it', async () => {
    const title = `Shared page ${RUN}`;
    const created = await e2e.adminApi<SavedPage>('POST', '/api/pages', { title, content: 'Shared words.', meta_description: 'Our summary' });
    const colleague = await createUserViaApi(e2e, { isAdmin: true });
    const { token } = await signInViaApi(e2e.server.baseUrl, colleague.email, colleague.password);

    const mine = await e2e.openAsAdmin(`/admin/pages?q=${RUN}`, { heading: 'Pages' });
    const theirs = await e2e.open();
    await useSession(theirs.page, token);
    await theirs.page.goto(`/admin/pages?q=${RUN}`);
    const [myEditor, theirEditor] = [await openEditor(mine.page, 'page', title), await openEditor(theirs.page, 'page', title)];
    // Each sees the other is editing (decision 0081), and never themselves.
    const editing = (page: Page) => page.getByRole('status').filter({ hasText: /is editing this page/ });
    await expect.poll(() => editing(mine.page).textContent()).toContain(`${colleague.username} is editing this page`);
    await expect.poll(() => editing(theirs.page).textContent()).toMatch(/^\S+ is editing this page/);
    expect(await editing(theirs.page).textContent()).not.toContain(colleague.username);
    await reviewScreenshot(mine.page, 'presence-page-editor-1280', { fullPage: false });

    // They save first.
    await theirEditor.getByLabel('Meta description').fill('Their summary');
    await saveAndClose(theirEditor, 'Save Page');
    // Their editor closed: they are no longer editing.
    await editing(mine.page).waitFor({ state: 'detached' });

    // Then I do: refused, with their name, and three choices.
    const page = mine.page;
    await myEditor.getByLabel('Meta description').fill('My summary');
    await myEditor.getByRole('button', { name: 'Save Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${colleague.username} saved this page`);
    for (const name of ['Review their changes', 'Copy mine', 'Overwrite']) await dialog.getByRole('button', { name }).waitFor();
    await dialog.getByRole('button', { name: 'Review their changes' }).click();
    const diff = dialog.getByRole('region', { name: 'Their changes' });
    await diff.locator('del', { hasText: 'My' }).waitFor();
    await diff.locator('ins', { hasText: 'Their' }).waitFor();
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA })).toEqual([]);
    // Nothing was overwritten behind their back, and my editor is still open with my text.
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({ metaDescription: 'Their summary', version: created.version + 1 });

    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await myEditor.waitFor({ state: 'detached' });
    await toast(page, 'Page saved').waitFor();
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({ metaDescription: 'My summary', version: created.version + 2 });
    const history = await e2e.adminApi<RevisionKinds>('GET', `/api/pages/${created.id}/revisions`);
    expect(history.items.slice(0, 2).map((item) => item.createdByName)).toEqual([expect.any(String), colleague.username]);

    expect(unexpectedErrors(mine.errors, [409])).toEqual([]);
    expect(unexpectedErrors(theirs.errors)).toEqual([]);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('published from the list while the editor is open: the save asks, and Overwrite keeps it published', async () => {
    const title = `Switched page ${RUN}`;
    const created = await e2e.adminApi<SavedPage>('POST', '/api/pages', { title, content: 'Draft words.' });
    const { page, errors, close } = await e2e.openAsAdmin(`/admin/pages?q=${RUN}`, { heading: 'Pages' });
    const editor = await openEditor(page, 'page', title);
    // The list's switch sends no version (it changes no words), and moves the version on.
    expect(await e2e.adminApi<SavedPage>('PATCH', `/api/pages/${created.id}`, { is_published: true })).toMatchObject({ version: created.version + 1 });

    await editor.getByLabel('Meta description').fill('Written meanwhile');
    await editor.getByRole('button', { name: 'Save Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await editor.waitFor({ state: 'detached' });
    // My words are saved, and the editor, opened on the draft, did not take the publication back.
    expect(await e2e.adminApi<SavedPage>('GET', `/api/pages/${created.id}`)).toMatchObject({
      metaDescription: 'Written meanwhile',
      isPublished: true,
      version: created.version + 2,
    });
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await close();
  });

  it('a campaign: History restores at 375 px too, the editor autosaves without changing it, its switch needs no version', async () => {
    const name = `History campaign ${RUN}`;
    const created = await e2e.adminApi<SavedCampaign>('POST', '/api/campaigns', { name, description: 'Launch alpha', landing_page_content: 'Welcome aboard.' });
    const { page, errors, close } = await e2e.openAsAdmin();
    // The page's own clock, so the autosave's interval can be passed without waiting it out.
    await page.clock.install();
    await page.goto(`/admin/campaigns?q=${RUN}`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();

    for (const word of ['bravo', 'charlie']) {
      const editor = await openEditor(page, 'campaign', name);
      await editor.getByLabel('Description').fill(`Launch ${word}`);
      await appendMarkdown(page, editor, 'Landing page content', ` ${word}`);
      await saveAndClose(editor, 'Update Campaign');
    }
    const saved = await e2e.adminApi<SavedCampaign>('GET', `/api/campaigns/${created.id}`);
    expect(saved).toMatchObject({ description: 'Launch charlie', version: created.version + 2 });

    const editor = await openEditor(page, 'campaign', name);
    await page.setViewportSize(MOBILE);
    const { panel, changes } = await restoreOldest(page, editor, 'campaign', 3, ['charlie']);
    // 375 px: the panel and its Restore stay inside the screen.
    const box = await changes.getByRole('button', { name: 'Restore' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    await confirmRestore(page, panel, changes, 'campaign');
    await expect.poll(() => editor.getByLabel('Description').inputValue()).toBe('Launch alpha');
    await expect.poll(() => editor.getByRole('textbox', { name: 'Landing page content (Markdown)' }).textContent()).toBe('Welcome aboard.');
    const restored = await e2e.adminApi<SavedCampaign>('GET', `/api/campaigns/${created.id}`);
    expect(restored).toMatchObject({ description: 'Launch alpha', version: saved.version + 1 });

    // Unsaved text is autosaved once the interval passes: a revision of its own, the campaign as it was. The name,
    // blank while it is being retyped, is left out (the revision keeps the saved one), and the rest is kept.
    await editor.getByLabel('Description').fill('Launch draft in progress');
    await editor.getByLabel('Name').fill('');
    await page.clock.fastForward(AUTOSAVE_INTERVAL_MS);
    await expect
      .poll(async () => (await e2e.adminApi<RevisionKinds>('GET', `/api/campaigns/${created.id}/revisions`)).items[0]?.kind)
      .toBe('autosave');
    const [autosave] = (await e2e.adminApi<{ items: Array<{ id: number }> }>('GET', `/api/campaigns/${created.id}/revisions`)).items;
    expect((await e2e.adminApi<{ fields: object }>('GET', `/api/campaigns/${created.id}/revisions/${autosave!.id}`)).fields).toMatchObject({
      name,
      description: 'Launch draft in progress',
    });
    expect(await e2e.adminApi<SavedCampaign>('GET', `/api/campaigns/${created.id}`)).toMatchObject({ description: 'Launch alpha', version: restored.version });

    // The list's switch deactivates without a version (a flag alone).
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: `Active: ${name}` }).click();
    await page.getByRole('alertdialog', { name: `Deactivate “${name}”?` }).getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(async () => (await e2e.adminApi<SavedCampaign>('GET', `/api/campaigns/${created.id}`)).isActive).toBe(false);

    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
