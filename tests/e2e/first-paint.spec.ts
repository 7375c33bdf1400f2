/**
 * Every public control works from the first paint (issue 27 §1). Hydration is deliberately late (decision 0007);
 * the first-paint handler (src/web/lib/first-paint.ts, decision 0026) and the platform (`<details>`, links, forms)
 * carry the visitor's clicks until React is there.
 *
 * A slow phone: the CPU is throttled 4× and the page's JavaScript is held back until the test lets it through, so
 * every click below lands on the painted server HTML, provably before hydration (no timing guesses). Then the same
 * controls with JavaScript off, where the platform allows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_FAQS } from '../../src/server/db/seed-data.ts';
import { DESKTOP, MOBILE, setUpE2e, type Viewport, waitForHydration } from './fixtures.ts';
import { isHydrated, openSlowPage } from './slow-page.ts';

const CPU_SLOWDOWN = 4;
const BANNER = 'Welcome to JotIt';

describe('public controls before hydration', () => {
  const e2e = setUpE2e();

  /** A throttled page whose `/assets/*.js` wait at a gate until the test lets them through (slow-page.ts). */
  const openHeldPage = (viewport: Viewport) => openSlowPage(e2e.browser, e2e.server.baseUrl, viewport, { cpuSlowdown: CPU_SLOWDOWN, scripts: 'held' });

  /** Resolves once the browser has painted a frame with what is on screen now. */
  const painted = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const closedBanners = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('closedBanners'))) ?? '[]') as unknown[];
  const siteBanner = (page: Page) => page.getByTestId('site-banner').filter({ hasText: BANNER });

  it('closes a banner clicked before hydration at once, and it stays closed after a reload (1280 px)', async () => {
    const { page, errors, release, hold, hydrate, close } = await openHeldPage(DESKTOP);
    await page.goto('/', { waitUntil: 'commit' });
    const banner = siteBanner(page);
    await banner.waitFor();
    await painted(page);
    expect(await isHydrated(page)).toBe(false);

    await banner.getByRole('button', { name: `Close banner: ${BANNER}` }).click();
    await banner.waitFor({ state: 'hidden' });
    // Hidden and remembered by the first-paint handler: React has not run yet.
    expect(await isHydrated(page)).toBe(false);
    expect(await closedBanners(page)).toEqual([expect.objectContaining({ updatedAt: expect.any(String) })]);

    await hydrate();
    // React agrees: the strip no longer renders it.
    await banner.waitFor({ state: 'detached' });

    // Reloaded on the slow phone: hidden from the first paint (no flash), before and after hydration.
    hold();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await painted(page);
    expect(await isHydrated(page)).toBe(false);
    expect(await banner.count()).toBe(1);
    expect(await banner.isVisible()).toBe(false);
    release();
    await waitForHydration(page);
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a FAQ clicked before hydration, keeps it open through hydration, then one at a time (375 px)', async () => {
    const { page, errors, hydrate, close } = await openHeldPage(MOBILE);
    const [first, second] = DEMO_FAQS;
    await page.goto('/help', { waitUntil: 'commit' });
    const question = (text: string) => page.getByRole('heading', { name: text, exact: true });
    await question(first!.question).waitFor();
    await painted(page);
    expect(await isHydrated(page)).toBe(false);

    await question(first!.question).click();
    await page.getByText(first!.answer).waitFor();
    expect(await isHydrated(page)).toBe(false);

    await hydrate();
    expect(await page.getByText(first!.answer).isVisible()).toBe(true);
    await question(second!.question).click();
    await page.getByText(second!.answer).waitFor();
    expect(await page.getByText(first!.answer).isVisible()).toBe(false);
    expect(await page.locator('[data-testid="faq-list"] details[open]').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('replays a button clicked before hydration once its part of the page is interactive (sign-in mode switch)', async () => {
    const { page, errors, hydrate, close } = await openHeldPage(MOBILE);
    await page.goto('/login', { waitUntil: 'commit' });
    const toSignUp = page.getByRole('button', { name: 'Need an account? Sign up' });
    await toSignUp.waitFor();
    await painted(page);
    expect(await isHydrated(page)).toBe(false);
    await toSignUp.click();
    expect(await isHydrated(page)).toBe(false);

    await hydrate();
    await page.getByRole('heading', { name: 'Create Account', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("replays a blog article's Like clicked before hydration (a button outside any form)", async () => {
    const { page, errors, hydrate, close } = await openHeldPage(MOBILE);
    // A person's browser: headless Chromium's own User-Agent is a bot, and bots' likes are not counted (decision 0021).
    await page.context().setExtraHTTPHeaders({
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    });
    await page.goto('/blog/how-jotit-encrypts-jots-and-why-v2-adds-an-hmac', { waitUntil: 'commit' });
    const like = page.getByRole('button', { name: /^Like \(\d+ likes\)$/ });
    await like.waitFor();
    await painted(page);
    expect(await isHydrated(page)).toBe(false);
    await like.click();
    expect(await isHydrated(page)).toBe(false);

    await hydrate();
    await page.getByRole('button', { name: /^Unlike \(\d+ likes\)$/, pressed: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  describe('with JavaScript off', () => {
    async function openScriptFree(viewport: Viewport): Promise<{ page: Page; context: BrowserContext }> {
      const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context };
    }

    it('closes a banner (for this page view) and opens a FAQ', async () => {
      const { page, context } = await openScriptFree(DESKTOP);
      await page.goto('/help');
      const banner = siteBanner(page);
      await banner.waitFor();
      // The script-free close control stands in for the button, which cannot act without JavaScript.
      expect(await banner.getByRole('button', { name: `Close banner: ${BANNER}` }).isVisible()).toBe(false);
      const dismiss = banner.getByRole('checkbox', { name: `Close banner: ${BANNER}` });
      expect(await dismiss.count()).toBe(1);
      // What a person clicks: the close icon (the checkbox's label).
      await banner.locator('label', { has: page.locator('[data-banner-dismiss]') }).click();
      await banner.waitFor({ state: 'hidden' });

      const [first] = DEMO_FAQS;
      await page.getByRole('heading', { name: first!.question, exact: true }).click();
      await page.getByText(first!.answer).waitFor();
      await context.close();
    });
  });
});
