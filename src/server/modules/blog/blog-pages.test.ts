/**
 * The public blog pages as `npm start` serves them (SSR from build/): fed by the database, stored XSS inert on
 * /blog, /blog/{slug} and the RSS feed, scheduled posts absent until their time (injectable clock), and the
 * in-memory page cache (hit, per-request nonce, invalidation on change, expiry at the next scheduled publish).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSiteTestApp } from '../../../../tests/fixtures/app-with-users.ts';
import { type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import type { TestUser } from '../../../../tests/fixtures/users.ts';
import { blogAds, blogCategories, blogPosts } from '../../db/schema.ts';

const DAY = 86_400_000;

const XSS = {
  title: 'Title <script>alert("t")</script><img src=x onerror=alert(1)>',
  excerpt: 'Excerpt <svg onload=alert(2)><script>alert(3)</script>',
  content: [
    '# Hello',
    '<script>alert(4)</script>',
    '<img src="x" onerror="alert(5)">',
    '[click](javascript:alert(6))',
    '<svg><script>alert(7)</script></svg>',
    '<a href="javascript:alert(8)" onclick="alert(9)">x</a>',
    '',
    'Closing paragraph.',
  ].join('\n\n'),
  ad: '<script>alert(10)</script><img src=x onerror=alert(11)>',
};

/** No executable markup from the payloads: no injected script, no event handler, no javascript: URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script>alert/i);
  expect(html).not.toMatch(/<img[^>]*onerror/i);
  expect(html).not.toMatch(/<svg[^>]*onload/i);
  expect(html).not.toMatch(/onclick="alert/i);
  expect(html).not.toMatch(/href="javascript:/i);
}

describe(`public blog pages on ${testDatabaseKind()}`, () => {
  let app: FastifyInstance, database: TestDatabase, admin: TestUser;
  let clock: number;
  useSiteTestApp((site) => ({ app, database, admin } = site));
  beforeEach(async () => {
    clock = Date.parse('2026-06-01T12:00:00Z');
    app.services.now = () => new Date(clock);
    const { db } = database;
    await db.delete(blogPosts);
    await db.delete(blogAds);
    await db.delete(blogCategories);
    await db.insert(blogCategories).values([
      { name: 'Security', slug: 'security' },
      { name: 'Engineering', slug: 'engineering' },
    ]);
    app.services.contentEvents.emit('blog');
  });

  const page = (url: string) => app.inject({ method: 'GET', url });
  const api = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => app.inject({ method, url, payload, headers: admin.headers });
  const createPost = async (body: Record<string, unknown>) => {
    const response = await api('POST', '/api/blog-posts', { content: 'Body text', category: 'Security', is_published: true, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; slug: string }>();
  };

  it('renders stored XSS in title, excerpt, content and ads inert on /blog, the post page and RSS', async () => {
    const ad = (await api('POST', '/api/blog-ads', { name: 'Ad', content: XSS.ad, type: 'affiliate_link', target_url: 'https://shop.example/x' })).json<{ id: number }>();
    await createPost({ title: XSS.title, excerpt: XSS.excerpt, content: XSS.content, slug: 'xss-post', ad_links: [{ ad_id: ad.id, position: 'bottom' }] });

    const list = await page('/blog');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Title &lt;script&gt;');
    expectInert(list.body);

    const article = await page('/blog/xss-post');
    expect(article.statusCode).toBe(200);
    expectInert(article.body);
    expect(article.body).toContain('Closing paragraph.');
    expect(article.body).toContain('rel="sponsored noopener"');
    expect(article.body).toContain('data-ad-position="bottom"');
    // Meta tags and JSON-LD carry the text only (issue 27 §2).
    expect(article.body).toContain('<meta name="description" content="Excerpt alert(3)"/>');
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(article.body)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({ headline: 'Title alert("t")', description: 'Excerpt alert(3)' });

    const rss = await page('/blog/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    // Feeds carry text, not HTML (issue 27 §2): the markup is stripped, not merely escaped for a reader to decode.
    expect(rss.body).toContain('<title>Title alert(&quot;t&quot;)</title>');
    expect(rss.body).toContain('<description>Excerpt alert(3)</description>');
    expect(rss.body).not.toContain('&lt;');
    expect(rss.body).not.toMatch(/<script/i);
    expect(rss.body).not.toMatch(/<svg/i);
  });

  it('serves a post with its meta, OG, Twitter, JSON-LD, author box and like count; 404 for drafts, scheduled and unknown slugs', async () => {
    await createPost({
      title: 'Meta post',
      slug: 'meta-post',
      excerpt: 'An excerpt',
      meta_description: 'Meta description',
      meta_keywords: 'one, two',
      featured_image_url: '/uploads/0123456789abcdef0123456789abcdef.png',
      featured_image_alt: 'A "steam" <engine> & its gears',
      author_name: 'Ada Lovelace',
      author_bio: 'Writes about engines.',
    });
    await createPost({ title: 'Draft', slug: 'draft', is_published: false });
    await createPost({ title: 'Later', slug: 'later', published_at: new Date(clock + DAY).toISOString() });
    const html = (await page('/blog/meta-post')).body;
    expect(html).toContain('<link rel="canonical" href="http://jotit.test/blog/meta-post"/>');
    expect(html).toContain('<meta property="og:image" content="http://jotit.test/uploads/0123456789abcdef0123456789abcdef.png"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="keywords" content="one, two"/>');
    expect(html).toContain('<meta name="description" content="Meta description"/>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('Writes about engines.');
    // The cover's alt text (issue 37 §6), escaped as an attribute, on the post and on its /blog card.
    const coverAlt = 'alt="A &quot;steam&quot; &lt;engine&gt; &amp; its gears"';
    expect(html).toMatch(new RegExp(`<img src="/uploads/0123456789abcdef0123456789abcdef.png" ${coverAlt}`));
    expect((await page('/blog')).body).toContain(coverAlt);
    expect(html).toContain('application/rss+xml');
    expect(html).toContain('Stay Updated');
    for (const slug of ['draft', 'later', 'nope']) expect((await page(`/blog/${slug}`)).statusCode).toBe(404);
    // Text PostgreSQL cannot take in a parameter (NUL), and bytes that are not UTF-8 (a lone surrogate): the 404 page
    // too (issue 34 §8; Fastify's router answered 400).
    for (const slug of ['%00', 'a%00b', '%ED%A0%80', '%FF']) expect((await page(`/blog/${slug}`)).statusCode, slug).toBe(404);
    expect((await page('/blog')).body).not.toContain('Later');
    expect((await page('/blog/rss.xml')).body).not.toContain('/blog/later');
    expect((await page('/sitemap.xml')).body).not.toContain('/blog/later');
  });

  it('caches pages with a fresh nonce per request, drops them on a change, and expires them at the next scheduled publish', async () => {
    await createPost({ title: 'First post', slug: 'first' });
    await createPost({ title: 'Scheduled post', slug: 'scheduled', published_at: new Date(clock + 60_000 * 5).toISOString() });
    const first = await page('/blog');
    const second = await page('/blog');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    const nonceOf = (response: { headers: Record<string, unknown> }) => /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    const nonce = nonceOf(second)!;
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first));
    expect(second.body).toContain(`nonce="${nonce}"`);
    expect(second.body).not.toContain(`nonce="${nonceOf(first)}"`);
    expect(second.body).not.toContain('Scheduled post');

    // Hits are compressed per request (the nonce differs), and decode to the page with the request's own nonce.
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const hit = await app.inject({ method: 'GET', url: '/blog', headers: { 'accept-encoding': encoding } });
      expect(hit.headers['x-page-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe(encoding);
      expect(hit.headers.vary).toContain('Accept-Encoding');
      const html = decode(hit.rawPayload).toString('utf8');
      expect(html).toContain(`nonce="${nonceOf(hit)!}"`);
      expect(html).toContain('First post');
    }

    // A change drops the cache.
    await createPost({ title: 'Another post', slug: 'another' });
    const afterChange = await page('/blog');
    expect(afterChange.headers['x-page-cache']).toBe('miss');
    expect(afterChange.body).toContain('Another post');

    // The scheduled post goes live: the cached page expired at its time.
    expect((await page('/blog')).headers['x-page-cache']).toBe('hit');
    clock += 60_000 * 5 + 1;
    const later = await page('/blog');
    expect(later.headers['x-page-cache']).toBe('miss');
    expect(later.body).toContain('Scheduled post');
    expect((await page('/blog/scheduled')).statusCode).toBe(200);

    // A banner saved in the admin drops the cached pages too (the strip is server-rendered into them).
    expect((await page('/blog')).headers['x-page-cache']).toBe('hit');
    const banner = await api('POST', '/api/banners', { title: 'Cache-busting banner', message: 'Fresh news', type: 'info' });
    expect(banner.statusCode, banner.body).toBe(201);
    expect((await page('/blog')).headers['x-page-cache']).toBe('miss');
  });

  it('offers the categories of the table as filters and features a featured post first', async () => {
    await api('POST', '/api/blog-categories', { name: 'Industry' });
    // A category outside the spec's list is offered only while a live post is in it.
    await api('POST', '/api/blog-categories', { name: 'General' });
    await createPost({ title: 'Newest', published_at: new Date(clock - 1000).toISOString() });
    await createPost({ title: 'Starred', is_featured: true, published_at: new Date(clock - 5000).toISOString() });
    const html = (await page('/blog')).body;
    const buttons = [...html.matchAll(/aria-pressed="(?:true|false)"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(buttons).toEqual(['All', 'Security', 'Engineering', 'Industry']);
    // The featured card is the first h2 after the filters.
    expect(html.indexOf('Starred')).toBeLessThan(html.indexOf('Newest'));
    await createPost({ title: 'Filed under General', category: 'General' });
    const withGeneral = (await page('/blog')).body;
    expect([...withGeneral.matchAll(/aria-pressed="(?:true|false)"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      'All',
      'Security',
      'Engineering',
      'Industry',
      'General',
    ]);
  });
});
