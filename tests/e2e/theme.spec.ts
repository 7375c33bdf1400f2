/**
 * Dark mode (issue 26 §5): the system setting is followed, the toggle's choice (system / light / dark) is kept
 * in the browser, the theme is set by the head's inline script before the first paint (no flash: it holds with
 * every JavaScript module blocked), under the CSP nonce, and axe finds no serious problem (contrast included) in
 * either theme on the home page and every admin screen (ADMIN_SCREENS).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, LONG_TITLE, openAdminScreen, useTheme } from './admin-helpers.ts';
import { seriousAxeViolations, WCAG22_AA } from './axe.ts';
import { DESKTOP, MOBILE, reviewScreenshot, setUpE2e, toast, unexpectedErrors, useSession } from './fixtures.ts';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
/** WCAG relative luminance of a computed rgb() colour. */
function luminance(colour: string): number {
  const [red, green, blue] = (colour.match(/\d+/g) ?? []).slice(0, 3).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('light and dark', () => {
  const e2e = setUpE2e();

  // The post the editor's entry of ADMIN_SCREENS opens.
  beforeAll(async () => {
    await e2e.adminApi('POST', '/api/blog-posts', { title: LONG_TITLE, content: 'Body', category: 'General' });
  });

  it('sets the stored theme from the head, under the CSP nonce, before any module runs', async () => {
    const response = await fetch(`${e2e.server.baseUrl}/`);
    const nonce = /'nonce-([\w+/=]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const html = await response.text();
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).toContain(`<script nonce="${nonce}">try{var c=localStorage.getItem("theme")`);

    const { context, close } = await e2e.open();
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    // No JavaScript module may run: only the inline script can have set the class. (A page of its own: the
    // fixture's page waits for hydration, which never comes here.)
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await isDark(page)).toBe(true);
    expect(await background(page)).toBe('rgb(2, 6, 23)');
    expect(violations).toEqual([]);
    await close();
  });

  it('follows the system setting until a choice is made, and keeps the choice', async () => {
    const { page, errors, close } = await e2e.open(MOBILE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await isDark(page)).toBe(true);
    // The system turns light: the page follows (the choice is still "system").
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);

    const theme = page.getByRole('contentinfo').getByRole('group', { name: 'Theme' });
    await theme.getByRole('button', { name: 'Dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await theme.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await reviewScreenshot(page, 'theme-home-dark-375', { fullPage: false });
    await page.getByRole('contentinfo').getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Light theme' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await isDark(page)).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  for (const theme of ['light', 'dark'] as const) {
    // Twenty screens with axe each: more than one test's default minute on a busy machine.
    it(`has no serious axe violation in ${theme} on the home page and every admin screen`, { timeout: 360_000 }, async () => {
      const { page, context, errors, close } = await e2e.open(DESKTOP);
      await useTheme(context, theme);
      await page.goto('/');
      expect(await isDark(page), '/').toBe(theme === 'dark');
      expect(await seriousAxeViolations(page, { tags: WCAG22_AA }), `/ (${theme})`).toEqual([]);
      await useSession(page, e2e.adminToken);
      for (const screen of ADMIN_SCREENS) {
        await openAdminScreen(page, screen);
        expect(await isDark(page), screen.name).toBe(theme === 'dark');
        expect(await seriousAxeViolations(page, { tags: WCAG22_AA, exclude: screen.axeExclude }), `${screen.name} (${theme})`).toEqual([]);
        await reviewScreenshot(page, `theme-${screen.name.replaceAll(' ', '-')}-${theme}-1280`, { fullPage: false });
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }

  it('draws toasts in the theme: a dark tint in dark, a light one in light, readable in both', async () => {
    const { page, context, errors, close } = await e2e.open(DESKTOP);
    await useSession(page, e2e.adminToken);
    for (const theme of ['light', 'dark'] as const) {
      await context.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      await page.goto('/admin/jots');
      await page.getByRole('heading', { level: 1, name: 'Jots Management', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const shown = toast(page, 'Validation Error');
      await shown.waitFor();
      const [tint, ink] = await shown.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color]);
      if (theme === 'dark') expect(luminance(tint), tint).toBeLessThan(0.05);
      else expect(luminance(tint), tint).toBeGreaterThan(0.8);
      const [lighter, darker] = [luminance(tint), luminance(ink)].sort((a, b) => b - a);
      expect((lighter! + 0.05) / (darker! + 0.05), `${ink} on ${tint}`).toBeGreaterThanOrEqual(7);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
