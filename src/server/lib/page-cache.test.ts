/**
 * The page cache (lib/page-cache.ts) as `npm start` serves pages: a cached page changes right after its content
 * changes, every response carries its own CSP nonce (also in the pre-built gzip), a request is served from the cache
 * whatever cookies or credentials it carries (decision 0045), a page that renders by a cookie keeps one page per
 * listed value and no more, and the live jot count refreshes within the freshness window.
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../tests/fixtures/users.ts';
import { createContentEvents } from './content-events.ts';
import { MAX_VARIANT_VALUES, PageCache, pageCacheKey, type RenderedPage, routePageKey, varianceValue } from './page-cache.ts';

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
/** A page's HTML with its nonce (the one part that differs per request) replaced. */
const bodyOf = (response: Response) => response.body.replaceAll(nonceOf(response)!, 'N');
const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]);

describe(`anonymous page cache on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let clock: number;

  beforeAll(async () => {
    testApp = await createTestApp({ LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100' }, { ssr: true });
    app = testApp.app;
    admin = await createTestAdmin(app);
    // Building an app with pages on PGlite took 83 s on the shared machine at load average 31 (60 s by default).
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
  });
  beforeEach(() => {
    clock = Date.parse('2026-06-01T12:00:00Z');
    app.services.now = () => new Date(clock);
    app.services.contentEvents.emit('pages');
  });

  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const api = (method: 'POST' | 'PATCH', url: string, payload: object) => app.inject({ method, url, payload, headers: admin.headers });

  it('keys GETs by path and sorted query, whatever headers the request carries', () => {
    expect(pageCacheKey('GET', '/')).toBe('/');
    expect(pageCacheKey('GET', '/help/')).toBe('/help');
    expect(pageCacheKey('GET', '/blog?b=2&a=1')).toBe('/blog?a=1&b=2');
    expect(pageCacheKey('GET', '/blog?')).toBe('/blog');
    expect(pageCacheKey('HEAD', '/blog/a-post')).toBe('/blog/a-post');
    expect(pageCacheKey('POST', '/')).toBeNull();
  });

  it('stores only the pages whose route says every anonymous visitor sees them alike', async () => {
    for (const url of ['/admin', '/login', '/reset-password?token=x', '/c/launch', '/api-tester', '/unsubscribe?token=x']) {
      const responses = [await page(url), await page(url)];
      expect(responses.map((response) => response.headers['x-page-cache']), url).toEqual(['miss', 'miss']);
    }
    await page('/privacy-policy');
    expect((await page('/privacy-policy')).headers['x-page-cache']).toBe('hit');
  });

  it('serves a blog category the filter does not offer as the page /blog, byte for byte: ever-new values render nothing (decision 0077)', async () => {
    const blog = await page('/blog');
    const variants = await Promise.all(Array.from({ length: 40 }, (_, index) => page(`/blog?category=campaign-${index}`)));
    expect(new Set(variants.map((response) => `${response.statusCode} ${response.headers['x-page-cache']}`))).toEqual(new Set(['200 hit']));
    expect(bodyOf(variants[39]!)).toBe(bodyOf(blog));
    expect((await page('/blog?category=All')).headers['x-page-cache']).toBe('hit');
  });

  it('serves a query string the page does not read from the page without it, byte for byte (decision 0060)', async () => {
    const plain = await page('/');
    const busters = await Promise.all(
      Array.from({ length: 300 }, (_, index) => page(`/?v=${index}&utm_source=s${index}&fbclid=${index * 7}`)),
    );
    expect(new Set(busters.map((response) => response.headers['x-page-cache']))).toEqual(new Set(['hit']));
    expect(bodyOf(busters[299]!)).toBe(bodyOf(plain));
    // `/help` learns at its first junk query that it reads none; from then on every junk query is `/help`.
    const junk = [];
    for (let index = 0; index < 50; index += 1) junk.push((await page(`/help?junk=${index}`)).headers['x-page-cache']);
    expect(junk[0]).toBe('miss');
    expect(junk.slice(2)).toEqual(Array<string>(48).fill('hit'));
    // A parameter the page reads still makes its own page: the blog filtered by a category.
    const filtered = await page('/blog?category=Security&utm_source=x');
    expect(filtered.statusCode).toBe(200);
    expect((await page('/blog?category=Security&utm_source=y')).headers['x-page-cache']).toBe('hit');
    expect((await page('/blog?category=Security')).headers['x-page-cache']).toBe('hit');
  });

  it('stores the not-found page once for every unknown path, with its 404, and still renders the 404 of a route (decision 0060)', async () => {
    const first = await page('/no-such-page');
    expect(first.statusCode).toBe(404);
    const others = await Promise.all(Array.from({ length: 500 }, (_, index) => page(`/missing-${index}/deeper?x=${index}`)));
    expect(new Set(others.map((response) => `${response.statusCode} ${response.headers['x-page-cache']}`))).toEqual(new Set(['404 hit']));
    expect(bodyOf(others[0]!)).toBe(bodyOf(first));
    expect(new Set(scriptNonces(others[0]!.body))).toEqual(new Set([nonceOf(others[0]!)]));
    // Rendered afresh at another path (after a change drops it), it is the same page: nothing in it reads the path.
    app.services.contentEvents.emit('pages');
    const elsewhere = await page('/some/other/unknown/path');
    expect(elsewhere.headers['x-page-cache']).toBe('miss');
    expect(bodyOf(elsewhere)).toBe(bodyOf(first));
    // A route's own 404 (an unknown post) is that route's page, not the site's: stored once for every unknown slug
    // (decision 0077).
    const missingPost = await page('/blog/no-such-post');
    const posts = await Promise.all(Array.from({ length: 50 }, (_, index) => page(`/blog/unknown-${index}`)));
    expect(`${missingPost.statusCode} ${missingPost.headers['x-page-cache']}`).toBe('404 miss');
    expect(new Set(posts.map((response) => `${response.statusCode} ${response.headers['x-page-cache']}`))).toEqual(new Set(['404 hit']));
    expect(bodyOf(posts[49]!)).toBe(bodyOf(missingPost));
    expect(bodyOf(missingPost)).not.toBe(bodyOf(first));
    // React Router's data requests are never the stored page.
    expect((await page('/no-such-page.data')).body).not.toContain('<html');
  });

  it('shows a post published at a slug nobody could find before, not the stored not-found page (decision 0077)', async () => {
    expect((await page('/blog/appears-later')).statusCode).toBe(404);
    expect((await page('/blog/appears-later')).headers['x-page-cache']).toBe('hit');
    expect((await api('POST', '/api/blog-categories', { name: 'Infrastructure' })).statusCode).toBe(201);
    const post = await api('POST', '/api/blog-posts', { title: 'Late arrival', content: 'Body', category: 'Infrastructure', is_published: true, slug: 'appears-later' });
    expect(post.statusCode, post.body).toBe(201);
    const shown = await page('/blog/appears-later');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Late arrival');
    expect((await page('/blog/appears-later')).headers['x-page-cache']).toBe('hit');
    // The other unknown slugs are still the one not-found page; the category now offered is a page of its own.
    const unknown = [await page('/blog/still-unknown'), await page('/blog/also-unknown')];
    expect(unknown.map((response) => `${response.statusCode} ${response.headers['x-page-cache']}`)).toEqual(['404 miss', '404 hit']);
    const filtered = await page('/blog?category=Infrastructure');
    expect(filtered.headers['x-page-cache']).toBe('miss');
    expect(filtered.body).toContain('Late arrival');
  });

  it('stores the not-found page of content pages once for every unknown slug, and shows a page published there (decision 0077)', async () => {
    const first = await page('/p/no-such-page');
    const others = await Promise.all(Array.from({ length: 30 }, (_, index) => page(`/p/unknown-${index}`)));
    expect(`${first.statusCode} ${first.headers['x-page-cache']}`).toBe('404 miss');
    expect(new Set(others.map((response) => `${response.statusCode} ${response.headers['x-page-cache']}`))).toEqual(new Set(['404 hit']));
    expect(bodyOf(others[29]!)).toBe(bodyOf(first));
    const created = await api('POST', '/api/pages', { title: 'Published later', slug: 'unknown-3', content: 'Now here', is_published: true });
    expect(created.statusCode, created.body).toBe(201);
    const shown = await page('/p/unknown-3');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Published later');
    expect((await page('/p/unknown-4')).statusCode).toBe(404);
  });

  it('gives every response of a cached page its own nonce, in the CSP header and every script tag, plain and gzip', async () => {
    const first = await page('/help');
    const second = await page('/help');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers.etag).toBeUndefined();
    expect(String(second.headers.vary)).toMatch(/Accept-Encoding/);
    expect(nonceOf(second)).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    const nonces = scriptNonces(second.body);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonceOf(second)]));

    const zipped = await page('/help', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(new Set(scriptNonces(html))).toEqual(new Set([nonceOf(zipped)]));
    expect(html.replaceAll(nonceOf(zipped)!, 'N')).toBe(second.body.replaceAll(nonceOf(second)!, 'N'));
  });

  it('shows a banner, a FAQ and a blog post edit right after the change', async () => {
    expect((await page('/help')).body).not.toContain('Fresh banner news');
    expect((await page('/help')).headers['x-page-cache']).toBe('hit');
    expect((await api('POST', '/api/banners', { title: 'Fresh banner', message: 'Fresh banner news', type: 'info' })).statusCode).toBe(201);
    const withBanner = await page('/help');
    expect(withBanner.headers['x-page-cache']).toBe('miss');
    expect(withBanner.body).toContain('Fresh banner news');

    expect((await page('/help')).headers['x-page-cache']).toBe('hit');
    const faq = await api('POST', '/api/faqs', { question: 'Is the cache fresh?', answer: 'Right after a change.' });
    expect(faq.statusCode, faq.body).toBe(201);
    expect((await page('/help')).body).toContain('Is the cache fresh?');

    expect((await page('/help')).headers['x-page-cache']).toBe('hit');
    const video = await app.inject({
      method: 'PUT',
      url: '/api/help-config',
      payload: { videoUrl: 'https://youtu.be/dQw4w9WgXcQ', videoTitle: 'Cache tour video' },
      headers: admin.headers,
    });
    expect(video.statusCode, video.body).toBe(200);
    expect((await page('/help')).body).toContain('Cache tour video');

    expect((await api('POST', '/api/blog-categories', { name: 'Security' })).statusCode).toBe(201);
    const post = await api('POST', '/api/blog-posts', { title: 'Cached title', content: 'Body text', category: 'Security', is_published: true, slug: 'cached' });
    expect(post.statusCode, post.body).toBe(201);
    expect((await page('/blog/cached')).body).toContain('Cached title');
    expect((await page('/blog/cached')).headers['x-page-cache']).toBe('hit');
    expect((await page('/blog')).body).toContain('Cached title');
    const edit = await api('PATCH', `/api/blog-posts/${post.json<{ id: string }>().id}`, { title: 'Edited title', version: 1 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await page('/blog/cached')).body).toContain('Edited title');
    expect((await page('/blog')).body).toContain('Edited title');
  });

  it('renders a page nobody has stored once: requests arriving meanwhile wait for that render', async () => {
    const responses = await Promise.all([page('/about'), page('/about'), page('/about')]);
    expect(responses.map((response) => response.headers['x-page-cache']).sort()).toEqual(['hit', 'hit', 'miss']);
    for (const response of responses) expect(new Set(scriptNonces(response.body))).toEqual(new Set([nonceOf(response)]));
  });

  it('serves a page requested with a CDN\'s and an analytics cookie from the cache, byte-identical to the anonymous one', async () => {
    const cookies = { cookie: '__cf_bm=Zx9.aB3-1764400000-1.0.1.1-abcdef; _ga=GA1.1.123456789.1764400000; cf_clearance=xyz' };
    const anonymous = await page('/help');
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    const withCookies = await page('/help', cookies);
    expect(withCookies.statusCode).toBe(200);
    expect(withCookies.headers['x-page-cache']).toBe('hit');
    expect(withCookies.body.replaceAll(nonceOf(withCookies)!, 'N')).toBe(anonymous.body.replaceAll(nonceOf(anonymous)!, 'N'));
    expect(String(withCookies.headers.vary)).not.toMatch(/Cookie/);
    // The other way round: a page first rendered for a request with cookies is stored and served to everyone.
    const first = await page('/blog', cookies);
    expect(first.headers['x-page-cache']).toBe('miss');
    const next = await page('/blog');
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.body.replaceAll(nonceOf(next)!, 'N')).toBe(first.body.replaceAll(nonceOf(first)!, 'N'));
  });

  it('serves a request with Authorization or a session cookie from the cache too: the HTML does not read them', async () => {
    const anonymous = await page('/');
    const same = (response: Response) => response.body.replaceAll(nonceOf(response)!, 'N');
    for (const headers of [{ authorization: 'Bearer abc' }, admin.headers, { cookie: 'session=abc' }]) {
      const response = await page('/', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-page-cache']).toBe('hit');
      expect(same(response)).toBe(same(anonymous));
    }
    // A signed-in render is stored like any other (it cannot differ): the next anonymous request is a hit.
    expect((await page('/about', admin.headers)).headers['x-page-cache']).toBe('miss');
    expect((await page('/about')).headers['x-page-cache']).toBe('hit');
  });

  it('keeps one page however many distinct cookies and headers the requests carry (2,000 cookies, 1,000 headers)', async () => {
    await page('/');
    const states = new Set<string>();
    for (let request = 0; request < 40; request += 1) {
      const headers: Record<string, string> = {
        cookie: Array.from({ length: 50 }, (_, index) => `c${request}_${index}=${request * 50 + index}`).join('; '),
      };
      for (let index = 0; index < 25; index += 1) headers[`x-junk-${request}-${index}`] = String(index);
      const response = await page('/', headers);
      expect(response.statusCode).toBe(200);
      states.add(String(response.headers['x-page-cache']));
    }
    expect(states).toEqual(new Set(['hit']));
  });

  it('refreshes the live jot count once the page is no longer fresh (3 s), one request rendering while others get the stored page', async () => {
    const countIn = (html: string) => /\\"jotCount\\",(\d+)/.exec(html)?.[1];
    const before = await page('/');
    const count = Number(countIn(before.body));
    expect(Number.isInteger(count)).toBe(true);
    app.jotFeed.recordInserted([{ id: 1_000_000, createdAt: new Date(clock), senderCity: null, senderState: null, senderCountry: null }]);
    clock += 1000;
    const within = await page('/');
    expect(within.headers['x-page-cache']).toBe('hit');
    expect(countIn(within.body)).toBe(String(count));
    clock += 2500;
    const [refresher, meanwhile] = await Promise.all([page('/'), page('/')]);
    expect(refresher.headers['x-page-cache']).toBe('miss');
    expect(countIn(refresher.body)).toBe(String(count + 1));
    expect(meanwhile.headers['x-page-cache']).toBe('hit');
    expect(countIn(meanwhile.body)).toBe(String(count));
    const after = await page('/');
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(countIn(after.body)).toBe(String(count + 1));
  });

  it('lets a HEAD request of a stale page get the stored page without taking the refresh from the next GET', async () => {
    const countIn = (html: string) => /\\"jotCount\\",(\d+)/.exec(html)?.[1];
    const count = Number(countIn((await page('/')).body));
    app.jotFeed.recordInserted([{ id: 1_000_001, createdAt: new Date(clock), senderCity: null, senderState: null, senderCountry: null }]);
    clock += 3500;
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-page-cache']).toBe('hit');
    const next = await page('/');
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(countIn(next.body)).toBe(String(count + 1));
  });
  it('drops exactly the pages that read the changed content (their tags), and keeps the others', async () => {
    const created = async (slug: string) => {
      const response = await api('POST', '/api/pages', { title: `Page ${slug}`, slug, content: `Body of ${slug}`, is_published: true });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const first = await created('tagged-first');
    await created('tagged-second');
    const urls = ['/help', '/blog', '/about', '/p/tagged-first', '/p/tagged-second'];
    const states = async () => Object.fromEntries(await Promise.all(urls.map(async (url) => [url, (await page(url)).headers['x-page-cache']])));
    await states();
    expect(Object.values(await states())).toEqual(['hit', 'hit', 'hit', 'hit', 'hit']);

    // A FAQ: only /help read the FAQs.
    expect((await api('POST', '/api/faqs', { question: 'Which pages drop?', answer: 'Only those that read FAQs.' })).statusCode).toBe(201);
    expect(await states()).toEqual({ '/help': 'miss', '/blog': 'hit', '/about': 'hit', '/p/tagged-first': 'hit', '/p/tagged-second': 'hit' });

    // One page's body (the footer lists titles only): only that page.
    expect((await api('PATCH', `/api/pages/${first}`, { content: 'A new body', version: 1 })).statusCode).toBe(200);
    const after = await states();
    expect(after).toEqual({ '/help': 'hit', '/blog': 'hit', '/about': 'hit', '/p/tagged-first': 'miss', '/p/tagged-second': 'hit' });
    expect((await page('/p/tagged-first')).body).toContain('A new body');

    // Its title is in every page's footer: every page.
    expect((await api('PATCH', `/api/pages/${first}`, { title: 'Renamed page', version: 2 })).statusCode).toBe(200);
    expect(Object.values(await states())).toEqual(['miss', 'miss', 'miss', 'miss', 'miss']);
    expect((await page('/about')).body).toContain('Renamed page');
  });
});

/** Two instances sharing one PostgreSQL (the bus relays over LISTEN/NOTIFY; PGlite is one process, no relay). */
describe.skipIf(testDatabaseKind() !== 'postgres')('page cache tags across two instances (skipped on PGlite)', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100', FEED_POLL_MS: '3600000' };
    first = await createTestApp(env, { ssr: true });
    second = await createTestApp(env, { ssr: true, database: first.database });
    await vi.waitFor(() => expect(first.app.clusterBus.connected && second.app.clusterBus.connected).toBe(true), { timeout: 5000 });
    admin = await createTestAdmin(first.app);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('drops on the other instance exactly the pages carrying the tag of a change made here', async () => {
    // Far from any freshness window: only a dropped page renders again.
    second.app.services.now = () => new Date(Date.parse('2026-06-01T12:00:00Z'));
    const state = async (url: string) => (await second.app.inject({ url })).headers['x-page-cache'];
    for (const url of ['/help', '/blog']) await state(url);
    expect([await state('/help'), await state('/blog')]).toEqual(['hit', 'hit']);
    const faq = await first.app.inject({
      method: 'POST',
      url: '/api/faqs',
      headers: admin.headers,
      payload: { question: 'Relayed to the other instance?', answer: 'Through the bus.' },
    });
    expect(faq.statusCode, faq.body).toBe(201);
    await expect.poll(async () => (await second.app.inject({ url: '/help' })).body, { timeout: 2000, interval: 50 }).toContain('Relayed to the other instance?');
    expect(await state('/blog')).toBe('hit');
  });
});

/** The cache's own rules, on pages rendered here (no page of the site renders by a cookie today). */
describe('page cache variants and what it never stores', () => {
  const NONCE = 'n0nce-of-sixteen-characters';
  const THEME = { source: 'cookie', name: 'theme', values: ['light', 'dark'] } as const;
  const newCache = () => new PageCache({ events: createContentEvents(), now: () => new Date(Date.parse('2026-06-01T12:00:00Z')) });
  const rendered = (body: string, more: Partial<RenderedPage> = {}): RenderedPage => ({
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8']],
    body: `<html><script nonce="${NONCE}"></script>${body}</html>`,
    isShared: true,
    tags: new Set(),
    variances: [],
    ...more,
  });
  const bodyOf = (cache: PageCache, key: string) => cache.get(key, 'another-nonce-16-chars')?.body.toString('utf8');

  it('keeps one page per listed value of the cookie a page renders by, one for anything else, and no more', async () => {
    const cache = newCache();
    const renderFor = async (cookie: string | undefined) => {
      const headers = cookie === undefined ? {} : { cookie };
      const key = cache.keyOf('/', headers);
      if (cache.has(key)) return key;
      // What the render reads through the load context's varyOn (plugins/ssr.ts).
      const known = varianceValue(THEME, headers);
      await cache.set('/', rendered(`theme ${known ?? 'default'}`, { variances: [{ variance: THEME, value: known }] }), NONCE, cache.begin());
      return cache.keyOf('/', headers);
    };
    const dark = await renderFor('_ga=1; theme=dark');
    const light = await renderFor('theme=light');
    const none = await renderFor(undefined);
    expect(new Set([dark, light, none]).size).toBe(3);
    expect(bodyOf(cache, dark)).toContain('theme dark');
    expect(bodyOf(cache, light)).toContain('theme light');
    expect(bodyOf(cache, none)).toContain('theme default');
    expect(cache.get(dark, 'another-nonce-16-chars')?.headers).toContainEqual(['vary', 'Accept-Encoding, Cookie']);
    // Any other value, however many, is the default page: nothing more is stored.
    for (let index = 0; index < 500; index += 1) expect(await renderFor(`theme=custom-${index}; _ga=${index}`)).toBe(none);
    expect(cache.size).toBe(3);
    // The value alone is the key: other cookies beside it do not matter.
    expect(cache.keyOf('/', { cookie: 'cf_clearance=a; theme=dark; __cf_bm=b' })).toBe(dark);
  });

  it('stores nothing for a page that reads two request values, or a list longer than the limit', async () => {
    const cache = newCache();
    const long = { source: 'cookie', name: 'palette', values: Array.from({ length: MAX_VARIANT_VALUES + 1 }, (_, index) => `p${index}`) } as const;
    await cache.set('/long', rendered('x', { variances: [{ variance: long, value: 'p1' }] }), NONCE, cache.begin());
    const accept = { source: 'header', name: 'sec-ch-prefers-color-scheme', values: ['dark'] } as const;
    await cache.set('/two', rendered('x', { variances: [{ variance: THEME, value: null }, { variance: accept, value: null }] }), NONCE, cache.begin());
    expect(cache.size).toBe(0);
  });

  it('stores at most 16 query variants of a path, so ever-new values of a parameter a page reads cannot push the other pages out', async () => {
    const cache = newCache();
    const reads = { query: ['category'], atEveryPath: false };
    await cache.set('/', rendered('home'), NONCE, cache.begin());
    for (let index = 0; index < 20; index += 1) {
      await cache.set(`/blog?category=c${index}`, rendered(`c${index}`, { reads }), NONCE, cache.begin());
    }
    const stored = Array.from({ length: 20 }, (_, index) => cache.has(`/blog?category=c${index}`));
    expect(stored).toEqual([...Array<boolean>(16).fill(true), ...Array<boolean>(4).fill(false)]);
    expect(cache.has('/')).toBe(true);
  });

  it('learns the query parameters a page reads from its render, and stores no render that saw others', async () => {
    const cache = newCache();
    expect(cache.readKey('/blog?category=a&utm_source=x')).toBe('/blog?category=a&utm_source=x');
    // Its path not known yet: rendered with the junk, so not stored; but what it reads is learnt.
    await cache.set('/blog?category=a&utm_source=x', rendered('a', { reads: { query: ['category'], atEveryPath: false } }), NONCE, cache.begin());
    expect(cache.size).toBe(0);
    expect(cache.readKey('/blog?category=a&utm_source=x')).toBe('/blog?category=a');
    expect(cache.readKey('/blog?utm_source=x')).toBe('/blog');
    await cache.set('/blog?category=a', rendered('a', { reads: { query: ['category'], atEveryPath: false } }), NONCE, cache.begin());
    expect(bodyOf(cache, cache.readKey('/blog?category=a&fbclid=1'))).toContain('a');
    // A page that says nothing reads no parameter; a page no longer shared forgets it.
    await cache.set('/', rendered('home'), NONCE, cache.begin());
    expect(cache.readKey('/?v=1')).toBe('/');
    await cache.set('/', rendered('home', { isShared: false }), NONCE, cache.begin());
    expect(cache.readKey('/?v=1')).toBe('/?v=1');
  });

  it('keeps a page fresh from when its render began: a scheduled post whose time passes meanwhile is not hidden', async () => {
    const publishAt = Date.parse('2026-06-01T12:00:01Z');
    let clock = publishAt - 500;
    const cache = new PageCache({
      events: createContentEvents(),
      now: () => new Date(clock),
      nextScheduledAt: async (after) => (after.getTime() < publishAt ? new Date(publishAt) : null),
    });
    // Rendered before 12:00:01, stored (the next publish time asked) after it: the page never shows the post.
    const ticket = cache.begin();
    clock = publishAt + 100;
    await cache.set('/blog', rendered('without the scheduled post'), NONCE, ticket);
    expect(cache.get('/blog', 'another-nonce-16-chars')).toBeNull();
    // Rendered after it: stored, fresh for its 3 s.
    await cache.set('/blog', rendered('with the scheduled post'), NONCE, cache.begin());
    expect(cache.get('/blog', 'another-nonce-16-chars')?.body.toString('utf8')).toContain('with the scheduled post');
  });

  it('never stores a response that sets a cookie, or one that is not 200 unless it is the same at every path', async () => {
    const notFound = routePageKey('routes/not-found');
    const cache = newCache();
    await cache.set(notFound, rendered('x', { status: 404, reads: { query: [], atEveryPath: true } }), NONCE, cache.begin());
    expect(cache.get(notFound, 'another-nonce-16-chars')?.status).toBe(404);
    // Never under a path's own key: unknown paths must not fill the cache one by one.
    await cache.set('/no-such-path', rendered('x', { status: 404, reads: { query: [], atEveryPath: true } }), NONCE, cache.begin());
    expect(cache.has('/no-such-path')).toBe(false);
    await cache.set('/cookie', rendered('x', { headers: [['set-cookie', 'a=b; Path=/']] }), NONCE, cache.begin());
    await cache.set('/missing', rendered('x', { status: 404 }), NONCE, cache.begin());
    await cache.set('/fine', rendered('x'), NONCE, cache.begin());
    expect([cache.has('/cookie'), cache.has('/missing'), cache.has('/fine')]).toEqual([false, false, true]);
  });
});
