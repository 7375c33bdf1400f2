/**
 * A slow phone for the tests of what happens before hydration (decision 0007: hydration is late on purpose): the
 * CPU is throttled and the page's JavaScript (`/assets/*.js`) arrives late — after a delay, or held at a gate until
 * the test lets it through (no timing guesses: every click before `release()` lands on the server HTML). The page
 * is not wrapped like openPage's: `goto` waits for nothing but what the test asks for.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { waitForHydration } from './browser.ts';

export interface SlowPageOptions {
  /** How many times slower the CPU runs until hydration. */
  cpuSlowdown: number;
  /** Each script delayed by `delayMs` (a slow network), or `'held'` until `release()` or `hydrate()`. */
  scripts: { delayMs: number } | 'held';
}

export interface SlowPage {
  page: Page;
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Lets the held scripts in (and those still to come). */
  release(): void;
  /** Holds the scripts again, for the next load. */
  hold(): void;
  /** Lets the scripts in, waits for the page and its split parts to hydrate, then runs the CPU at full speed. */
  hydrate(): Promise<void>;
  close(): Promise<void>;
}

/** Whether React has hydrated the page (the root sets `data-hydrated`). */
export const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

export async function openSlowPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  options: SlowPageOptions,
): Promise<SlowPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, isMobile: viewport.width < 768, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const { scripts } = options;
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  if (scripts === 'held') hold();
  await page.route('**/assets/*.js', async (route) => {
    if (scripts === 'held') await gate;
    // A slow network for the page's JavaScript (not a wait for "nothing happened").
    else await new Promise((resolve) => setTimeout(resolve, scripts.delayMs));
    await route.continue();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  return {
    page,
    errors,
    release: () => open(),
    hold,
    async hydrate() {
      open();
      await waitForHydration(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    },
    close: () => context.close(),
  };
}

/** The page's calls of `method path` (a string matches the path exactly, a RegExp tests it). */
export function recordCalls(page: Page, method: string, pathname: string | RegExp): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === method && (typeof pathname === 'string' ? path === pathname : pathname.test(path))) calls.push(request);
  });
  return calls;
}

/** Marks the document, so a full-page reload (which would drop typed text) shows as a missing mark. */
export const markPage = (page: Page) => page.evaluate(() => ((window as { pageMarker?: string }).pageMarker = 'kept'));
export const pageMark = (page: Page) => page.evaluate(() => (window as { pageMarker?: string }).pageMarker);

/**
 * Once the page's calls have settled: the action was sent exactly once, and the page was never reloaded. Settled is
 * the network gone idle, or every recorded call answered: a page that opened a stream early (the jot counter's,
 * on /overview) may never be idle again once the throttled page missed its first idle moment (seen in CI, 12-01).
 * A second call of a double tap is sent at the second tap, before the page the callers wait for shows.
 */
export async function expectDoneOnce(page: Page, calls: Request[]) {
  const answered = async () => {
    await expect.poll(() => calls.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await Promise.all(calls.map((call) => call.response()));
  };
  // Whichever comes first; a call that never comes fails on the count below, not as a stray rejection.
  await Promise.race([page.waitForLoadState('networkidle'), answered().catch(() => page.waitForLoadState('networkidle'))]);
  expect(calls).toHaveLength(1);
  expect(await pageMark(page)).toBe('kept');
}
