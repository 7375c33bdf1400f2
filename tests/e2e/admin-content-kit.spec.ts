/**
 * Pages, Campaigns and FAQ & help on the admin kit (issue 26 §2–§3), in Chromium at 1280 and 375 px: create, edit
 * and delete through the screens; the one Markdown editor (a list ends with one Enter on its empty item, Preview
 * by the public renderer); a taken slug shown under Slug from the server's details; focus back on the opener after
 * Esc and Cancel (dialogs) and after leaving an editor; deletes that name what they delete; no sideways scroll
 * with long titles; axe with no serious or critical violation in light and dark.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanInBothThemes, expectFocusOn } from './admin-helpers.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors, waitForToast } from './fixtures.ts';

const STAMP = Date.now().toString(36);
/** Long enough to wrap at 1280 px, with one long unbroken word for 375 px. */
const longTitle = (what: string) =>
  `${what} ${STAMP} about Capturingthoughtsfromthesystemtraywithoutbreakingyourflow and everything that follows from it`;

/** Asks for the delete, checks the dialog names `name`, that Esc and Cancel change nothing and give focus back. */
async function confirmDelete(page: Page, deleteButton: Locator, title: string) {
  const buttonName = (await deleteButton.getAttribute('aria-label')) ?? '';
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: title });
  await confirm.waitFor();
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  await expectFocusOn(page, buttonName);
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expectFocusOn(page, buttonName);
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

describe('Pages, Campaigns and FAQ on the admin kit', () => {
  const e2e = setUpE2e();

  it('pages at 1280 px: the editor ends a list with one Enter, creates, edits and deletes, focus back on the opener', async () => {
    const title = longTitle('Page');
    const { page, errors, close } = await e2e.openAsAdmin('/admin/pages', { heading: 'Pages' });
    await page.getByRole('table', { name: 'Pages' }).or(page.getByText('No pages yet.')).waitFor();

    // Leaving the editor gives the keyboard back to New Page.
    const newPage = page.getByRole('button', { name: 'New Page' }).first();
    await newPage.click();
    const editor = page.getByRole('region', { name: 'New page' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    await expectFocusOn(page, 'New Page');

    await newPage.click();
    await editor.getByRole('button', { name: 'Create Page' }).click();
    await editor.getByText('Title is required').waitFor();
    await editor.getByLabel('Title').fill(title);
    // Enter continues the list; one Enter on the empty item leaves it, with a blank line so the next words are a paragraph.
    await editor.getByRole('textbox', { name: 'Content (Markdown)' }).click();
    await page.keyboard.type('- one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After the list');
    await editor.getByRole('tab', { name: 'Preview' }).click();
    const preview = editor.locator('[data-preview-content]');
    await preview.locator('p', { hasText: 'After the list' }).waitFor();
    expect(await preview.locator('ul > li').allTextContents()).toEqual(['one', 'two']);
    await expectCleanInBothThemes(page, 'page-editor-1280');
    await editor.getByRole('button', { name: 'Create Page' }).click();
    await toast(page, 'Page created').waitFor();
    const row = page.getByTestId('page-row').filter({ hasText: title });
    await row.waitFor();
    await expectCleanInBothThemes(page, 'pages-1280');

    // Edited: back on the list, the keyboard is on the row's Edit button.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('region', { name: `Edit “${title}”` });
    await edit.getByLabel('Meta description').fill('A page about the tray.');
    await edit.getByRole('switch', { name: 'Published' }).click();
    await edit.getByRole('button', { name: 'Save Page' }).click();
    await toast(page, 'Page saved').waitFor();
    await row.getByRole('link').waitFor();
    await expectFocusOn(page, `Edit ${title}`);

    await confirmDelete(page, row.getByRole('button', { name: `Delete ${title}` }), `Delete the page “${title}”?`);
    await toast(page, 'Page deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('campaigns at 1280 px: a taken slug shows under Slug, create, edit and delete through the screen', async () => {
    const name = longTitle('Campaign');
    const { page, errors, close } = await e2e.openAsAdmin('/admin/campaigns', { heading: 'Campaigns' });
    await page.getByTestId('campaign-row').first().waitFor();
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const editor = page.getByRole('region', { name: 'New campaign' });
    await editor.getByLabel('Name').fill(name);
    // The seeded campaign's slug: the server's 409 names the field, and the form shows it there.
    await editor.getByLabel('Slug').fill('back-to-school');
    await editor.getByRole('textbox', { name: 'Landing page content (Markdown)' }).click();
    await page.keyboard.type('## Launch week');
    await editor.getByRole('button', { name: 'Create Campaign' }).click();
    const slugField = editor.locator('[data-slot="field"]').filter({ has: page.getByLabel('Slug') });
    await slugField.getByText('The slug "back-to-school" is already used by another campaign').waitFor();
    expect(await editor.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    await editor.getByLabel('Slug').fill('');
    await expectCleanInBothThemes(page, 'campaign-editor-1280');
    await editor.getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created successfully!').waitFor();
    const row = page.getByTestId('campaign-row').filter({ hasText: name });
    await row.waitFor();
    await expectCleanInBothThemes(page, 'campaigns-1280');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('region', { name: `Edit “${name}”` });
    await edit.getByLabel('Conversion goal').fill('Tray installs');
    await edit.getByRole('button', { name: 'Update Campaign' }).click();
    await waitForToast(page, 'Campaign updated successfully!');
    await row.getByText('Goal: Tray installs').waitFor();
    await expectFocusOn(page, `Edit ${name}`);

    await confirmDelete(page, row.getByRole('button', { name: `Delete ${name}` }), `Delete the campaign “${name}”?`);
    await toast(page, 'Campaign deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await close();
  });

  it('FAQ at 1280 px: the Edit dialog gives focus back after Esc and Cancel, the answer is Markdown, delete names the question', async () => {
    const question = longTitle('Question');
    const { page, errors, close } = await e2e.openAsAdmin('/admin/faq', { heading: 'FAQ Management' });
    await page.getByRole('table', { name: 'FAQs' }).waitFor();
    await page.getByRole('button', { name: 'Add FAQ', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add FAQ' });
    await add.getByLabel('Question').fill(question);
    await add.getByRole('textbox', { name: 'Answer (Markdown)' }).click();
    await page.keyboard.type('Yes: **export** from the tray.');
    await add.getByRole('button', { name: 'Add FAQ' }).click();
    await toast(page, 'FAQ added successfully').waitFor();
    const row = page.getByTestId('faq-row').filter({ hasText: question });
    await row.waitFor();
    await expectCleanInBothThemes(page, 'faq-1280');

    const editButton = row.getByRole('button', { name: `Edit ${question}` });
    const dialog = page.getByRole('dialog', { name: 'Edit FAQ' });
    await editButton.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, `Edit ${question}`);
    await editButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, `Edit ${question}`);

    await editButton.click();
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    expect(await dialog.locator('[data-preview-content] strong').textContent()).toBe('export');
    await expectCleanInBothThemes(page, 'faq-edit-1280');
    await dialog.getByRole('tab', { name: 'Write' }).click();
    await dialog.getByLabel('Display Order').fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'FAQ updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, `Edit ${question}`);

    await confirmDelete(
      page,
      row.getByRole('button', { name: `Delete ${question}` }),
      `Delete the FAQ “${question}”?`,
    );
    await toast(page, 'FAQ deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('pages at 375 px: a long title fits the card and the editor, axe clean in light and dark, delete from the card', async () => {
    const title = longTitle('Narrow page');
    await e2e.adminApi('POST', '/api/pages', { title, content: '- one\n- two' });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/pages', { viewport: MOBILE, heading: 'Pages' });
    const card = page.getByTestId('page-card').filter({ hasText: title });
    await card.waitFor();
    await expectCleanInBothThemes(page, 'pages-375');
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await page
      .getByRole('region', { name: `Edit “${title}”` })
      .getByRole('textbox', { name: 'Content (Markdown)' })
      .waitFor();
    await expectCleanInBothThemes(page, 'page-editor-375');
    await page.getByRole('button', { name: 'All pages' }).click();
    await expectFocusOn(page, `Edit ${title}`);
    await confirmDelete(page, card.getByRole('button', { name: `Delete ${title}` }), `Delete the page “${title}”?`);
    await toast(page, 'Page deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('campaigns at 375 px: a long name fits the card and the editor, axe clean in light and dark', async () => {
    const name = longTitle('Narrow campaign');
    await e2e.adminApi('POST', '/api/campaigns', { name });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/campaigns', {
      viewport: MOBILE,
      heading: 'Campaigns',
    });
    const card = page.getByTestId('campaign-card').filter({ hasText: name });
    await card.waitFor();
    await expectCleanInBothThemes(page, 'campaigns-375');
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await page
      .getByRole('region', { name: `Edit “${name}”` })
      .getByRole('textbox', { name: 'Landing page content (Markdown)' })
      .waitFor();
    await expectCleanInBothThemes(page, 'campaign-editor-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('FAQ at 375 px: a long question fits its card, the Add FAQ form with its editor fits, axe clean in light and dark', async () => {
    const question = longTitle('Narrow question');
    await e2e.adminApi('POST', '/api/faqs', { question, answer: 'Short.' });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/faq', {
      viewport: MOBILE,
      heading: 'FAQ Management',
    });
    const card = page.getByTestId('faq-card').filter({ hasText: question });
    await card.waitFor();
    // Issue 37 §11: the list first — its first card on the first screen, no form above it.
    const firstCard = page.getByTestId('faq-card').first();
    expect(await firstCard.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(MOBILE.height);
    await expectCleanInBothThemes(page, 'faq-375');
    // Add FAQ opens the form with its editor in a panel that fits the phone.
    await page.getByRole('button', { name: 'Add FAQ', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add FAQ' });
    await add.getByRole('textbox', { name: 'Answer (Markdown)' }).waitFor();
    await expect.poll(async () => add.boundingBox().then((box) => box && [Math.round(box.x), Math.round(box.width)])).toEqual([0, MOBILE.width]);
    await expectCleanInBothThemes(page, 'faq-add-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
