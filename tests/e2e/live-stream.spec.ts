/**
 * The home counter's live push (issue 14): it follows `GET /api/jots/stream` (Server-Sent Events) while that
 * works, without polling, and falls back to the spec's 5 s polling of `/api/jots/count` when the stream fails.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './browser.ts';
import { sendJotV2, setUpE2e } from './fixtures.ts';

describe('live jot counter', () => {
  const e2e = setUpE2e();
  const liveCount = (page: Page) => page.locator('main [data-testid="jot-count"]');
  const countPolls = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/jots/count') seen.push(request.url());
    });
    return seen;
  };
  // The counter as the server has it. The home page may come from the page cache (fresh for 3 s), so the figure
  // rendered into it can be a few seconds old: wait until the live part shows the server's figure, then count on.
  const settledCount = async (page: Page) => {
    const response = await fetch(new URL('/api/jots/count', e2e.server.baseUrl));
    const { count } = (await response.json()) as { count: number };
    await expect.poll(async () => Number(await liveCount(page).textContent()), { timeout: 15_000, interval: 100 }).toBe(count);
    return count;
  };

  it('updates the home counter from the stream as soon as a jot is committed, without polling', async () => {
    const { page, errors, close } = await e2e.open(DESKTOP);
    const polls = countPolls(page);
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/jots/stream');
    await page.goto('/');
    expect((await streamOpened).headers()['content-type']).toContain('text/event-stream');
    const before = await settledCount(page);

    await sendJotV2(e2e.server, { text: 'pushed, not polled', appName: 'JotApp' });
    // Well under the 5 s poll: only the push can bring it this fast.
    await expect.poll(async () => Number(await liveCount(page).textContent()), { timeout: 3000, interval: 50 }).toBe(before + 1);
    expect(polls).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('falls back to polling when the stream is blocked, and still counts new jots', async () => {
    const { page, close } = await e2e.open(DESKTOP);
    const polls = countPolls(page);
    await page.route('**/api/jots/stream', (route) => route.abort());
    await page.goto('/');
    const before = await settledCount(page);

    await sendJotV2(e2e.server, { text: 'polled', appName: 'JotApp' });
    await expect.poll(async () => Number(await liveCount(page).textContent()), { timeout: 15_000, interval: 100 }).toBe(before + 1);
    expect(polls.length).toBeGreaterThan(0);
    await close();
  });
});
