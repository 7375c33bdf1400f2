/**
 * The blog's publishing workflow (issue 26 §4): the editor's explicit steps change what /blog shows — Publish puts
 * a draft on it, Unpublish takes it off, Schedule keeps it off until its date; a cancelled Publish changes nothing
 * and gives focus back to the button; the Settings sheet fits 375 px with long titles; the /blog cards show the
 * featured image with its box reserved; axe finds nothing serious on the blog admin in light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA } from './axe.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, toast, unexpectedErrors, useSession } from './fixtures.ts';
import { openPostSettings } from './admin-helpers.ts';

const RUN = Date.now().toString(36);
/** A 1×1 PNG, stored through the uploads API so the card's image loads from the site itself. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Post = { id: string; slug: string; title: string; status: string };

describe('Blog publishing workflow', () => {
  const e2e = setUpE2e();
  const createPost = (title: string, body: Record<string, unknown> = {}) =>
    e2e.adminApi<Post>('POST', '/api/blog-posts', { title, content: `Body of ${title}.`, category: 'Engineering', ...body });
  const blogLists = async (title: string) => (await (await e2e.request('GET', '/blog')).text()).includes(title);
  const postsList = (page: Page) => page.getByRole('list', { name: 'Blog posts' });
  const openEditor = async (page: Page, title: string) => {
    await page.getByLabel('Search posts').fill(title);
    await postsList(page).getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
  };
  const savedStatus = async (id: string) => (await e2e.adminApi<Post>('GET', `/api/blog-posts/${id}`)).status;

  it('publish, unpublish and schedule from the editor change what /blog shows', async () => {
    const title = `Workflow post ${RUN}`;
    const post = await createPost(title);
    expect(await blogLists(title)).toBe(false);
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    await postsList(page).waitFor();

    // A draft: the badge says so; Save draft and Publish are the steps.
    await openEditor(page, title);
    const header = page.getByRole('group', { name: 'Edit post' });
    await header.getByText('Draft', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Save draft' }).waitFor();
    await header.getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = page.getByRole('alertdialog', { name: `Publish "${title}"?` });
    await publish.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Post published').waitFor();
    await postsList(page).getByRole('listitem').filter({ hasText: title }).getByText('Published', { exact: true }).waitFor();
    expect(await blogLists(title)).toBe(true);

    // Published: Update and Unpublish; unpublishing asks, then /blog no longer lists it.
    await openEditor(page, title);
    await header.getByText('Published', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Update', exact: true }).waitFor();
    await header.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('alertdialog', { name: `Unpublish "${title}"?` }).getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'Post unpublished').waitFor();
    expect(await savedStatus(post.id)).toBe('draft');
    expect(await blogLists(title)).toBe(false);

    // A date still to come turns Publish into Schedule; the post stays off /blog.
    await openEditor(page, title);
    await openPostSettings(page);
    await page.getByRole('button', { name: /^Publish date: / }).click();
    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /15th/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect(await header.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    await header.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alertdialog', { name: `Schedule "${title}"?` }).getByRole('button', { name: 'Schedule' }).click();
    await toast(page, 'Post scheduled for').waitFor();
    await postsList(page).getByRole('listitem').filter({ hasText: title }).getByText('Scheduled', { exact: true }).waitFor();
    expect(await savedStatus(post.id)).toBe('scheduled');
    expect(await blogLists(title)).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('a cancelled publish changes nothing and gives focus back to Publish (Cancel and Esc)', async () => {
    const title = `Not yet ${RUN}`;
    const post = await createPost(title);
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    await postsList(page).waitFor();
    await openEditor(page, title);
    const publishButton = page.getByRole('group', { name: 'Edit post' }).getByRole('button', { name: 'Publish', exact: true });
    const isFocused = () => publishButton.evaluate((button) => button === document.activeElement);
    const dialog = page.getByRole('alertdialog', { name: `Publish "${title}"?` });

    await publishButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(isFocused).toBe(true);

    await publishButton.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(isFocused).toBe(true);

    expect(await savedStatus(post.id)).toBe('draft');
    expect(await blogLists(title)).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('fits the Settings sheet at 375 px with a long title and long related-post titles', async () => {
    const long = (word: string) => `${word}${'Unbreakable'.repeat(8)} ${'and a long title that goes on '.repeat(2)}${RUN}`;
    await createPost(long('Related'));
    await createPost(long('Another'));
    const title = long('Main');
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { viewport: MOBILE, heading: 'Blog Management' });
    await postsList(page).waitFor();
    await createPost(title);
    await page.reload();
    await postsList(page).waitFor();
    await openEditor(page, title);
    await openPostSettings(page);
    await page.getByRole('checkbox', { name: long('Related') }).waitFor();
    // Nothing wider than the phone's 375 px (a mobile browser widens its layout viewport to fit what sticks out, so
    // the check is against the device width): not the page, and no element of the settings sheet.
    const sticksOut = await page.evaluate((width) => [
      ...(document.documentElement.scrollWidth > width ? [`the page: ${document.documentElement.scrollWidth} px`] : []),
      ...[...document.querySelectorAll('#post-settings-panel *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 40) ?? ''}`),
    ], MOBILE.width);
    expect(sticksOut).toEqual([]);
    await reviewScreenshot(page, 'blog-editor-settings-long-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows the featured image on /blog cards, lazy and with width and height so nothing shifts', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
    const upload = await fetch(new URL('/api/uploads', e2e.server.baseUrl), {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${e2e.adminToken}` },
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const title = `With a cover ${RUN}`;
    await createPost(title, { is_published: true, featured_image_url: url });

    const { page, errors, close } = await e2e.open(DESKTOP);
    await page.goto('/blog');
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('link', { name: title }) });
    const image = card.locator('img[data-post-card-image]');
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(url);
    expect(await image.getAttribute('width')).toBe('1200');
    expect(await image.getAttribute('height')).toBe('630');
    expect(await image.getAttribute('alt')).toBe('');
    // Lazy below the fold; the featured card leading the page loads at once.
    expect(['lazy', 'eager']).toContain(await image.getAttribute('loading'));
    const box = await image.boundingBox();
    expect(box && box.height > 0 && Math.abs(box.width / box.height - 1200 / 630) < 0.05).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious axe violation on the blog admin and the editor in ${theme}`, async () => {
      const { page, context, errors, close } = await e2e.open(DESKTOP);
      await context.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      await useSession(page, e2e.adminToken);
      await page.goto('/admin/blog');
      await page.getByRole('heading', { name: 'Blog Management', level: 1 }).waitFor();
      await postsList(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await seriousAxeViolations(page, { tags: WCAG22_AA }), `list (${theme})`).toEqual([]);
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByRole('textbox', { name: 'Content (Markdown)' }).waitFor();
      expect(await seriousAxeViolations(page, { tags: WCAG22_AA }), `editor (${theme})`).toEqual([]);
      await openPostSettings(page);
      expect(await seriousAxeViolations(page, { tags: WCAG22_AA }), `settings (${theme})`).toEqual([]);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Post preview' }).waitFor();
      expect(await seriousAxeViolations(page, { tags: WCAG22_AA }), `preview (${theme})`).toEqual([]);
      await reviewScreenshot(page, `blog-admin-preview-${theme}-1280`);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }
});
