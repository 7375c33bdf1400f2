/**
 * The cover image as a picture (issue 37 §6) through the one image upload control (issue 38): an uploaded cover
 * shows as a picture with Replace / Remove and an alt-text field; the alt text is saved with the post and is the
 * `alt` of the cover on the post page and its /blog card; publishing without it warns (and still publishes);
 * Remove takes the cover off.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focusedName } from './admin-helpers.ts';
import { DESKTOP, reviewScreenshot, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';

const RUN = Date.now().toString(36);
/** A 2×1 PNG: the upload endpoint recognises images by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGM4UaHxX86m4j8AEpcEOVYoEZQAAAAASUVORK5CYII=',
  'base64',
);
const ALT = `A lighthouse at dusk, "${RUN}" & <friends>`;
const NO_ALT_WARNING = 'The cover image has no alt text';

type Post = { id: string; title: string; slug: string; status: string; featuredImageUrl: string | null; featuredImageAlt: string | null };

describe('The cover image: a picture with Replace / Remove and alt text', () => {
  const e2e = setUpE2e();
  const saved = (id: string) => e2e.adminApi<Post>('GET', `/api/blog-posts/${id}`);
  const openEditor = async (page: Page, title: string) => {
    await page.getByLabel('Search posts').fill(title);
    await page.getByRole('list', { name: 'Blog posts' }).getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    return page.getByRole('group', { name: 'Edit post' });
  };
  const cover = (page: Page) => page.getByRole('group', { name: 'Cover image' });
  /** The `alt` of the cover picture on a public page, or null when the page shows no cover. */
  const publicCoverAlt = async (path: string, src: string) => {
    const html = await (await e2e.request('GET', path)).text();
    const tag = new RegExp(`<img src="${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*? alt="([^"]*)"`).exec(html);
    return tag ? tag[1] : null;
  };

  it('uploads a cover, warns when publishing without alt text, saves the alt text, shows it on /blog, and removes the cover', async () => {
    const title = `Cover post ${RUN}`;
    const post = await e2e.adminApi<Post>('POST', '/api/blog-posts', { title, content: `Body of ${title}.`, category: 'General' });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const header = await openEditor(page, title);

    // No cover yet: an Upload button, no Remove.
    await cover(page).getByText('No image').waitFor();
    expect(await cover(page).getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await cover(page).getByRole('button', { name: 'Upload cover image' }).focus();
    await cover(page).getByLabel('Cover image file').setInputFiles({ name: 'lighthouse.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Image uploaded').waitFor();

    // The picture shows (loaded), with Replace and Remove; the address is the uploaded file's; focus stayed on the control.
    const preview = cover(page).locator('img[data-slot="image-field-preview"]');
    await preview.waitFor();
    await page.waitForFunction((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 2, await preview.elementHandle());
    const url = await cover(page).getByLabel('Cover image URL').inputValue();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    await cover(page).getByRole('button', { name: 'Replace cover image' }).waitFor();
    await cover(page).getByRole('button', { name: 'Remove cover image' }).waitFor();
    expect(await focusedName(page)).toBe('Replace cover image');
    await reviewScreenshot(page, `blog-cover-uploaded-${DESKTOP.width}`);

    // Publishing without alt text warns; Cancel keeps it a draft.
    const asked = page.getByRole('alertdialog', { name: `Publish "${title}"?` });
    await header.getByRole('button', { name: 'Publish', exact: true }).click();
    await asked.getByText(NO_ALT_WARNING, { exact: false }).waitFor();
    await reviewScreenshot(page, `blog-cover-no-alt-warning-${DESKTOP.width}`);
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect((await saved(post.id)).status).toBe('draft');

    // With alt text: no warning; published with it.
    await cover(page).getByLabel('Alt text').fill(ALT);
    expect(await preview.getAttribute('alt')).toBe(ALT);
    await header.getByRole('button', { name: 'Publish', exact: true }).click();
    await asked.getByText('It goes live on /blog now', { exact: false }).waitFor();
    expect(await asked.getByText(NO_ALT_WARNING, { exact: false }).count()).toBe(0);
    await asked.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Post published').waitFor();
    expect(await saved(post.id)).toMatchObject({ status: 'published', featuredImageUrl: url, featuredImageAlt: ALT });

    // The public post and its /blog card carry it as the cover's alt, escaped.
    const escaped = ALT.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    expect(await publicCoverAlt(`/blog/${post.slug}`, url)).toBe(escaped);
    expect(await publicCoverAlt('/blog', url)).toBe(escaped);
    const visitor = await e2e.open();
    await visitor.page.goto(`/blog/${post.slug}`);
    expect(await visitor.page.getByRole('img', { name: ALT }).getAttribute('src')).toBe(url);
    await visitor.close();

    // Remove takes the picture, its address and its alt text off; focus goes to Upload; Update saves it.
    await openEditor(page, title);
    await cover(page).getByRole('button', { name: 'Remove cover image' }).click();
    await cover(page).getByText('No image').waitFor();
    expect(await cover(page).getByLabel('Cover image URL').inputValue()).toBe('');
    expect(await cover(page).getByLabel('Alt text').inputValue()).toBe('');
    expect(await focusedName(page)).toBe('Upload cover image');
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Update the live post?' }).getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Post updated').waitFor();
    expect(await saved(post.id)).toMatchObject({ featuredImageUrl: null, featuredImageAlt: null });
    expect(await publicCoverAlt(`/blog/${post.slug}`, url)).toBeNull();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
