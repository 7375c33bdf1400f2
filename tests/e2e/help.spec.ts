/**
 * Help & FAQ (spec §2): published FAQs in the server's HTML, an accordion with one item open at a time, the
 * tutorial video when an admin sets one, and the empty state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAQS } from '../../src/server/db/seed-data.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage } from './browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './server.ts';
import { signInViaApi } from './session.ts';

describe('help and FAQ', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminToken = (await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function api(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: object) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return response.status === 204 ? null : response.json();
  }

  const openItems = (page: Page) => page.locator('[data-testid="faq-list"] details[open]');

  it('renders the published questions and answers into the HTML, with the spec title and no noindex', async () => {
    const html = await (await fetch(`${server.baseUrl}/help`)).text();
    expect(html).toContain('<title>Help &amp; FAQ - JotIt!</title>');
    expect(html).not.toMatch(/noindex/i);
    for (const faq of DEMO_FAQS) {
      expect(html).toContain(faq.question);
      // Closed answers are in the HTML too, for search engines (native <details>).
      expect(html).toContain(faq.answer.slice(0, 60));
    }
    expect(html).toContain('Video tutorial coming soon');
    expect(html).not.toContain('Loading help content...');
  });

  for (const [label, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    it(`keeps one FAQ open at a time; clicking the open one closes it (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, server.baseUrl, viewport);
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
    const { page, errors, close } = await openPage(browser, server.baseUrl);
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
    await api('PUT', '/api/help-config', {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoTitle: 'JotIt in two minutes',
      videoDescription: 'Install, capture, connect Google Docs.',
    });
    const { page, errors, close } = await openPage(browser, server.baseUrl);
    await page.goto('/help');
    const video = page.locator('iframe[title="JotIt in two minutes"]');
    await video.waitFor({ state: 'attached' });
    expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await page.getByText('Video tutorial coming soon').count()).toBe(0);
    // The frame is outside this test's network; only its own load failure may be reported.
    expect(errors.filter((error) => !/youtube/i.test(error))).toEqual([]);
    await close();
    await api('DELETE', '/api/help-config');
  });

  it("says 'No FAQs available at the moment.' when none is published", async () => {
    const faqs = (await api('GET', '/api/faqs')) as Array<{ id: number }>;
    for (const faq of faqs) {
      const response = await fetch(`${server.baseUrl}/api/faqs/${faq.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${adminToken}` } });
      expect(response.status).toBe(204);
    }
    const { page, close } = await openPage(browser, server.baseUrl, MOBILE);
    await page.goto('/help');
    await page.getByText('No FAQs available at the moment.').waitFor();
    await close();
  });
});
