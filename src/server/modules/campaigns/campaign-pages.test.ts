/**
 * Issue 12 public pages as `npm start` serves them (SSR from build/): /c/{slug} (server-rendered, sanitised landing
 * content, lead form with source campaign:{slug}, visits counted, inactive → 404 page), /go/{id} (click counted,
 * 302 to the stored link only, inactive → 404, no open redirect) and a blog ad pointing at a product.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSiteTestApp } from '../../../../tests/fixtures/app-with-users.ts';
import { expectNeutralised, HOSTILE_MARKDOWN } from '../../../../tests/fixtures/hostile-markdown.ts';
import { type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import type { TestUser } from '../../../../tests/fixtures/users.ts';
import { affiliateProductDailyClicks, affiliateProducts, blogAds, blogCategories, blogPosts, campaignDailyVisits, campaigns } from '../../db/schema.ts';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const LINK = 'https://vendor.example/keyboard?ref=jotit';

describe(`campaign and /go pages on ${testDatabaseKind()}`, () => {
  let app: FastifyInstance, database: TestDatabase, admin: TestUser;
  useSiteTestApp((site) => ({ app, database, admin } = site));
  beforeEach(async () => {
    const { db } = database;
    await db.delete(campaigns);
    await db.delete(blogAds);
    await db.delete(affiliateProducts);
  });

  const page = (url: string, userAgent = BROWSER, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': userAgent, ...headers } });
  /** One visitor (one address) dressed up as 50 browsers: 50 user agents, each with its own cookie. */
  const fiftyBrowsers = async (url: string, remoteAddress: string) => {
    for (let n = 0; n < 50; n++) {
      await page(url, `${BROWSER} Variant/${n}`, remoteAddress, { cookie: `jotit_bid=browser-${n}-abcdefghijklmnop` });
    }
  };
  const api = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => app.inject({ method, url, payload, headers: admin.headers });

  it('/c/{slug}: server-rendered, sanitised landing content and a lead form for campaign:{slug}; visits counted once per visitor (not bots); inactive → 404', async () => {
    const created = await api('POST', '/api/campaigns', {
      name: 'Spring <b>Launch</b>',
      slug: 'spring',
      description: 'Meta description here',
      landing_page_content: `## Why JotIt\n\n${HOSTILE_MARKDOWN}\n\nEnd of pitch.`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();

    const response = await page('/c/spring');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h2>Why JotIt</h2>');
    expect(response.body).toContain('End of pitch.');
    expect(response.body).toContain('Spring &lt;b&gt;Launch&lt;/b&gt;');
    expectNeutralised(response.body);
    expect(response.body).not.toContain('alert(2)');
    expect(response.body).toContain('name="description" content="Meta description here"');
    expect(response.body).toContain('<link rel="canonical" href="http://jotit.test/c/spring"/>');
    expect(response.body).toContain('Email Me the Download');
    await page('/c/spring');
    await page('/c/spring', BOT, '10.5.0.1');
    await page('/c/spring', BROWSER, '10.5.0.2');
    // Issue 23 §4: one visitor per address and day, whatever the user agent or cookie says (was 50 → 50).
    await fiftyBrowsers('/c/spring', '10.5.0.3');
    await fiftyBrowsers('/c/spring', '2001:db8:1:2:a::1');
    await page('/c/spring', BROWSER, '2001:db8:1:2:b::2');
    const visits = await database.db.select().from(campaignDailyVisits);
    expect(visits).toEqual([expect.objectContaining({ campaignId: id, visits: 4 })]);

    expect((await api('PATCH', `/api/campaigns/${id}`, { is_active: false })).statusCode).toBe(200);
    const gone = await page('/c/spring');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Oops! Page not found');
    expect((await page('/c/no-such-campaign')).statusCode).toBe(404);
  });

  it('/go/{id}: counts the click once per visitor (not bots) and answers 302 to the stored link; inactive, unknown or odd ids → 404', async () => {
    const created = await api('POST', '/api/affiliate-products', { name: 'Keyboard', affiliate_link: LINK });
    const { id } = created.json<{ id: number }>();
    const follow = await page(`/go/${id}`);
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe(LINK);
    expect((await page(`/go/${id}`, BOT)).headers.location).toBe(LINK);
    // No open redirect: whatever the request says, the target is the stored link.
    for (const url of [`/go/${id}?url=https://evil.example`, `/go/${id}?to=//evil.example`]) {
      const response = await page(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(LINK);
    }
    await fiftyBrowsers(`/go/${id}`, '10.5.1.1');
    await page(`/go/${id}`, BOT, '10.5.1.2');
    const [clicks] = await database.db.select().from(affiliateProductDailyClicks);
    // Issue 23 §4: one click per visitor and day (the default address above, and 10.5.1.1's fifty browsers).
    expect(clicks).toMatchObject({ productId: id, clicks: 2 });

    for (const url of ['/go/999999', '/go/abc', '/go/0', '/go/99999999999', '/go/https:%2F%2Fevil.example', '/go/%2F%2Fevil.example']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
    }
    await api('PATCH', `/api/affiliate-products/${id}`, { is_active: false });
    const refused = await page(`/go/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('Oops! Page not found');
  });

  it('a blog ad of type affiliate_link pointing at a product links through /go/{id} with rel="sponsored noopener"', async () => {
    const product = (await api('POST', '/api/affiliate-products', { name: 'Keyboard', affiliate_link: LINK })).json<{ id: number }>();
    await database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' }).onConflictDoNothing();
    const post = (await api('POST', '/api/blog-posts', { title: 'Ad post', slug: 'ad-post', content: 'Body', category: 'Security', is_published: true })).json<{ id: string }>();
    const ad = await api('POST', '/api/blog-ads', { name: 'Ad', content: 'Our keyboard', type: 'affiliate_link', target_url: 'https://other.example/', affiliate_product_id: product.id });
    expect(ad.statusCode, ad.body).toBe(201);
    expect(ad.json()).toMatchObject({ affiliateProductId: product.id });
    expect((await api('POST', '/api/blog-ads', { name: 'Bad', content: 'x', affiliate_product_id: 999_999 })).statusCode).toBe(400);
    await api('PATCH', `/api/blog-posts/${post.id}`, { ad_links: [{ ad_id: ad.json<{ id: number }>().id, position: 'bottom' }], version: 1 });
    const article = await page('/blog/ad-post');
    expect(article.statusCode).toBe(200);
    expect(article.body).toMatch(new RegExp(`<a href="/go/${product.id}" target="_blank" rel="sponsored noopener"`));
    expect(article.body).not.toContain('https://other.example/');
    await api('PATCH', `/api/affiliate-products/${product.id}`, { is_active: false });
    app.services.contentEvents.emit('blog');
    const after = await page('/blog/ad-post');
    expect(after.body).not.toContain(`/go/${product.id}`);
    await database.db.delete(blogPosts);
  });
});
