/**
 * Two people, one post, and its History (issue 39 §1–§2, decision 0064): two staff members open the same post; the
 * second to save is refused and offered Review their changes (the word diff), Copy mine and Overwrite — never a
 * silent overwrite; History lists the saves, diffs one against the saved post and restores it after asking. 1280 px,
 * one 375 px check of the History panel, axe once on the conflict dialog.
 */
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA } from './axe.ts';
import { createUserViaApi, MOBILE, setUpE2e, signInViaApi, toast, unexpectedErrors, useSession } from './fixtures.ts';

const RUN = Date.now().toString(36);
const TITLE = `Shared post ${RUN}`;

describe('Revisions and safe concurrent editing', () => {
  const e2e = setUpE2e();

  it('the second save sees three choices; History shows the diff and restores', async () => {
    const post = await e2e.adminApi<{ id: string; version: number }>('POST', '/api/blog-posts', {
      title: TITLE,
      content: 'Alpha bravo charlie.',
      category: 'Engineering',
    });
    const colleague = await createUserViaApi(e2e, { isAdmin: true });
    const { token } = await signInViaApi(e2e.server.baseUrl, colleague.email, colleague.password);

    const mine = await e2e.openAsAdmin('/admin/blog', { heading: 'Blog Management' });
    const theirs = await e2e.open();
    await useSession(theirs.page, token);
    await theirs.page.goto('/admin/blog');
    for (const { page } of [mine, theirs]) {
      await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
      await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    }

    // They save first.
    await theirs.page.getByLabel('Excerpt').fill('Their excerpt');
    await theirs.page.getByRole('button', { name: 'Save draft' }).click();
    await toast(theirs.page, 'Blog post updated successfully!').waitFor();

    // Then I do: refused, with their name, and three choices.
    const page = mine.page;
    await page.getByLabel('Title').fill(`${TITLE} mine`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this post' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${colleague.username} saved this post`);
    for (const name of ['Review their changes', 'Copy mine', 'Overwrite']) await dialog.getByRole('button', { name }).waitFor();
    await dialog.getByRole('button', { name: 'Review their changes' }).click();
    const diff = dialog.getByRole('region', { name: 'Their changes' });
    await diff.locator('del', { hasText: 'mine' }).waitFor();
    expect(await seriousAxeViolations(page, { tags: WCAG22_AA })).toEqual([]);
    // Nothing was overwritten behind my back.
    expect((await e2e.adminApi<{ title: string; version: number }>('GET', `/api/blog-posts/${post.id}`)).title).toBe(TITLE);

    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await toast(page, 'Blog post updated successfully!').waitFor();
    const overwritten = await e2e.adminApi<{ title: string; excerpt: string | null; version: number }>('GET', `/api/blog-posts/${post.id}`);
    expect(overwritten).toMatchObject({ title: `${TITLE} mine`, version: 3 });

    // History: the three saves, the first one's diff, and Restore after asking.
    await page.getByRole('button', { name: `Edit ${TITLE} mine` }).click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    const revisions = page.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    await revisions.nth(2).waitFor();
    expect(await revisions.count()).toBe(3);
    expect(await revisions.nth(1).textContent()).toContain(colleague.username);
    await revisions.nth(2).getByRole('button').click();
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.locator('del', { hasText: 'mine' }).waitFor();

    // 375 px: the panel and its Restore stay inside the screen.
    await page.setViewportSize(MOBILE);
    const restore = changes.getByRole('button', { name: 'Restore' });
    const box = await restore.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);

    await restore.click();
    await page.getByRole('alertdialog', { name: /^Restore the revision of / }).getByRole('button', { name: 'Restore' }).click();
    await toast(page, 'Revision restored').waitFor();
    const restored = await e2e.adminApi<{ title: string; version: number }>('GET', `/api/blog-posts/${post.id}`);
    expect(restored).toMatchObject({ title: TITLE, version: 4 });
    const history = await e2e.adminApi<{ items: Array<{ kind: string }> }>('GET', `/api/blog-posts/${post.id}/revisions`);
    expect(history.items.map((item) => item.kind)).toEqual(['restore', 'save', 'save', 'save']);

    expect(unexpectedErrors(mine.errors, [409])).toEqual([]);
    expect(unexpectedErrors(theirs.errors)).toEqual([]);
    await Promise.all([mine.close(), theirs.close()]);
  });
});
