/**
 * Focus after dialogs, confirmations, menus and saves on Users and Blog (issue 37 §1, decision 0052): after each
 * close — Esc, Cancel, a confirmed change, a saved form, an upload — focus is on the control that opened it, or
 * where the rule sends it when that is gone (the next row, the list's heading), never on <body>, where the next
 * Tab would start again at the top of the page. And Tab leaves the Markdown editor unless "Tab indents" is on.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';
import { openPostSettings } from './admin-helpers.ts';

const RUN = Date.now().toString(36);
/** A 1×1 PNG, uploaded through the editor. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Where focus is: on <body>, inside <main>, and the focused element's name. */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      isBody: element === null || element === document.body,
      isInMain: Boolean(element?.closest('main')),
      name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });

/** Focus has come back to `control` (polled: it returns when the dialog's closing has finished). */
async function expectFocusOn(page: Page, control: Locator) {
  await expect.poll(() => control.evaluate((element) => element === document.activeElement)).toBe(true);
  expect((await focusState(page)).isBody).toBe(false);
}

/** Focus is somewhere sensible in the page's main region, not on <body>. */
async function expectFocusInMain(page: Page) {
  await expect.poll(async () => (await focusState(page)).isInMain).toBe(true);
}

describe('Focus returns to the opener (decision 0052)', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });

  it('Users: the access menu and its confirmation, Edit, Add User and Delete give focus back', async () => {
    const member = await createUserViaApi(e2e);
    const other = await createUserViaApi(e2e);
    const { page, errors, close } = await e2e.openAsAdmin('/admin/users', { heading: 'User Management' });
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('button', { name: `Edit ${member.username}` }).waitFor();
    const accessMenu = page.getByRole('button', { name: `Change access of ${member.username}` });
    const confirmRole = page.getByRole('alertdialog', { name: `Make ${member.username} an admin?` });

    // The confirmation, opened from a menu item: back on the menu's button after Esc, Cancel and the change.
    await accessMenu.click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await confirmRole.waitFor();
    await page.keyboard.press('Escape');
    await confirmRole.waitFor({ state: 'hidden' });
    await expectFocusOn(page, accessMenu);

    await accessMenu.press('Enter');
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await confirmRole.getByRole('button', { name: 'Cancel' }).click();
    await confirmRole.waitFor({ state: 'hidden' });
    await expectFocusOn(page, accessMenu);

    await accessMenu.click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    await confirmRole.getByRole('button', { name: 'Make admin' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await confirmRole.waitFor({ state: 'hidden' });
    // The row is drawn again with the new role: focus is on its menu button, and stays there.
    await users.getByRole('row').filter({ hasText: member.email }).getByText('Admin', { exact: true }).waitFor();
    await expectFocusOn(page, accessMenu);

    // The edit dialog: Esc, Cancel, and a saved change.
    const edit = page.getByRole('button', { name: `Edit ${member.username}` });
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await edit.click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, edit);
    await edit.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, edit);
    await edit.click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, edit);

    // Add User: a new record; focus goes back to the button that opened the form.
    const addUser = page.getByRole('button', { name: 'Add User' });
    await addUser.click();
    const addDialog = page.getByRole('dialog', { name: 'Add User' });
    await addDialog.getByLabel('Username').fill(`focus-${RUN}`);
    await addDialog.getByLabel('Email').fill(`focus-${RUN}@example.com`);
    await addDialog.getByLabel('Password').fill('focus-password-1');
    await addDialog.getByRole('button', { name: 'Create User' }).click();
    await addDialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, addUser);

    // Delete: the row is gone, so focus moves to what is there now — inside the list, not the top of the page.
    await page.getByRole('button', { name: `Delete ${other.username}` }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete user?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted successfully').waitFor();
    await page.getByRole('button', { name: `Delete ${other.username}` }).waitFor({ state: 'detached' });
    await expectFocusInMain(page);
    expect((await focusState(page)).name).not.toBe('');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Blog: New Post, Edit, the publishing confirmations, an upload and Update give focus back', async () => {
    const title = `Focus post ${RUN}`;
    await e2e.adminApi('POST', '/api/blog-posts', { title, content: 'Body.', category: 'General' });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const postsList = page.getByRole('list', { name: 'Blog posts' });
    const editButton = postsList.getByRole('button', { name: `Edit ${title}` });
    await editButton.waitFor();

    // New Post: the editor opens on its own address with the title focused; Cancel comes back to New Post.
    const newPost = page.getByRole('button', { name: 'New Post' });
    const titleField = page.getByRole('textbox', { name: 'Title (required)', exact: true });
    await newPost.click();
    await expectFocusOn(page, titleField);
    await page.getByRole('group', { name: 'New post' }).getByRole('button', { name: 'Cancel' }).click();
    await expectFocusOn(page, newPost);

    // A saved new post: back on New Post.
    await newPost.click();
    await page.getByRole('textbox', { name: 'Title (required)', exact: true }).fill(`Focus draft ${RUN}`);
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).fill('Draft body.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast(page, 'Draft saved').waitFor();
    await expectFocusOn(page, newPost);

    // Edit: the title first.
    await editButton.click();
    const header = page.getByRole('group', { name: 'Edit post' });
    await expectFocusOn(page, titleField);

    // An upload: focus stays on the button that started it, through the wait (with a cover, it reads "Replace").
    const upload = page.getByRole('button', { name: 'Upload cover image' });
    const chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Image uploaded').waitFor();
    await expectFocusOn(page, page.getByRole('button', { name: 'Replace cover image' }));

    // Publish: Esc and Cancel come back to Publish; the confirmed step comes back to the post's Edit.
    const publish = header.getByRole('button', { name: 'Publish', exact: true });
    const confirmPublish = page.getByRole('alertdialog', { name: `Publish "${title}"?` });
    await publish.click();
    await page.keyboard.press('Escape');
    await confirmPublish.waitFor({ state: 'hidden' });
    await expectFocusOn(page, publish);
    await publish.click();
    await confirmPublish.getByRole('button', { name: 'Cancel' }).click();
    await confirmPublish.waitFor({ state: 'hidden' });
    await expectFocusOn(page, publish);
    await publish.click();
    await confirmPublish.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Post published').waitFor();
    await expectFocusOn(page, editButton);

    // Update of the live post asks, then comes back to Edit.
    await editButton.click();
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Update the live post?' }).getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Post updated').waitFor();
    await expectFocusOn(page, editButton);

    // Schedule → confirm: back on Edit.
    await editButton.click();
    await header.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('alertdialog', { name: `Unpublish "${title}"?` }).getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'Post unpublished').waitFor();
    await expectFocusOn(page, editButton);
    await editButton.click();
    await openPostSettings(page);
    await page.getByRole('button', { name: /^Publish date: / }).click();
    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /15th/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await header.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alertdialog', { name: `Schedule "${title}"?` }).getByRole('button', { name: 'Schedule' }).click();
    await toast(page, 'Post scheduled for').waitFor();
    await expectFocusOn(page, editButton);

    // Delete: the post is gone; focus stays in the list's part of the page.
    await postsList.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
    await editButton.waitFor({ state: 'detached' });
    await expectFocusInMain(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Tab leaves the Markdown editor, unless "Tab indents" is on (remembered); the editor shows its focus', async () => {
    const { page, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    await page.getByRole('button', { name: 'New Post' }).click();
    const content = page.getByRole('textbox', { name: 'Content (Markdown)' });
    const isInEditor = () => content.evaluate((element) => element.contains(document.activeElement));
    const toggle = page.getByRole('button', { name: 'Tab indents' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await content.click();
    await page.keyboard.type('Body.');
    await page.keyboard.press('Tab');
    await expect.poll(isInEditor).toBe(false);
    expect(await content.textContent()).toBe('Body.');
    // Shift+Tab comes back from the control after it: the keyboard is never trapped either way.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(isInEditor).toBe(true);

    await toggle.click();
    await content.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('- item');
    await page.keyboard.press('Tab');
    expect(await isInEditor()).toBe(true);
    expect(await content.textContent()).not.toBe('- item');
    // The editing area shows a focus ring on its frame.
    const ring = await page.locator('[data-slot="markdown-editor"]').evaluate((frame) => getComputedStyle(frame).boxShadow);
    expect(ring).not.toBe('none');
    expect(await page.evaluate(() => localStorage.getItem('markdown-editor-tab'))).toBe('indents');
    // Remembered: an editor opened again starts with it on.
    await page.getByRole('group', { name: 'New post' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('button', { name: 'New Post' }).click();
    expect(await page.getByRole('button', { name: 'Tab indents' }).getAttribute('aria-pressed')).toBe('true');
    await close();
  });
});
