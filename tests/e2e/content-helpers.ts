/**
 * Shared helpers of the content admin specs (admin-banners, admin-faq): axe on a screen, a screenshot for review,
 * and the check that a 375 px page does not scroll sideways.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AxeViolationSummary, seriousAxeViolations as axeSerious, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { reviewScreenshot } from './fixtures.ts';

/** Serious and critical axe violations (WCAG 2.2 AA and best practice) on what the page shows now. */
export function seriousAxeViolations(page: Page, include?: string): Promise<AxeViolationSummary[]> {
  return axeSerious(page, { tags: WCAG22_AA_BEST_PRACTICE, include: include || undefined });
}

export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  expect(await seriousAxeViolations(page, include)).toEqual([]);
}

/** Screenshots for a person to look at (only with SCREENSHOT_DIR set). */
export const screenshot = (page: Page, name: string): Promise<void> => reviewScreenshot(page, name);

/** At 375 px nothing may make the page scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The RGB of an element's computed background, e.g. 'rgb(30, 58, 138)'. */
export const backgroundOf = (page: Page, selector: ReturnType<Page['locator']>) =>
  selector.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Whether the element has the focus (a dialog gave it back to its opener). */
export const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Whether the dark theme is applied. */
export const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** The deepest elements past the viewport's right edge: names the culprit when a screen is too wide. */
export const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)}`),
  );
