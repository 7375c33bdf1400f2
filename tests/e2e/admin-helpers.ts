/** Shared helpers of the admin back-office browser specs (dashboard, inbox, audit, users bulk). */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { axeViolations, isSerious, WCAG22_AA } from './axe.ts';
import type { E2e } from './fixtures.ts';

const SHOTS_DIR = process.env.SCREENSHOT_DIR;

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
 * No sideways scroll, and no element of the screen past the viewport's right edge (a long word can stick out of a
 * card without the document scrolling).
 */
export async function expectNothingPastTheEdge(page: Page) {
  await expectNoHorizontalScroll(page);
  const past = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right > window.innerWidth + 0.5;
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
