import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkModulesFile } from '../../scripts/vite/chunk-modules-report.ts';
import { MOBILE, setUpE2e, waitForHydration } from './fixtures.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '../..', process.env.JOTIT_BUILD_DIR ?? 'build');

/**
 * The back-office's code: its routes, shell and screens (a folder or file named for the admin), and the kit its
 * lists and forms are made of. The public nav's own admin entries (the sections a signed-in role may open, the unread
 * count beside one) are part of every page's frame, on purpose.
 */
const BACK_OFFICE_MODULES = [
  /^src\/web\/(routes|components|features)\/.*admin/,
  /^src\/web\/components\/(data-table|content-list|form-dialog|form-sheet|markdown-editor|lazy-markdown-editor|markdown-field|confirm-dialog|row-actions|filter-panel|document-editor)/,
];
const PUBLIC_FRAME_ADMIN_ENTRIES = new Set(['src/web/components/admin/admin-sections.ts', 'src/web/components/admin-link-count.tsx']);
const isBackOfficeModule = (id: string) => !PUBLIC_FRAME_ADMIN_ENTRIES.has(id) && BACK_OFFICE_MODULES.some((pattern) => pattern.test(id));
/** Each preload is a request before the first paint on HTTP/1.1 (six at a time); the public pages need about twenty. */
const MAX_PUBLIC_PRELOADS = 30;

describe('the site frame', () => {
  const e2e = setUpE2e();

  it('serves the home page rendered on the server, with title and heading before any JavaScript', async () => {
    const response = await fetch(`${e2e.server.baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]*JotIt[^<]*<\/title>/);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).not.toContain('noindex');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
  });

  it('keeps the home page initial JavaScript within 150 KB gzip (docs/architecture.md §8)', async () => {
    const html = await (await fetch(`${e2e.server.baseUrl}/`)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    expect(scripts.length).toBeGreaterThan(3);
    const buildDir = path.resolve(import.meta.dirname, '../..', process.env.JOTIT_BUILD_DIR ?? 'build', 'client');
    const gzipBytes = scripts.reduce((total, file) => total + gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(150 * 1024);
  });

  it('asks for the stylesheet first and preloads no back-office code on the public pages (decision 0083)', async () => {
    const chunkModules = JSON.parse(readFileSync(chunkModulesFile(BUILD_DIR), 'utf8')) as Record<string, string[]>;
    const blog = await (await fetch(`${e2e.server.baseUrl}/blog`)).text();
    const post = /href="(\/blog\/(?!rss)[^"]+)"/.exec(blog)?.[1];
    expect(post).toBeDefined();
    for (const pagePath of ['/', '/help', '/blog', post!]) {
      const html = await (await fetch(`${e2e.server.baseUrl}${pagePath}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = [...head.matchAll(/<link rel="modulepreload" fetchpriority="low" href="\/([^"]+)"/g)].map((match) => match[1]!);
      expect(preloads.length, pagePath).toBeGreaterThan(3);
      // Every preload at low priority (decision 0084): none without it, in the head or the body.
      expect(html.split('rel="modulepreload"').length - 1, pagePath).toBe(preloads.length);
      expect(head.indexOf('rel="stylesheet"'), pagePath).toBeGreaterThan(0);
      expect(head.indexOf('rel="stylesheet"'), pagePath).toBeLessThan(head.indexOf('rel="modulepreload"'));
      const modules = preloads.flatMap((file) => chunkModules[file] ?? [`${file} (not in ${chunkModulesFile(BUILD_DIR)})`]);
      expect({ page: pagePath, backOffice: modules.filter((id) => isBackOfficeModule(id) || id.includes('(not in ')) }).toEqual({ page: pagePath, backOffice: [] });
      expect(preloads.length, `${pagePath}: ${preloads.join(' ')}`).toBeLessThanOrEqual(MAX_PUBLIC_PRELOADS);
    }
  });

  it('fetches the stylesheet at the highest priority and the page code at low priority in Chromium (decision 0084)', async () => {
    const { page, close } = await e2e.open(MOBILE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url);
      if (url.pathname.startsWith('/assets/')) priorities.set(url.pathname, event.request.initialPriority);
    });
    const html = await (await fetch(`${e2e.server.baseUrl}/blog`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)"/g)].map((match) => match[1]!);
    await page.goto('/blog');
    await waitForHydration(page);
    const stylesheet = [...priorities.keys()].find((pathname) => pathname.endsWith('.css'));
    expect(stylesheet && priorities.get(stylesheet)).toBe('VeryHigh');
    expect(preloaded.length).toBeGreaterThan(3);
    expect(preloaded.map((pathname) => [pathname, priorities.get(pathname)])).toEqual(preloaded.map((pathname) => [pathname, 'Low']));
    await close();
  });

  it('loads the home page in Chromium without console errors or CSP violations', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the More menu with Help, Contact, Feedback and Share, and no admin entries for visitors', async () => {
    const { page, errors, close } = await e2e.open();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu', { name: 'More' });
    // The first item takes focus, and the arrow keys move through the items (ARIA menu button pattern).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Help');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact');
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    await page.getByRole('button', { name: 'More' }).click();
    for (const name of ['Help', 'Contact', 'Feedback', 'Share']) {
      expect(await menu.getByRole('menuitem', { name }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1, name: 'Get in Touch' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('puts every link in a side drawer at 375 px', async () => {
    const { page, close } = await e2e.open(MOBILE);
    await page.goto('/');
    expect(await page.getByRole('button', { name: 'More' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    for (const name of ['Home', 'Overview', 'About', 'Help', 'Contact', 'Feedback', 'Share', 'Sign In']) {
      expect(await drawer.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await drawer.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await drawer.waitFor({ state: 'hidden' });
    await close();
  });

  it('answers an unknown path with a 404 page that links home, and logs the path', async () => {
    const { page, close } = await e2e.open();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('Page Not Found');
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    expect(e2e.server.output.join('')).toContain('"path":"/no-such-page"');
    await close();
  });

  it('stops cleanly within 5 seconds on SIGTERM', async () => {
    const started = Date.now();
    const code = await e2e.server.stop();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
