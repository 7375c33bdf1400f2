/**
 * Help & FAQ (spec §2): published FAQs in the server's HTML, an accordion with one item open at a time, the
 * tutorial video when an admin sets one, and the empty state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_FAQS } from '../../src/server/db/seed-data.ts';
import { MOBILE, setUpE2e, VIEWPORTS } from './fixtures.ts';

describe('help and FAQ', () => {
  const e2e = setUpE2e();

  const openItems = (page: Page) => page.locator('[data-testid="faq-list"] details[open]');

  it('renders the published questions and answers into the HTML, with the spec title and no noindex', async () => {
    const html = await (await fetch(`${e2e.server.baseUrl}/help`)).text();
    expect(html).toContain('<title>Help &amp; FAQ - JotIt!</title>');
    expect(html).not.toMatch(/noindex/i);
    for (const faq of DEMO_FAQS) {
      expect(html).toContain(faq.question);
      // Closed answers are in the HTML too, for search engines (native <details>).
      expect(html).toContain(faq.answer.slice(0, 60));
    }
    // No video is set: the page promises none (issue 27 §3).
    expect(html).not.toContain('Video tutorial');
    expect(html).not.toContain('Video tutorial coming soon');
    expect(html).not.toContain('Loading help content...');
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`keeps one FAQ open at a time; clicking the open one closes it (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      await page.goto('/help');
      const [first, second] = DEMO_FAQS;
      const question = (text: string) => page.getByRole('heading', { name: text, exact: true });
      expect(await openItems(page).count()).toBe(0);
      expect(await page.getByText(first!.answer).isVisible()).toBe(false);

      await question(first!.question).click();
      await expect.poll(() => openItems(page).count()).toBe(1);
      expect(await page.getByText(first!.answer).isVisible()).toBe(true);

      await question(second!.question).click();
      await expect.poll(() => page.getByText(second!.answer).isVisible()).toBe(true);
      expect(await openItems(page).count()).toBe(1);
      expect(await page.getByText(first!.answer).isVisible()).toBe(false);

      await question(second!.question).click();
      await expect.poll(() => openItems(page).count()).toBe(0);
      // Keyboard: the summary is focusable and toggles with Enter.
      await page.locator('summary').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => openItems(page).count()).toBe(1);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("shows 'Loading help content...' on a visit from another page, then the FAQs from the public API", async () => {
    const { page, errors, close } = await e2e.open();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/faqs?published=true', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help & FAQ' }).click();
    await page.waitForURL('**/help');
    await page.getByText('Loading help content...').waitFor();
    release();
    await page.getByRole('heading', { name: DEMO_FAQS[0]!.question, exact: true }).waitFor();
    expect(await page.getByText('Loading help content...').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('embeds the tutorial video privacy-enhanced once an admin sets it', async () => {
    await e2e.adminApi('PUT', '/api/help-config', {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoTitle: 'JotIt in two minutes',
      videoDescription: 'Install, capture, connect Google Docs.',
    });
    const { page, errors, close } = await e2e.open();
    await page.goto('/help');
    const video = page.locator('iframe[title="JotIt in two minutes"]');
    await video.waitFor({ state: 'attached' });
    expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await page.getByText('Video tutorial coming soon').count()).toBe(0);
    // The frame is outside this test's network; only its own load failure may be reported.
    expect(errors.filter((error) => !/youtube/i.test(error))).toEqual([]);
    await close();
    await e2e.adminApi('DELETE', '/api/help-config');
  });

  it("says 'No FAQs available at the moment.' when none is published", async () => {
    const faqs = await e2e.adminApi<Array<{ id: number }>>('GET', '/api/faqs');
    for (const faq of faqs) expect((await e2e.request('DELETE', `/api/faqs/${faq.id}`, { token: e2e.adminToken })).status).toBe(204);
    const { page, close } = await e2e.open(MOBILE);
    await page.goto('/help');
    await page.getByText('No FAQs available at the moment.').waitFor();
    await close();
  });
});
