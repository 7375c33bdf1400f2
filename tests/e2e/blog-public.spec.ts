/**
 * The public blog fed by the CMS (issue 11 items 4–5): a post created through the API appears under its category
 * with its Open Graph tags, a visitor likes it and subscribes through Stay Updated (the lead reaches the admin
 * list), its ads show at their positions; at 1280 and 375 px, with axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, WCAG22_AA_BEST_PRACTICE } from './axe.ts';
import { reviewScreenshot, setUpE2e, uniqueEmail, unexpectedErrors, VIEWPORTS, waitForLiveParts } from './fixtures.ts';

const PERSON = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };

const seriousViolations = (page: Page) => seriousAxeViolations(page, { tags: WCAG22_AA_BEST_PRACTICE });

describe('the public blog fed by the CMS', () => {
  const e2e = setUpE2e();
  const stamp = Date.now().toString(36);
  const title = `Shipping encrypted sync ${stamp}`;
  let slug = '';

  it('shows a post created through the API under its category, with OG tags and ads at their positions (1280 px)', async () => {
    const post = await e2e.adminApi<{ id: string; slug: string }>('POST', '/api/blog-posts', {
      title,
      excerpt: 'How we ship encrypted sync without slowing the tray down.',
      content: '## Why\n\nFirst paragraph about sync.\n\n## How\n\nSecond paragraph about keys.\n\n## Next\n\nThird paragraph.',
      category: 'Engineering',
      tags: 'sync, encryption',
      is_published: true,
      author_name: 'Ada Lovelace',
      author_bio: 'Engineer at JotIt.',
      meta_description: 'Encrypted sync, shipped.',
    });
    slug = post.slug;
    const inline = await e2e.adminApi<{ id: number }>('POST', '/api/blog-ads', { name: 'Inline', type: 'inline', content: `Try JotIt Pro ${stamp}`, position: 'middle' });
    const affiliate = await e2e.adminApi<{ id: number }>('POST', '/api/blog-ads', {
      name: 'Affiliate',
      type: 'affiliate_link',
      content: `Our favourite keyboard ${stamp}`,
      target_url: 'https://shop.example/keyboard',
      position: 'bottom',
    });
    await e2e.adminApi('PATCH', `/api/blog-posts/${post.id}`, {
      ad_links: [
        { ad_id: inline.id, position: 'middle' },
        { ad_id: affiliate.id, position: 'bottom' },
      ],
      version: 1,
    });

    const { page, errors, close } = await e2e.open(VIEWPORTS[0][1]);
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Engineering' }).click();
    await page.waitForURL('**/blog?category=Engineering');
    // The newest post of the category is the featured card.
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe(title);
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, 'blog-1280');

    await page.getByRole('link', { name: title }).click();
    await page.waitForURL(`**/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${title} - JotIt!`);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toMatch(new RegExp(`/blog/${slug}$`));
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Encrypted sync, shipped.');

    const middle = page.locator('[data-ad-position="middle"]');
    await middle.getByText(`Try JotIt Pro ${stamp}`).waitFor();
    // The middle ad sits inside the article, between its paragraphs.
    const order = await page.evaluate(() => {
      const ad = document.querySelector('[data-ad-position="middle"]')!;
      const last = [...document.querySelectorAll('.prose-jotit p')].at(-1)!;
      return ad.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    const sponsored = page.locator('[data-ad-position="bottom"]').getByRole('link', { name: new RegExp(`Our favourite keyboard ${stamp}`) });
    expect(await sponsored.getAttribute('rel')).toBe('sponsored noopener');
    expect(await sponsored.getAttribute('href')).toBe('https://shop.example/keyboard');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`a visitor likes the post, undoes it, and subscribes through Stay Updated (${label})`, async () => {
      const { page, errors, close } = await e2e.open(viewport);
      // Headless Chromium names itself HeadlessChrome, which isbot counts as a bot: a like needs a person's (decision 0021).
      await page.context().setExtraHTTPHeaders(PERSON);
      await page.goto(`/blog/${slug}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await waitForLiveParts(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const like = page.getByRole('button', { name: /^Like \(\d+ likes\)$/ });
      const before = Number((await like.getAttribute('aria-label'))!.match(/\d+/)![0]);
      await like.click();
      const liked = page.getByRole('button', { name: `Unlike (${before + 1} likes)` });
      await liked.waitFor();
      expect(await liked.getAttribute('aria-pressed')).toBe('true');
      // Once per browser: the server keeps it after a reload too.
      await page.reload();
      await page.getByRole('button', { name: `Unlike (${before + 1} likes)` }).waitFor();
      await page.getByRole('button', { name: `Unlike (${before + 1} likes)` }).click();
      await page.getByRole('button', { name: `Like (${before} likes)` }).waitFor();

      const email = uniqueEmail(`reader-${label.replace(/\D/g, '')}`);
      const box = page.getByRole('region', { name: 'Stay Updated' });
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await box.getByText('Valid email is required').waitFor();
      await reviewScreenshot(box, `stay-updated-error-${viewport.width}`);
      await box.getByLabel('Email').fill(email);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await box.getByText('Thanks for subscribing!').waitFor();
      // The form gave way to its outcome: focus follows it rather than falling to <body> (one subscribe form, issue 38).
      expect(await box.getByRole('status').evaluate((element) => element === document.activeElement)).toBe(true);
      const { leads } = await e2e.adminApi<{ leads: Array<{ email: string; source: string }> }>('GET', '/api/leads');
      expect(leads).toContainEqual(expect.objectContaining({ email, source: 'blog-subscribe' }));

      expect(await seriousViolations(page)).toEqual([]);
      await reviewScreenshot(page, `post-${viewport.width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  }
});
