/** Shared helpers of the admin back-office browser specs: the list of every admin screen, checks, seeding. */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { axeViolations, isSerious, WCAG22_AA } from './axe.ts';
import type { E2e } from './fixtures.ts';

const SHOTS_DIR = process.env.SCREENSHOT_DIR;

/** A title as long as an operator writes one, with a word no line break can split. */
export const LONG_TITLE = 'Release notes for the Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff integration and everything after it';

export interface AdminScreen {
  /** What the screen is called in a failure message. */
  name: string;
  path: string;
  /** The level-1 heading the screen shows once it is there (spec §2). */
  heading: string;
  /** Its label in the sidebar (and the ⌘K palette); a screen reached from another (the post editor) has none. */
  nav?: string;
  /** The document title when it is not "{heading} - JotIt!" (spec §2). */
  title?: string;
  /** Brings the screen into the state to check, after the heading shows (the post editor opens from the list). */
  open?(page: Page): Promise<void>;
  /** What axe leaves out on this screen, and why beside it. */
  axeExclude?: string;
  /**
   * When the screen holds a stream open (the network is never idle): what says its data is there instead of the
   * network falling idle.
   */
  ready?(page: Page): Promise<void>;
}

/**
 * Every admin screen of issue 26, once: the cross-screen specs (axe in light and dark, widths with long data) loop
 * over it. The post editor opens the post titled LONG_TITLE, so a spec that uses this list creates that post.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { name: 'dashboard', path: '/admin', heading: 'Admin Dashboard', nav: 'Dashboard' },
  { name: 'leads', path: '/admin/leads', heading: 'Leads Management', nav: 'Leads' },
  { name: 'inbox', path: '/admin/inbox', heading: 'Inbox', nav: 'Inbox' },
  { name: 'blog', path: '/admin/blog', heading: 'Blog Management', nav: 'Blog' },
  {
    name: 'post editor',
    path: '/admin/blog',
    heading: 'Blog Management',
    async open(page) {
      await page.getByRole('button', { name: `Edit ${LONG_TITLE}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Title (required)', exact: true }).inputValue()).toBe(LONG_TITLE);
    },
  },
  { name: 'pages', path: '/admin/pages', heading: 'Pages', nav: 'Pages' },
  // The spec's one title without the site's name.
  { name: 'faq', path: '/admin/faq', heading: 'FAQ Management', nav: 'FAQ & Help', title: 'FAQ Management' },
  { name: 'testimonials', path: '/admin/testimonials', heading: 'Testimonials', nav: 'Testimonials' },
  { name: 'campaigns', path: '/admin/campaigns', heading: 'Campaigns', nav: 'Campaigns' },
  { name: 'affiliates', path: '/admin/affiliates', heading: 'Affiliate Products', nav: 'Affiliates' },
  { name: 'banners', path: '/admin/banners', heading: 'Site Banners', nav: 'Banners' },
  { name: 'users', path: '/admin/users', heading: 'User Management', nav: 'Users' },
  { name: 'jots', path: '/admin/jots', heading: 'Jots Management', nav: 'Jots' },
  { name: 'build GUIDs', path: '/admin/build-guids', heading: 'Build GUIDs', nav: 'Build GUIDs & Clients' },
  { name: 'audit log', path: '/admin/audit', heading: 'Audit Log', nav: 'Audit log' },
  // Inside the frame for staff (issue 37 §12); members keep /api-tester on the public site.
  { name: 'API tester', path: '/admin/api-tester', heading: 'API Tester', nav: 'API Tester' },
  {
    name: 'analytics',
    path: '/admin/analytics',
    heading: 'Analytics',
    nav: 'Analytics',
    // Visitors now arrive over a stream kept open: the lists are there once no skeleton is left.
    async ready(page) {
      await page.getByRole('heading', { level: 2, name: 'Top pages' }).waitFor();
      await expect.poll(() => page.locator('main [data-slot="skeleton"]').count(), { timeout: 15_000 }).toBe(0);
    },
  },
  { name: 'webhooks', path: '/admin/webhooks', heading: 'Webhooks', nav: 'Webhooks' },
  // Reached from the account menu, not the sidebar.
  { name: 'security', path: '/admin/security', heading: 'Security' },
  // The previews are the e-mails themselves in sandboxed frames (no script runs there, so axe cannot enter and
  // waits for ever); the screen around them is checked.
  { name: 'e-mail previews', path: '/admin/emails', heading: 'E-mail Previews', nav: 'E-mail previews', axeExclude: 'iframe' },
];

/** Each admin route once (the post editor is a state of the blog's), with its document title. */
export const ADMIN_ROUTES = ADMIN_SCREENS.filter((screen) => !screen.open).map((screen) => ({
  ...screen,
  title: screen.title ?? `${screen.heading} - JotIt!`,
}));

/** The sidebar's sections, each with its label. */
export const ADMIN_SECTIONS = ADMIN_SCREENS.flatMap(({ nav, path, heading }) => (nav ? [{ label: nav, path, heading }] : []));

/** Opens `screen` in `page` (signed in as the admin) and waits until it shows its heading, its data and its state. */
export async function openAdminScreen(page: Page, screen: AdminScreen): Promise<void> {
  await page.goto(screen.path);
  await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
  // The screen's data rather than its skeletons.
  if (screen.ready) await screen.ready(page);
  else await page.waitForLoadState('networkidle');
  await screen.open?.(page);
}

/** A screenshot into SCREENSHOT_DIR (when set), for looking at the screens at 1280 and 375 px. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectNoSeriousAxe(page: Page): Promise<void> {
  const serious = (await axeViolations(page, { tags: WCAG22_AA }))
    .filter(isSerious)
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Nothing wider than the viewport (375 px: cards, no sideways scrolling). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The deepest elements under `scope` past the viewport's right edge: names the culprit when a screen is too wide. */
export const overflowingElements = (page: Page, scope = 'main') =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(`${selector} *`)]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1))
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)}`),
    scope,
  );

/** Every page the context opens starts in `theme` (the toggle's stored choice). */
export async function useTheme(context: BrowserContext, theme: 'light' | 'dark'): Promise<void> {
  await context.addInitScript((choice) => {
    // Also runs in the e-mail previews' sandboxed frames, where localStorage throws: nothing to set there.
    try {
      window.localStorage.setItem('theme', choice);
    } catch {
      /* not this frame */
    }
  }, theme);
}

/** A lead through the public endpoint, with a solved captcha. */
export async function submitLead(e2e: E2e, body: { firstName: string; email: string; source?: string }): Promise<void> {
  const response = await fetch(new URL('/api/leads', e2e.server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, captcha: await solveCaptchaOver(e2e.server.baseUrl) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** A feedback or contact message through the public endpoint, with a solved captcha. */
export async function submitMessage(
  e2e: E2e,
  kind: 'feedback' | 'contact',
  body: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  const response = await fetch(new URL(`/api/${kind}`, e2e.server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, captcha: await solveCaptchaOver(e2e.server.baseUrl) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** The accessible name (or text) of the focused element. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

/**
 * Focus lands on the control named `name` within the 5 s the kit's focus rule keeps re-applying itself
 * (lib/return-focus.ts, WATCH_LIMIT_MS): on a loaded machine it settles after the default 1 s of `expect.poll`.
 * A failure names the element that has focus instead.
 */
export async function expectFocusOn(page: Page, name: string): Promise<void> {
  const settled = await expect
    .poll(() => focusedName(page), { timeout: 5_000 })
    .toBe(name)
    .then(
      () => true,
      () => false,
    );
  if (settled) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300) ?? 'nothing');
  expect(await focusedName(page), `focus is on ${focused}`).toBe(name);
}

/**
 * No sideways scroll, and no element of the screen past the viewport's right edge (a long word can stick out of a
 * card without the document scrolling).
 */
export async function expectNothingPastTheEdge(page: Page) {
  await expectNoHorizontalScroll(page);
  const past = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.right <= window.innerWidth + 0.5) return false;
        // Cut off by a box inside the viewport (a visually hidden table for screen readers): nobody sees it past the edge.
        for (let box = element.parentElement; box; box = box.parentElement) {
          const overflow = getComputedStyle(box).overflowX;
          if ((overflow === 'hidden' || overflow === 'clip') && box.getBoundingClientRect().right <= window.innerWidth + 0.5) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').slice(0, 60)}`),
  );
  expect(past).toEqual([]);
}

/** axe in light, then in dark (the system setting, followed by the app), and nothing past the viewport's edge. */
export async function expectCleanInBothThemes(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNothingPastTheEdge(page);
  await expectNoSeriousAxe(page);
  await shoot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expectNoSeriousAxe(page);
  await shoot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens the post editor's Settings — a side panel from 768 px, a sheet below (decision 0072) — unless it is open. */
export async function openPostSettings(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Settings', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator('#post-settings-panel').waitFor();
}
