/**
 * The admin forms on a slow phone (issue 26): the CPU runs 6× slower and every script arrives late, and the operator
 * taps as soon as a control shows — Add User, Create Test Jot, the post editor's Save draft — and taps the final
 * button twice. Nothing typed is lost, the page never reloads, and each action is done exactly once.
 */
import { describe, expect, it } from 'vitest';
import { MOBILE, setUpE2e, toast, unexpectedErrors, useSession } from './fixtures.ts';
import { expectDoneOnce, markPage, openSlowPage, recordCalls } from './slow-page.ts';

const CPU_SLOWDOWN = 6;
const SCRIPT_DELAY_MS = 250;
const tag = `early${Date.now().toString(36)}`;


describe('admin forms tapped early on a slow phone', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' } });

  async function openSlowAdmin(path: string) {
    const slow = await openSlowPage(e2e.browser, e2e.server.baseUrl, MOBILE, { cpuSlowdown: CPU_SLOWDOWN, scripts: { delayMs: SCRIPT_DELAY_MS } });
    await useSession(slow.page, e2e.adminToken);
    await slow.page.goto(path, { waitUntil: 'commit' });
    return slow;
  }

  it('Add User: the fields typed at once are the user created, once, on a double tap', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await openSlowAdmin('/admin/users');
    const creates = recordCalls(page, 'POST', '/api/users');
    await page.getByRole('main').getByRole('button', { name: 'Add User' }).first().click();
    await markPage(page);
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('textbox', { name: 'Username (required)' }).fill(`${tag}-user`);
    await dialog.getByRole('textbox', { name: 'Email (required)' }).fill(`${tag}@example.com`);
    await dialog.getByLabel(/^Password/).fill('member-password');
    await dialog.getByRole('button', { name: 'Create User' }).dblclick();
    await toast(page, 'User created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectDoneOnce(page, creates);
    const users = await e2e.adminApi<{ users: Array<{ username: string; email: string }> }>('GET', `/api/users?search=${tag}`);
    expect(users.users.map(({ username, email }) => ({ username, email }))).toEqual([{ username: `${tag}-user`, email: `${tag}@example.com` }]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Create Test Jot: a double tap on the confirmation stores one jot', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await openSlowAdmin('/admin/jots');
    const before = await e2e.adminApi<{ total: number }>('GET', '/api/jots?limit=1');
    const creates = recordCalls(page, 'POST', '/api/test-jot');
    await page.getByRole('button', { name: 'Create Test Jot' }).click();
    await markPage(page);
    const confirm = page.getByRole('alertdialog', { name: 'Create a test jot?' });
    await confirm.getByRole('button', { name: 'Create Test Jot' }).dblclick();
    await toast(page, 'Test Jot Created').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expectDoneOnce(page, creates);
    expect((await e2e.adminApi<{ total: number }>('GET', '/api/jots?limit=1')).total).toBe(before.total + 1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('Save draft: the title typed at once is saved, as one post, on a double tap', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await openSlowAdmin('/admin/blog');
    const creates = recordCalls(page, 'POST', '/api/blog-posts');
    await page.getByRole('button', { name: 'New Post' }).click();
    await markPage(page);
    const title = `${tag} early draft`;
    await page.getByRole('textbox', { name: 'Title (required)' }).fill(title);
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).click();
    await page.keyboard.insertText('Typed before the screen settled.');
    await page.getByRole('button', { name: 'Save draft' }).dblclick();
    await toast(page, 'Draft saved').waitFor();
    await expectDoneOnce(page, creates);
    const posts = await e2e.adminApi<{ items: Array<{ title: string }> }>('GET', `/api/blog-posts?q=${encodeURIComponent(tag)}`);
    expect(posts.items.map((post) => post.title)).toEqual([title]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
