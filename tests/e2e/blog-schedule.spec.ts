/**
 * No surprise publishing (issue 37 §2): a scheduled post's steps are named and ask first. Clearing its date and
 * pressing Update (or Enter) asks "Publish … now?" — Cancel leaves it scheduled; Unschedule makes it a draft;
 * Publish now puts it on /blog; Update of a live post asks "Update the live post?".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpE2e, toast, unexpectedErrors } from './fixtures.ts';
import { openPostSettings } from './admin-helpers.ts';

const RUN = Date.now().toString(36);
const IN_A_MONTH = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

type Post = { id: string; title: string; status: string };

describe('Scheduled posts: every change of state is a named step that asks first', () => {
  const e2e = setUpE2e();
  const createPost = (title: string, body: Record<string, unknown>) =>
    e2e.adminApi<Post>('POST', '/api/blog-posts', { title, content: `Body of ${title}.`, category: 'General', ...body });
  const saved = (id: string) => e2e.adminApi<Post & { publishedAt: string | null }>('GET', `/api/blog-posts/${id}`);
  const blogLists = async (title: string) => (await (await e2e.request('GET', '/blog')).text()).includes(title);
  const openEditor = async (page: Page, title: string) => {
    await page.getByLabel('Search posts').fill(title);
    await page.getByRole('list', { name: 'Blog posts' }).getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    return page.getByRole('group', { name: 'Edit post' });
  };

  it('clearing the date of a scheduled post asks before publishing; Cancel and Esc leave it scheduled', async () => {
    const title = `Scheduled and cleared ${RUN}`;
    const post = await createPost(title, { is_published: true, published_at: IN_A_MONTH() });
    const before = await saved(post.id);
    expect(before.status).toBe('scheduled');
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const header = await openEditor(page, title);
    await header.getByText('Scheduled', { exact: true }).waitFor();
    for (const step of ['Unschedule', 'Publish now', 'Update']) await header.getByRole('button', { name: step, exact: true }).waitFor();

    await openPostSettings(page);
    await page.getByRole('button', { name: /^Publish date: / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const asked = page.getByRole('alertdialog', { name: `Publish "${title}" now?` });
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    await asked.getByText('Cancel keeps it scheduled.', { exact: false }).waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    // Enter in a field takes the same step: it asks too.
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('textbox', { name: 'Title (required)', exact: true }).press('Enter');
    await asked.waitFor();
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });

    const after = await saved(post.id);
    expect(after.status).toBe('scheduled');
    expect(after.publishedAt).toBe(before.publishedAt);
    expect(await blogLists(title)).toBe(false);

    // Confirmed, it goes live now.
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    await asked.getByRole('button', { name: 'Publish now' }).click();
    await toast(page, 'Post published').waitFor();
    expect((await saved(post.id)).status).toBe('published');
    expect(await blogLists(title)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Unschedule makes a scheduled post a draft, after asking', async () => {
    const title = `Unscheduled ${RUN}`;
    const post = await createPost(title, { is_published: true, published_at: IN_A_MONTH() });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const header = await openEditor(page, title);
    await header.getByRole('button', { name: 'Unschedule', exact: true }).click();
    const asked = page.getByRole('alertdialog', { name: `Unschedule "${title}"?` });
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect((await saved(post.id)).status).toBe('scheduled');

    await header.getByRole('button', { name: 'Unschedule', exact: true }).click();
    await asked.getByRole('button', { name: 'Unschedule' }).click();
    await toast(page, 'Post unscheduled').waitFor();
    expect((await saved(post.id)).status).toBe('draft');
    expect(await blogLists(title)).toBe(false);
    // As a draft, its kept date offers Schedule again.
    const draftHeader = await openEditor(page, title);
    await draftHeader.getByText('Draft', { exact: true }).waitFor();
    await draftHeader.getByRole('button', { name: 'Schedule', exact: true }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Publish now publishes a scheduled post, after asking', async () => {
    const title = `Published now ${RUN}`;
    const post = await createPost(title, { is_published: true, published_at: IN_A_MONTH() });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const header = await openEditor(page, title);
    await header.getByRole('button', { name: 'Publish now', exact: true }).click();
    const asked = page.getByRole('alertdialog', { name: `Publish "${title}" now?` });
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    expect((await saved(post.id)).status).toBe('scheduled');

    await header.getByRole('button', { name: 'Publish now', exact: true }).click();
    await asked.getByRole('button', { name: 'Publish now' }).click();
    await toast(page, 'Post published').waitFor();
    const published = await saved(post.id);
    expect(published.status).toBe('published');
    expect(new Date(published.publishedAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await blogLists(title)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Update of a live post asks first; Cancel saves nothing', async () => {
    const title = `Live ${RUN}`;
    const post = await createPost(title, { is_published: true });
    const { page, errors, close } = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const header = await openEditor(page, title);
    await page.getByRole('textbox', { name: 'Excerpt' }).fill('A changed excerpt.');
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    const asked = page.getByRole('alertdialog', { name: 'Update the live post?' });
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(((await saved(post.id)) as unknown as { excerpt: string | null }).excerpt).toBeNull();
    await header.getByRole('button', { name: 'Update', exact: true }).click();
    await asked.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Post updated').waitFor();
    expect(((await saved(post.id)) as unknown as { excerpt: string | null }).excerpt).toBe('A changed excerpt.');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
