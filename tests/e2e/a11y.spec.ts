/**
 * Accessibility and indexability of every public page (issue 5): axe-core finds no serious or critical
 * violation at 1280 px and 375 px, the browser reports no error (CSP included), and no page says noindex.
 */
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { setUpE2e, VIEWPORTS, waitForLiveParts } from './fixtures.ts';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/help',
  '/blog',
  '/contact',
  '/feedback',
  '/share-it',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/overview',
] as const;

describe('accessibility of the public pages', () => {
  const e2e = setUpE2e();

  for (const [label, viewport] of VIEWPORTS) {
    for (const path of PUBLIC_PAGES) {
      it(`${path} has no serious or critical axe violation (${label})`, async () => {
        const { page, errors, close } = await e2e.open(viewport);
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Audit the page as it settles, not half-loaded: session check, captcha status, latest ideas.
        await waitForLiveParts(page);
        expect(await seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE })).toEqual([]);
        expect(errors).toEqual([]);
        await close();
      });
    }
  }

  it('marks no public page noindex', async () => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await fetch(`${e2e.server.baseUrl}${path}`)).text();
      expect(html, path).not.toMatch(/<meta[^>]+name="robots"[^>]+noindex/i);
    }
  });
});
