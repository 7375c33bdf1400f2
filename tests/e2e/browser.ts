import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium binary itself rather than its wrapper script (/usr/bin/chromium): the wrapper adds
 * `--enable-gpu-rasterization` (rasterising through SwiftShader on a machine with no GPU) and loads its
 * extensions. The same eight admin pages with axe cost the browser 7.7 s of CPU through the binary against 8.3 s
 * through the wrapper (tmp bench, 2026-11-30).
 */
const DEBIAN_CHROMIUM_BINARY = '/usr/lib/chromium/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM_BINARY) ? DEBIAN_CHROMIUM_BINARY : '/usr/bin/chromium');
}

// Flags that work on these machines (no GPU, no network beyond loopback); `npm run lighthouse` launches with them too.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Waits until the page and every split component on it (`[data-island]`) have hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  // A function, not a string: the page's CSP forbids eval. No named inner functions (tsx would wrap them in a
  // helper that does not exist in the page).
  await page.waitForFunction(
    () =>
      // Pages that are not our React app (the /docs reference, JSON) have nothing to hydrate.
      !('__reactRouterContext' in window) ||
      (document.documentElement.dataset.hydrated === 'true' &&
        Array.from(document.querySelectorAll<HTMLElement>('[data-island]')).every((island) => island.dataset.hydrated === 'true')),
    undefined,
    { timeout: 15_000 },
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, including Content-Security-Policy violations. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, isMobile: viewport.width < 768, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    // A deliberate 404 page load logs a failed resource; everything else is a real error.
    if (message.type() !== 'error' || message.text().includes('status of 404')) return;
    // A refused call's message does not say which call; its location does.
    const { url } = message.location();
    errors.push(url && message.text().startsWith('Failed to load resource') ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Every page.goto waits until React has hydrated the page and its split parts, as a person waits for a page
  // to respond: a click on server HTML before then would do nothing.
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  return { page, context, errors, close: () => context.close() };
}
