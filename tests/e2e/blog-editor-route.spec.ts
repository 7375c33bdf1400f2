/**
 * The post editor as a view of its own (issue 37, decision 0072): New Post and Edit open /admin/blog/new and
 * /admin/blog/:id/edit with the title focused; a reload opens the same post; its code loads only then; Settings is a
 * side panel at 1280 px and a sheet at 375 px; the admin sidebar steps aside while it is open; at 375 px the title is
 * on the first screen, and Publish and the Markdown toolbar stay one line; back to Posts returns to the list as it
 * was, focus on the post's Edit (or New Post).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPostSettings, shoot, useTheme } from './admin-helpers.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors, useSession } from './fixtures.ts';

const RUN = Date.now().toString(36);
const TITLE = `Own route post ${RUN}`;
const EDIT_URL = /^\/admin\/blog\/([0-9a-f-]{36})\/edit$/;

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title (required)', exact: true });
const isFocused = (page: Page, selector: ReturnType<Page['locator']>) =>
  selector.evaluate((element) => element === document.activeElement);

/** The top bar's parts that lie over each other (none: the heading, the badge and each button have their own box). */
const topBarOverlaps = (page: Page) =>
  page.getByRole('group', { name: /^(Edit|New) post$/ }).evaluate((bar) => {
    const parts = [...bar.querySelectorAll('h1, [data-slot="badge"], button')].map((element) => ({ name: element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }));
    return parts.flatMap((a, index) =>
      parts
        .slice(index + 1)
        .filter((b) => a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1)
        .map((b) => `${a.name} / ${b.name}`),
    );
  });

describe('The post editor on its own route', () => {
  const e2e = setUpE2e();

  it('opens on /admin/blog/:id/edit with the title focused, survives a reload, and goes back to the Edit it came from', async () => {
    await e2e.adminApi('POST', '/api/blog-posts', { title: TITLE, content: 'Body.', category: 'General' });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The list filtered to the post: back from the editor, the filter is still there.
    await page.getByLabel('Search posts').fill(TITLE);
    await page.waitForURL((url) => url.searchParams.get('q') === TITLE);
    const edit = page.getByRole('list', { name: 'Blog posts' }).getByRole('button', { name: `Edit ${TITLE}` });
    await edit.waitFor();
    // The list sits in the admin frame, its sidebar beside it; the editor takes the whole width (Ghost's does).
    const sidebar = page.getByRole('navigation', { name: 'Admin', exact: true });
    expect(await sidebar.isVisible()).toBe(true);
    // The list does not load the editor's code.
    expect(scripts.filter((path) => path.includes('blog-editor'))).toEqual([]);

    await edit.click();
    await page.waitForURL((url) => EDIT_URL.test(url.pathname));
    expect(scripts.filter((path) => path.includes('blog-editor')).length).toBe(1);
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await expect.poll(() => titleField(page).inputValue()).toBe(TITLE);
    await expect.poll(() => isFocused(page, titleField(page))).toBe(true);
    expect(await sidebar.count()).toBe(0);
    const id = EDIT_URL.exec(new URL(page.url()).pathname)?.[1];

    // Settings beside the text at 1280 px: a side panel, not a modal dialog; the title stays reachable.
    await openPostSettings(page);
    expect(await page.getByRole('complementary', { name: 'Settings' }).count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Settings' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Category' }).waitFor();
    await titleField(page).click();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await page.locator('#post-settings-panel').waitFor({ state: 'detached' });

    // A reload opens the same post.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/blog/${id}/edit`);
    await expect.poll(() => titleField(page).inputValue()).toBe(TITLE);
    await expect.poll(() => isFocused(page, titleField(page))).toBe(true);

    // Back to Posts: the list as it was, focus on the post's Edit.
    await page.getByRole('button', { name: 'Back to Posts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Management' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(TITLE);
    await expect.poll(() => isFocused(page, edit)).toBe(true);

    // New Post: its own address, the title focused; Cancel comes back to New Post.
    const newPost = page.getByRole('button', { name: 'New Post' });
    await newPost.click();
    await page.waitForURL((url) => url.pathname === '/admin/blog/new');
    await page.getByRole('heading', { level: 1, name: 'New Post' }).waitFor();
    await expect.poll(() => isFocused(page, titleField(page))).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Management' }).waitFor();
    await expect.poll(() => isFocused(page, newPost)).toBe(true);

    // An edit saved: back on the post's Edit, the toast says so.
    await edit.click();
    await expect.poll(() => isFocused(page, titleField(page))).toBe(true);
    await page.getByRole('group', { name: 'Edit post' }).getByRole('button', { name: 'Save draft' }).click();
    await toast(page, 'Draft saved').waitFor();
    await expect.poll(() => isFocused(page, edit)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 1024 px the side panel opens over the text, below the top bar: Publish stays free', async () => {
    const post = await e2e.adminApi<{ id: string }>('POST', '/api/blog-posts', { title: `${TITLE} 1024`, content: 'Body.', category: 'General' });
    const { page, errors, close } = await e2e.openAsAdmin(`/admin/blog/${post.id}/edit`, { viewport: { width: 1024, height: 800 }, heading: 'Edit Post' });
    await openPostSettings(page);
    const panel = page.getByRole('complementary', { name: 'Settings' });
    const publish = page.getByRole('group', { name: 'Edit post' }).getByRole('button', { name: 'Publish', exact: true });
    const barBottom = await page.getByRole('group', { name: 'Edit post' }).evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom - 1);
    // What is under Publish's middle is Publish itself, not the panel.
    expect(
      await publish.evaluate((button) => {
        const { x, y, width, height } = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      }),
    ).toBe(true);
    expect(await topBarOverlaps(page)).toEqual([]);
    await shoot(page, 'blog-editor-settings-1024');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`at 375 px (${theme}): the title on the first screen, Publish on one line, Settings a sheet`, async () => {
      const post = await e2e.adminApi<{ id: string }>('POST', '/api/blog-posts', { title: `${TITLE} ${theme}`, content: 'Body.', category: 'General' });
      const { page, context, errors, close } = await e2e.open(MOBILE);
      await useTheme(context, theme);
      await useSession(page, e2e.adminToken);
      // Straight to the editor's address, as a link or ⌘K does.
      await page.goto(`/admin/blog/${post.id}/edit`);
      await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
      await expect.poll(() => titleField(page).inputValue()).toBe(`${TITLE} ${theme}`);
      await expect.poll(() => isFocused(page, titleField(page))).toBe(true);

      // The title field is on the first screen.
      const titleBox = (await titleField(page).boundingBox())!;
      expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(MOBILE.height);
      // Publish: inside the screen, and its label on one line (the box is one line high).
      const publish = page.getByRole('group', { name: 'Edit post' }).getByRole('button', { name: 'Publish', exact: true });
      const box = await publish.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0).map((rect) => Math.round(rect.top)));
        const { right, height } = button.getBoundingClientRect();
        return { right, height, lines: lines.size, lineHeight: parseFloat(getComputedStyle(button).lineHeight) };
      });
      expect(box.right).toBeLessThanOrEqual(MOBILE.width);
      expect(await topBarOverlaps(page)).toEqual([]);
      expect(box.lines).toBe(1);
      expect(box.height).toBeLessThan(box.lineHeight * 2 + 4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      // The Markdown toolbar's buttons on one row: none wraps alone onto a line of its own.
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      await toolbar.getByRole('button', { name: 'Tab indents' }).waitFor();
      const toolbarRows = await toolbar
        .getByRole('button')
        .evaluateAll((buttons) => {
          // The visible buttons (the upload's file input is a visually hidden 1 px box).
          const boxes = buttons.map((button) => button.getBoundingClientRect()).filter((box) => box.width > 1);
          return new Set(boxes.map((box) => Math.round(box.top))).size;
        });
      expect(toolbarRows).toBe(1);
      await shoot(page, `blog-editor-375-${theme}`);

      // Settings: a sheet (a modal dialog) at 375 px; Esc closes it and focus goes back to its button.
      const settings = page.getByRole('button', { name: 'Settings', exact: true });
      await openPostSettings(page);
      const sheet = page.getByRole('dialog', { name: 'Settings' });
      await sheet.getByRole('combobox', { name: 'Category' }).waitFor();
      await shoot(page, `blog-editor-settings-375-${theme}`);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(page, settings)).toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });

    it(`at 1280 px (${theme}): the settings panel docked beside the text, the page no taller`, async () => {
      const post = await e2e.adminApi<{ id: string }>('POST', '/api/blog-posts', { title: `${TITLE} wide ${theme}`, content: 'Body.\n\nMore body.', category: 'General' });
      const { page, context, close } = await e2e.open();
      await useTheme(context, theme);
      await useSession(page, e2e.adminToken);
      await page.goto(`/admin/blog/${post.id}/edit`);
      await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
      await expect.poll(() => titleField(page).inputValue()).toBe(`${TITLE} wide ${theme}`);
      await page.getByRole('textbox', { name: 'Content (Markdown)' }).waitFor();
      await shoot(page, `blog-editor-1280-${theme}`);
      const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
      const heightWithoutPanel = await pageHeight();
      await openPostSettings(page);
      await page.getByRole('combobox', { name: 'Category' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      // The panel scrolls within itself: the page is no taller with it open.
      expect(await pageHeight()).toBeLessThanOrEqual(heightWithoutPanel);
      await shoot(page, `blog-editor-settings-1280-${theme}`);
      await close();
    });
  }
});
