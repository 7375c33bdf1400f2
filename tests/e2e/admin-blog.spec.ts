/**
 * Blog management (/admin/blog, issue 11 item 2): an admin writes a post with the Markdown editor (Preview matches
 * the public page), schedules it, publishes it, and finds it on /blog under its category with its Open Graph tags;
 * an ad created in the panel shows at its position on the post, beside a chosen related post; stored XSS stays inert in the admin preview; a
 * draft survives a reload and leaving with unsaved changes asks first; 375 px; axe on the screen and the editor.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA } from './axe.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';
import { openPostSettings } from './admin-helpers.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const screenshot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const RUN = Date.now().toString(36);
const TITLE = `Editor post ${RUN}`;
const SLUG = `editor-post-${RUN}`;
const AD_NAME = `Sponsor ${RUN}`;
const AD_TEXT = `Sponsored by the e2e run ${RUN}`;
/** A seeded post in another category (Industry) than the editor's post (Engineering). */
const RELATED_TITLE = 'Why capture speed matters: what research says about losing ideas';

const axeSerious = (page: Page) => seriousAxeViolations(page, { tags: WCAG22_AA });

const statusBadgeOf = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Blog posts' }).getByRole('listitem').filter({ hasText: title });

describe('Blog management', () => {
  const e2e = setUpE2e();
  const openBlogAdmin = (viewport?: { width: number; height: number }) =>
    e2e.openAsAdmin('/admin/blog', { viewport, heading: 'Blog Management' });

  it('writes a post with the editor, previews it, schedules it and publishes it; /blog shows it with its OG tags', async () => {
    const { page, errors, close } = await openBlogAdmin();
    await page.getByRole('list', { name: 'Blog posts' }).waitFor();
    await page.getByText('published', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByRole('heading', { name: 'New Post', level: 1 }).waitFor();

    // Spec §5 texts at the fields, and the §8 toast.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast(page, 'Failed to save blog post').waitFor();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Content is required').waitFor();

    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Excerpt').fill('Written end to end in the browser.');
    const content = page.getByRole('textbox', { name: 'Content (Markdown)' });
    await content.click();
    await page.keyboard.insertText('## A heading\n\nSome text with a [link](https://example.com).\n\n');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.insertText('strong words');
    await page.keyboard.press('End');
    await page.keyboard.insertText('\n\n- one\n- two\n');
    await page.getByRole('tab', { name: 'SEO & Meta' }).click();
    await page.getByLabel('Meta title').fill('Editor post meta title');
    await page.getByText('22/60 characters').waitFor();
    expect(await page.getByRole('region', { name: 'Search result preview' }).textContent()).toContain(
      'Editor post meta title',
    );

    // Preview renders the Markdown.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Post preview' });
    await preview.getByRole('heading', { name: 'A heading' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('strong words');
    // The preview is the live page's article, cover image included.
    const previewHtml = (await preview.locator('.prose-jotit').evaluateAll((nodes) => nodes.map((node) => node.innerHTML))).join('');
    await page.getByRole('button', { name: 'Edit' }).click();

    // Settings: a date still to come makes the step Schedule instead of Publish.
    await openPostSettings(page);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Engineering' }).click();
    await page.getByLabel('Tags').fill('e2e, editor, , Editor');
    await page.getByText('2 tags: e2e · editor').waitFor();
    await page.getByRole('button', { name: /^Publish date: / }).click();
    await page.getByRole('button', { name: /next month/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /15th/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('alertdialog', { name: `Schedule "${TITLE}"?` }).getByRole('button', { name: 'Schedule' }).click();
    await toast(page, 'Post scheduled for').waitFor();
    await toast(page, 'Blog post created successfully!').waitFor();
    await statusBadgeOf(page, TITLE).getByText('Scheduled', { exact: true }).waitFor();
    expect((await e2e.request('GET', `/blog/${SLUG}`)).status).toBe(404);

    // Clearing the date of a scheduled post publishes it, so Update asks first (issue 37 §2).
    await statusBadgeOf(page, TITLE)
      .getByRole('button', { name: `Edit ${TITLE}` })
      .click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    await openPostSettings(page);
    await page.getByRole('button', { name: /^Publish date: / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alertdialog', { name: `Publish "${TITLE}" now?` }).getByRole('button', { name: 'Publish now' }).click();
    await toast(page, 'Post published').waitFor();
    await statusBadgeOf(page, TITLE).getByText('Published', { exact: true }).waitFor();
    await screenshot(page, 'admin-blog-list-1280');

    // The public blog lists it under its category; its page has the OG tags and the same HTML as the preview.
    await page.goto('/blog?category=Engineering');
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .waitFor();
    await page.goto(`/blog/${SLUG}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain('Editor post meta title');
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    // The server cuts the content in two around the middle (for middle ads); together they are the preview's HTML.
    const publicHtml = (
      await page.locator('.prose-jotit').evaluateAll((nodes) => nodes.map((node) => node.innerHTML))
    ).join('');
    expect(publicHtml).toBe(previewHtml);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('creates an ad in the panel and shows it at its position on the post, with a chosen related post', async () => {
    const { page, errors, close } = await openBlogAdmin();
    await page.getByRole('tab', { name: 'Ads & Monetization' }).click();
    await page.getByRole('button', { name: 'Create Ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ad' });
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(AD_NAME);
    await dialog.getByLabel('Content').fill(`${AD_TEXT} ${'x'.repeat(300)}`);
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await toast(page, 'Ad created successfully!').waitFor();
    const card = page.getByRole('list', { name: 'Ads' }).getByRole('listitem').filter({ hasText: AD_NAME });
    // Spec §9: the card's preview is cut at 200 characters.
    expect(await card.getByText(AD_TEXT).textContent()).toMatch(/x\.\.\.$/);
    expect((await card.getByText(AD_TEXT).textContent())?.length).toBe(203);

    // Attach it to the post at the bottom, in the editor's Settings.
    await page.getByRole('tab', { name: 'Posts' }).click();
    await statusBadgeOf(page, TITLE)
      .getByRole('button', { name: `Edit ${TITLE}` })
      .click();
    await openPostSettings(page);
    await page.getByRole('checkbox', { name: AD_NAME }).click();
    await page.getByRole('combobox', { name: `Position of ${AD_NAME}` }).click();
    await page.getByRole('option', { name: 'Bottom' }).click();
    // A chosen related post from another category replaces the same-category default.
    await page.getByRole('checkbox', { name: RELATED_TITLE }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Update the live post?' }).getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Post updated').waitFor();

    await page.goto(`/blog/${SLUG}`);
    await page.locator('aside[data-ad-position="bottom"]').getByText(AD_TEXT).waitFor();
    const related = page.locator('section[aria-labelledby="more-heading"]');
    await related.getByText(RELATED_TITLE).first().waitFor();
    expect(await page.locator('aside[data-ad-position="top"]').getByText(AD_TEXT).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('keeps stored XSS in the title and content inert in the admin preview', async () => {
    const title = `<img src=x onerror="window.__xss='title'">XSS post ${RUN}`;
    await e2e.adminApi('POST', '/api/blog-posts', {
      title,
      category: 'Security',
      content: [
        `<script>window.__xss='script'</script>`,
        `[click me](javascript:window.__xss='link')`,
        `<img src="x" onerror="window.__xss='img'">`,
        `<svg><script>window.__xss='svg'</script><a xlink:href="javascript:window.__xss='svg-link'">svg</a></svg>`,
        `<a href="#" onclick="window.__xss='click'">plain</a>`,
      ].join('\n\n'),
    });
    const { page, errors, close } = await openBlogAdmin();
    await page.getByLabel('Search posts').fill(`XSS post ${RUN}`);
    const item = page
      .getByRole('list', { name: 'Blog posts' })
      .getByRole('listitem')
      .filter({ hasText: `XSS post ${RUN}` });
    await item.getByRole('button', { name: /^Edit / }).click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Post preview' });
    await preview.getByRole('heading', { name: title }).waitFor();
    await preview.getByText('click me').click();
    await preview.getByText('plain').click();
    const html = (await preview.locator('.prose-jotit').evaluateAll((nodes) => nodes.map((node) => node.innerHTML))).join('');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    // Chrome's CSP reports the handler attributes the sanitiser parses (in an inert document, to drop them) as
    // refused: blocked, never run. Nothing else may show up.
    const blockedHandler = /inline event handler violates .*script-src-attr 'none'.*has been blocked/;
    expect(unexpectedErrors(errors, [404]).filter((error) => !blockedHandler.test(error))).toEqual([]);
    await close();
  });

  it('restores a draft after a reload, and asks before leaving with unsaved changes', async () => {
    const { page, errors, close } = await openBlogAdmin();
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    await page.getByLabel('Title').fill(`Unsaved draft ${RUN}`);
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).click();
    await page.keyboard.insertText('Half written.');
    // Reloading asks first (beforeunload); going on keeps the draft.
    const prompted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))),
    );
    await page.reload();
    expect(await prompted).toBe('beforeunload');
    await page.getByRole('heading', { name: 'New Post', level: 1 }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(`Unsaved draft ${RUN}`);
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).getByText('Half written.').waitFor();
    await toast(page, 'Draft restored').waitFor();

    // Cancel with changes asks; Keep editing stays, Discard changes leaves and forgets the draft.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe(`Unsaved draft ${RUN}`);
    // A link out of the page asks too: the top bar's own (the editor takes the whole width, without the sidebar).
    await page.getByRole('banner').getByRole('link', { name: 'JotIt Admin', exact: true }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jotit.blog-admin.draft'))).toBeNull();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('works at 375 px: cards, stacked tabs, the editor; and axe finds nothing serious', async () => {
    const { page, errors, close } = await openBlogAdmin(MOBILE);
    await page.getByRole('list', { name: 'Blog posts' }).waitFor();
    // Nothing wider than the screen: the page does not scroll sideways and no card sticks out of it.
    const fits = () =>
      page.evaluate(
        () =>
          document.documentElement.scrollWidth <= window.innerWidth &&
          [...document.querySelectorAll('[data-slot="card"]')].every(
            (card) => card.getBoundingClientRect().right <= window.innerWidth,
          ),
      );
    expect(await fits()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'admin-blog-list-375');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Top posts' }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'admin-blog-analytics-375');
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).waitFor();
    expect(await fits()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'admin-blog-editor-375');
    await openPostSettings(page);
    expect(await fits()).toBe(true);
    await screenshot(page, 'admin-blog-settings-375');
    // The settings are a sheet on a phone (decision 0072): Esc closes it, then Cancel leaves the editor.
    await page.keyboard.press('Escape');
    await page.locator('#post-settings-panel').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('list', { name: 'Blog posts' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('passes axe at 1280 px on the tabs and the editor; renames a tag', async () => {
    const { page, errors, close } = await openBlogAdmin();
    await page.getByRole('list', { name: 'Blog posts' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    for (const tab of ['Ads & Monetization', 'Categories & Tags']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).locator('h2, h3').first().waitFor();
      await screenshot(page, `admin-blog-${tab.split(' ')[0]?.toLowerCase()}-1280`);
    }
    // The panels share the list's components; one more audit covers the cards and dialogs' triggers.
    expect(await axeSerious(page)).toEqual([]);
    // Tags come from the posts; a rename reaches every post that uses it.
    await page.getByRole('button', { name: 'Rename tag editor' }).click();
    await page.getByRole('dialog', { name: 'Rename Tag' }).getByLabel('Name').fill('editing');
    await page.getByRole('button', { name: 'Rename Tag' }).click();
    await toast(page, 'Tag updated successfully').waitFor();
    await page.getByRole('table', { name: 'Tags' }).getByText('editing').waitFor();
    const renamed = await e2e.adminApi<{ tags: string[] }>('GET', `/api/blog-posts/${SLUG}`);
    expect(renamed.tags).toEqual(['e2e', 'editing']);
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'admin-blog-editor-1280');
    await openPostSettings(page);
    await screenshot(page, 'admin-blog-settings-1280');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
