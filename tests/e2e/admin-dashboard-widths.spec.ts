/**
 * The dashboard with a year of data stays within the viewport (issue 37 §3): the screen-reader tables under the
 * charts once stuck out (1,301 px wide at 1280, 549 px at 375, ~700 px of blank page below). A year of dated jots
 * and leads (from sources with long names, with long addresses) is written into the embedded database before the
 * product starts; a post with a long title and a user with a long address come through the API.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { expectNothingPastTheEdge, LONG_TITLE, shoot, useTheme } from './admin-helpers.ts';
import { DESKTOP, MOBILE, setUpE2e, unexpectedErrors, useSession, type Viewport } from './fixtures.ts';

const LONG_SOURCES = [
  'newsletter-footer-signup-on-the-featherstonehaugh-landing-page',
  'partner-wolfeschlegelsteinhausenbergerdorff-integration-webinar',
  'home-page-hero',
  'blog-post-inline-call-to-action-after-the-second-heading',
  'podcast-sponsorship-spring-campaign-listener-code',
  'product-hunt-launch-day-comment-thread',
];

/** 1,460 jots and 730 leads, four and two a day over the last 365 days (the oldest first). */
async function writeAYearOfData(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await database.sql.query(
      `insert into jots (protocol_version, encrypted_payload, app_name, window_title, jot_text, client_id, created_at)
       select 'legacy', 'e2e', 'JotApp', $1, 'a jot of the year', 'e2e-year', now() - n * interval '6 hours'
       from generate_series(1, 1460) as n`,
      [LONG_TITLE],
    );
    await database.sql.query(
      `insert into leads (email, first_name, source, subscribed_at)
       select 'a.subscriber.with.a.rather.long.address.number.' || n || '@subdomain.of.an.example-company.example.com',
              'Year', ($1::text[])[1 + n % ${LONG_SOURCES.length}], now() - n * interval '12 hours'
       from generate_series(1, 730) as n`,
      [LONG_SOURCES],
    );
  } finally {
    await database.close();
  }
}

async function openDashboard(e2e: ReturnType<typeof setUpE2e>, viewport: Viewport, theme: 'light' | 'dark') {
  const tracked = await e2e.open(viewport);
  await useTheme(tracked.page.context(), theme);
  await useSession(tracked.page, e2e.adminToken);
  await tracked.page.goto('/admin');
  await tracked.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  // Both charts drawn: each comes near the viewport, loads recharts and shows its figure.
  for (const chart of ['jots', 'leads']) {
    await tracked.page.getByTestId(`chart-${chart}`).scrollIntoViewIfNeeded();
    await tracked.page.getByTestId(`chart-${chart}`).locator('svg.recharts-surface').first().waitFor();
  }
  return tracked;
}

/** The page's width and height against the viewport's. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    pageHeight: document.documentElement.scrollHeight,
    contentBottom: Math.ceil(document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY),
  }));

describe('Admin dashboard with a year of data, long names and long addresses', () => {
  const e2e = setUpE2e({ env: { RATE_LIMIT_MULTIPLIER: '100' }, prepareData: writeAYearOfData });

  for (const [name, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    it(`fits ${name} in light and dark, with the chart tables still there for screen readers`, async () => {
      await e2e.adminApi('POST', '/api/blog-posts', { title: `${LONG_TITLE} ${name}`, content: 'Body', category: 'General', is_published: true });
      for (const theme of ['light', 'dark'] as const) {
        const { page, errors, close } = await openDashboard(e2e, viewport, theme);
        const size = await measure(page);
        // A phone widens its layout viewport to content that sticks out, so innerWidth alone would not tell.
        expect(size.innerWidth).toBe(viewport.width);
        await expectNothingPastTheEdge(page);
        // No blank page under the last card: the page ends where its content (and the shell's footer) does.
        expect(size.pageHeight - size.contentBottom).toBeLessThan(200);
        // The tables are out of sight but read: a screen reader finds them by their captions, with their rows.
        const jotsTable = page.getByRole('table', { name: 'Jots per day, last 30 days' });
        expect(await jotsTable.getByRole('row').count()).toBe(30);
        const leadsTable = page.getByRole('table', { name: 'Leads per day by source, last 30 days' });
        expect(await leadsTable.getByRole('columnheader').count()).toBeGreaterThan(LONG_SOURCES.length);
        // What clips it is 1 px by 1 px (a table ignores the width, height and overflow of sr-only itself).
        const clippedArea = await jotsTable.evaluate((table) => {
          let element: Element | null = table;
          while (element && getComputedStyle(element).overflow !== 'hidden') element = element.parentElement;
          const rect = element?.getBoundingClientRect();
          return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
        });
        expect(clippedArea).toBeLessThanOrEqual(1);
        await shoot(page, `admin-dashboard-year-${viewport.width}-${theme}`);
        expect(unexpectedErrors(errors)).toEqual([]);
        await close();
      }
    });
  }
});
