/**
 * The one place the browser specs run axe-core: every page check goes through `axeViolations` (or
 * `seriousAxeViolations`), so every check leaves sonner's toasts out the same way.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];
type AxeSelector = Parameters<AxeBuilder['include']>[0];

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;
/** WCAG 2.2 AA and axe's best practices. */
export const WCAG22_AA_BEST_PRACTICE = [...WCAG22_AA, 'best-practice'] as const;

export interface AxeOptions {
  /** The rule tags to run, e.g. WCAG22_AA. */
  tags: readonly string[];
  /** Audit only these parts of the page (e.g. an open dialog). */
  include?: AxeSelector;
  /** Parts to leave out besides the toasts. */
  exclude?: AxeSelector;
  /** Rules not to run. */
  disableRules?: readonly string[];
}

/**
 * Waits (up to 5 s) until no finite CSS animation or transition runs: axe measures contrast as painted, so a dialog
 * still fading in reads as low contrast (seen in CI on the affiliate dialog's submit button). Endless ones (spinners,
 * a loading skeleton) are not waited for. If something still runs after 5 s, axe runs anyway and reports it.
 */
async function settleAnimations(page: Page): Promise<void> {
  const settled = () =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
  await page.waitForFunction(settled, undefined, { timeout: 5000 }).catch(() => undefined);
}

/** Every axe violation (any impact) on what the page shows now (once its animations settle), sonner's toasts left out. */
export async function axeViolations(page: Page, { tags, include, exclude, disableRules }: AxeOptions): Promise<AxeViolation[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags([...tags]);
  if (include !== undefined) builder = builder.include(include);
  // Toasts fade in and out and read as low contrast mid-animation; their own contrast is checked by the toast's own styles.
  builder = builder.exclude('[data-sonner-toaster]');
  if (exclude !== undefined) builder = builder.exclude(exclude);
  if (disableRules?.length) builder = builder.disableRules([...disableRules]);
  const results = await builder.analyze();
  return results.violations;
}

export const isSerious = (violation: AxeViolation): boolean => violation.impact === 'serious' || violation.impact === 'critical';

/** A violation as an assertion message shows it: the rule, its impact and help, and the first five elements it names. */
export interface AxeViolationSummary {
  id: string;
  impact: AxeViolation['impact'];
  help: string;
  targets: string[];
}

export const summarizeViolation = (violation: AxeViolation): AxeViolationSummary => ({
  id: violation.id,
  impact: violation.impact,
  help: violation.help,
  targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
});

/** The serious and critical violations on what the page shows now, summarized for `expect(...).toEqual([])`. */
export async function seriousAxeViolations(page: Page, options: AxeOptions): Promise<AxeViolationSummary[]> {
  return (await axeViolations(page, options)).filter(isSerious).map(summarizeViolation);
}
