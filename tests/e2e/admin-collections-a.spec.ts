/**
 * Issue 12 part A in Chromium: a testimonial and a page created in the admin (1280 px) show on the home page and
 * at /p/{slug}; the admin lists as cards at 375 px with the publish toggle; axe on both admin screens and /p/{slug}.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { DESKTOP, MOBILE, setUpE2e, toast, unexpectedErrors } from './fixtures.ts';

const SHOTS = '/work/shots/coll-a';
const NAME = `Grace Hopper ${Date.now()}`;
const QUOTE = 'JotIt catches the bug ideas I would otherwise forget by lunch.';
const TITLE = `Our Promise ${Date.now()}`;

const seriousViolations = (page: Page) => seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE });

const shot = async (page: Page, name: string) => {
  if (!process.env.E2E_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('admin collections A: testimonials and pages', () => {
  const e2e = setUpE2e();
  let slug = '';

  it('creates a testimonial and a page in the admin at 1280 px (axe clean) and shows them on the public site', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/testimonials', { viewport: DESKTOP, heading: 'Testimonials' });
    await page.getByRole('table', { name: 'Testimonials' }).or(page.getByText('No testimonials yet.')).waitFor();
    await page.getByRole('button', { name: 'Add Testimonial' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await dialog.getByText('Customer name is required').waitFor();
    await dialog.getByLabel('Customer name').fill(NAME);
    await dialog.getByLabel('Title').fill('Rear Admiral');
    await dialog.getByLabel('Company').fill('US Navy');
    await dialog.getByRole('textbox', { name: /^Testimonial/ }).fill(QUOTE);
    await dialog.getByRole('switch', { name: 'Featured' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await toast(page, 'Testimonial added').waitFor();
    await page.getByRole('row').filter({ hasText: NAME }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-testimonials-1280');

    await page.goto('/admin/pages');
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Pages' }).or(page.getByText('No pages yet.')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New Page' }).first().click();
    const form = page.getByRole('region', { name: 'New page' });
    await form.getByLabel('Title').fill(TITLE);
    const editor = form.locator('.cm-content');
    await editor.click();
    await page.keyboard.type('## Plain words\n\nWe never read your jots.\n\n<script>window.pwned = 1</script>');
    await form.getByLabel('Meta description').fill('What JotIt promises about your notes.');
    await form.getByRole('tab', { name: 'Preview' }).click();
    await form.getByRole('heading', { name: 'Plain words', level: 2 }).waitFor();
    await form.getByRole('switch', { name: 'Published' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-page-editor-1280');
    await form.getByRole('button', { name: 'Create Page' }).click();
    await toast(page, 'Page created').waitFor();
    const link = page.getByRole('row').filter({ hasText: TITLE }).getByRole('link');
    slug = ((await link.textContent()) ?? '').replace('/p/', '');
    expect(slug).toMatch(/^our-promise-\d+$/);

    await page.goto('/');
    const card = page.getByTestId('testimonial').filter({ hasText: NAME });
    await card.waitFor();
    expect(await card.textContent()).toContain('Rear Admiral, US Navy');
    expect(await card.textContent()).toContain(QUOTE);
    // Featured first.
    expect(await page.getByTestId('testimonial').first().textContent()).toContain(NAME);
    await card.scrollIntoViewIfNeeded();
    if (process.env.E2E_SHOTS) await page.locator('#proof-heading').locator('xpath=ancestor::section[1]').screenshot({ path: `${SHOTS}/home-testimonials-1280.png` });

    await page.goto(`/p/${slug}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Plain words', level: 2 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('What JotIt promises about your notes.');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'public-page-1280');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('at 375 px: cards, unpublishing from the card hides the page (404) and axe is clean', async () => {
    const { page, errors, close } = await e2e.openAsAdmin('/admin/testimonials', { viewport: MOBILE, heading: 'Testimonials' });
    const card = page.getByTestId('testimonial-card').filter({ hasText: NAME });
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Testimonials' }).isVisible()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-testimonials-375');

    await page.goto('/admin/pages');
    const pageCard = page.getByTestId('page-card').filter({ hasText: TITLE });
    await pageCard.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-pages-375');
    await pageCard.getByRole('switch', { name: `Published: ${TITLE}` }).click();
    // Issue 26: unpublishing asks first.
    await page.getByRole('alertdialog', { name: `Unpublish “${TITLE}”?` }).getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'Page unpublished').waitFor();
    await pageCard.getByText('Draft').waitFor();

    const publicView = await e2e.open(MOBILE);
    const response = await publicView.page.goto(`/p/${slug}`);
    expect(response?.status()).toBe(404);
    await publicView.close();

    await pageCard.getByRole('switch', { name: `Published: ${TITLE}` }).click();
    await page.getByRole('alertdialog', { name: `Publish “${TITLE}”?` }).getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Page published').waitFor();
    await page.goto(`/p/${slug}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'public-page-375');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await close();
  });
});
