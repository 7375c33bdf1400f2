/**
 * FAQ Management (/admin/faq, issue 10 item 3): an FAQ added (Markdown answer), unpublished, reordered with the
 * keyboard and deleted, with /help following each change; the help video set (YouTube or Vimeo only) and shown;
 * 1280 and 375 px; axe; the load error with Retry and the failure toasts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations, screenshot } from './content-helpers.ts';
import { MOBILE, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';

const QUESTION = 'Can I export my jots?';

describe('FAQ Management', () => {
  const e2e = setUpE2e();
  const openFaq = (viewport?: { width: number; height: number }) => e2e.openAsAdmin('/admin/faq', { viewport, heading: 'FAQ Management' });
  const table = (page: Page) => page.getByRole('table', { name: 'FAQs' });
  const row = (page: Page, question: string) => page.getByTestId('faq-row').filter({ hasText: question });
  /** The questions /help shows, in order: its server-rendered HTML (the page's loader reads the database). */
  const helpQuestions = async () => {
    const html = await (await fetch(new URL('/help', e2e.server.baseUrl))).text();
    return [...html.matchAll(/<summary[^>]*>\s*<h3[^>]*>([^<]*)<\/h3>/g)].map((match) =>
      match[1]!.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    );
  };

  it('adds, unpublishes, reorders (keyboard) and deletes an FAQ, and /help follows each change (1280 px)', async () => {
    const { page, errors, close } = await openFaq();
    await table(page).waitFor();
    for (const header of ['Question', 'Answer', 'Published', 'Actions']) await table(page).getByRole('columnheader', { name: header }).waitFor();
    // Issue 37 §11: the list first, no form above it; Add FAQ opens the form in a side panel.
    expect(await page.getByRole('textbox', { name: /^Question/ }).count()).toBe(0);
    const addButton = page.getByRole('button', { name: 'Add FAQ', exact: true });
    await addButton.click();
    const form = page.getByRole('dialog', { name: 'Add FAQ' });
    expect(await form.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked')).toBe('true');

    // Spec §5: question and answer required.
    await form.getByRole('button', { name: 'Add FAQ' }).click();
    await form.getByText('Question is required').waitFor();
    await form.getByText('Answer is required').waitFor();

    await form.getByLabel('Question').fill(QUESTION);
    await form.getByLabel('Answer').fill('Yes: choose **Export** in the tray menu.\n\n- as text\n- as Markdown\n\n<img src=x onerror="alert(1)">');
    await form.getByRole('button', { name: 'Add FAQ' }).click();
    await toast(page, 'FAQ added successfully').waitFor();
    await row(page, QUESTION).waitFor();
    // Added: the panel closes and focus is back on Add FAQ.
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => addButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'faq-1280');

    // /help shows it last, with the Markdown rendered and sanitised.
    expect((await helpQuestions()).at(-1)).toBe(QUESTION);
    const visitor = await e2e.open();
    await visitor.page.goto('/help');
    await visitor.page.getByRole('heading', { name: QUESTION }).click();
    const answer = visitor.page.getByTestId('faq-answer').filter({ hasText: 'in the tray menu' });
    expect(await answer.locator('strong').textContent()).toBe('Export');
    expect(await answer.locator('li').count()).toBe(2);
    expect(await answer.locator('img[onerror]').count()).toBe(0);

    // Unpublished (after its confirmation, issue 26): gone from /help; published again: back.
    await row(page, QUESTION).getByRole('switch', { name: `Published: ${QUESTION}` }).click();
    await page.getByRole('alertdialog', { name: `Unpublish “${QUESTION}”?` }).getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'FAQ unpublished').waitFor();
    expect(await helpQuestions()).not.toContain(QUESTION);
    await row(page, QUESTION).getByRole('switch', { name: `Published: ${QUESTION}` }).click();
    await page.getByRole('alertdialog', { name: `Publish “${QUESTION}”?` }).getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'FAQ published').waitFor();
    expect(await helpQuestions()).toContain(QUESTION);

    // Reordered to the top with the keyboard: Enter on Move up keeps the focus on the moved question.
    const rows = await page.getByTestId('faq-row').count();
    await page.getByRole('button', { name: `Move up: ${QUESTION}` }).focus();
    for (let moves = 1; moves < rows; moves += 1) {
      const reordered = page.waitForResponse((response) => response.url().endsWith('/api/faqs/reorder') && response.ok());
      await page.keyboard.press('Enter');
      await reordered;
      await expect.poll(() => page.getByTestId('faq-row').nth(rows - 1 - moves).textContent()).toContain(QUESTION);
    }
    // At the top Move up is disabled, so the focus is on Move down.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move down: ${QUESTION}`);
    expect(await page.getByRole('button', { name: `Move up: ${QUESTION}` }).isDisabled()).toBe(true);
    expect((await helpQuestions())[0]).toBe(QUESTION);
    // One step down with the keyboard as well.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('faq-row').nth(1).textContent()).toContain(QUESTION);
    await expect.poll(async () => (await helpQuestions())[1]).toBe(QUESTION);

    // Edited in the dialog.
    await row(page, QUESTION).getByRole('button', { name: `Edit ${QUESTION}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
    await edit.getByLabel('Answer').fill('Yes, as *text*.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'FAQ updated successfully').waitFor();
    await row(page, QUESTION).getByText('Yes, as text.').waitFor();

    // Deleted after a confirmation.
    await row(page, QUESTION).getByRole('button', { name: `Delete ${QUESTION}` }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(QUESTION);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'FAQ deleted successfully').waitFor();
    await row(page, QUESTION).waitFor({ state: 'detached' });
    expect(await helpQuestions()).not.toContain(QUESTION);

    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.close();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('sets the help video (YouTube or Vimeo only) with a preview, and /help shows it, or no video section without one', async () => {
    const { page, errors, close } = await openFaq();
    // The player is outside this test's network: its frame is not loaded (and may report only that).
    await page.context().route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) => route.abort('blockedbyclient'));
    const form = page.getByRole('region', { name: 'Help video' });
    await form.getByLabel('Video URL').fill('https://example.com/tutorial.mp4');
    await form.getByRole('button', { name: 'Save Video' }).click();
    await form.getByText('Video URL must be a YouTube or Vimeo link').waitFor();

    await form.getByLabel('Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await form.getByLabel('Video Title').fill('JotIt in two minutes');
    await form.getByLabel('Video Description').fill('Install, capture, connect Google Docs.');
    const preview = page.locator('iframe[title="JotIt in two minutes"]');
    await preview.waitFor({ state: 'attached' });
    expect(await preview.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Save Video' }).click();
    await toast(page, 'Help video saved').waitFor();

    const visitor = await e2e.open();
    await visitor.page.context().route(/youtube-nocookie\.com/, (route) => route.abort('blockedbyclient'));
    await visitor.page.goto('/help');
    const video = visitor.page.locator('iframe[title="JotIt in two minutes"]');
    await video.waitFor({ state: 'attached' });
    expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await visitor.page.getByText('Install, capture, connect Google Docs.').waitFor();

    // Removing asks first, naming the video.
    await form.getByRole('button', { name: 'Remove Video' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove the help video “JotIt in two minutes”?' });
    await confirm.getByRole('button', { name: 'Remove Video' }).click();
    await toast(page, 'Help video removed').waitFor();
    await visitor.page.goto('/help');
    // No video, no video section (issue 27 §3): no public "coming soon" placeholder.
    await visitor.page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(await visitor.page.getByRole('heading', { name: 'Video tutorial' }).count()).toBe(0);
    expect(await visitor.page.locator('iframe').count()).toBe(0);
    // The blocked player frame may report its own failure.
    const notThePlayer = (list: string[]) => unexpectedErrors(list).filter((error) => !/youtube|vimeo/i.test(error));
    expect(notThePlayer(visitor.errors)).toEqual([]);
    await visitor.close();
    expect(notThePlayer(errors)).toEqual([]);
    await close();
  });

  it('works at 375 px: cards instead of the table, no sideways scroll, no serious axe violation', async () => {
    const { page, errors, close } = await openFaq(MOBILE);
    await page.getByTestId('faq-card').first().waitFor();
    expect(await table(page).isVisible()).toBe(false);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'faq-375');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it("shows the load error with Retry, and 'Failed to add FAQ' / 'Failed to delete FAQ' when the server refuses", async () => {
    const { page, errors, close } = await e2e.openAsAdmin();
    let failList = true;
    await page.route('**/api/faqs', (route) =>
      route.request().method() === 'GET' && !failList
        ? route.continue()
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database unavailable"}' }),
    );
    await page.route('**/api/faqs/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database unavailable"}' }) : route.continue(),
    );
    await page.goto('/admin/faq');
    // The DataTable's error state: its title, then the server's message.
    const loadError = page.getByRole('alert').filter({ hasText: 'Error loading FAQs' });
    await loadError.getByText('Database unavailable').waitFor();
    failList = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await table(page).waitFor();

    await page.getByRole('button', { name: 'Add FAQ', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add FAQ' });
    await form.getByLabel('Question').fill('Will this fail?');
    await form.getByLabel('Answer').fill('Yes.');
    await form.getByRole('button', { name: 'Add FAQ' }).click();
    await toast(page, 'Failed to add FAQ').waitFor();
    // The panel stays open with what was typed.
    expect(await form.getByLabel('Question').inputValue()).toBe('Will this fail?');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Delete / }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Failed to delete FAQ').waitFor();
    expect(unexpectedErrors(errors, [500])).toEqual([]);
    await close();
  });
});
