/**
 * The pages phase of `npm run bench` (bench/run.ts): each page against React's own floor measured in the same run
 * (bench/render-anchor.ts: renderToString of a tree of the page's HTML size, gzip level 1 per request), 20
 * connections, as a browser asks (gzip, deflate, br), alternating slices (bench/lib.ts `measurePair`).
 *
 *   cached          GET /, /help, /blog, /blog/{slug} with nothing but a browser's headers: ≥ 2.0× the floor,
 *                   p99 < 100 ms (the page cache, src/server/lib/page-cache.ts)
 *   unknown cookie  `/` and `/blog/{slug}` with a CDN's and an analytics cookie (`__cf_bm`, `_ga`; new values each
 *                   request): served from the cache like the cached rows, same budget (decision 0045)
 *   Authorization   the same with `Authorization: Bearer …` (a signed-in browser's API token sent to a page): the
 *                   HTML does not read it, so the same budget again
 *   404             a path that does not exist: the one stored not-found page, whatever the path (decision 0060;
 *                   rendered per request before it); issue 35's budget for these rows, ≥ 0.5 of the floor, p99 < 100 ms
 *   query variant   `/?v=N`, N new each request: a parameter the page does not read, so the page `/` (decision 0060;
 *                   past the 16 stored query variants, rendered per request before it); same budget
 *   unknown post    `/blog/{new slug}`: the post route's own not-found page, stored once for every unknown slug
 *                   (decision 0077; rendered per request before it); same budget
 *   unknown filter  `/blog?category=N`, N new each request: a category the filter does not offer is the page
 *                   `/blog` (decision 0077; rendered per request past the 16 stored values before it); same budget
 *
 * The app server runs with RATE_LIMIT_MULTIPLIER high (bench/app-server.ts), so neither the per-IP limits nor the
 * render budget (lib/render-budget.ts) refuses the bench's single client: the rows measure the work of a request.
 */
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import type { Database } from '../src/server/db/client.ts';
import { blogCategories, blogPosts } from '../src/server/db/schema.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS } from '../src/server/db/seed-data.ts';
import { demoBlogPostRows } from '../src/server/db/seed.ts';
import { measurePair, type Measured, type Row, startChild } from './lib.ts';

const PAGE_CONNECTIONS = 20;
const BROWSER_ENCODING = 'gzip, deflate, br';
const CACHED_RATIO = 2;
const RENDERED_RATIO = 0.5;
const P99_MS = 100;

/** A CDN's bot-management cookie and an analytics id, new for each request as for each visitor. */
function unknownCookies(): string {
  return `__cf_bm=${randomBytes(32).toString('base64url')}-1764400000-1.0.1.1; _ga=GA1.1.${randomBytes(4).readUInt32LE()}.1764400000`;
}

function infoRow(scenario: string, measured: Measured): Row {
  return { scenario, requestsPerSecond: measured.requestsPerSecond, p50Ms: measured.p50, p99Ms: measured.p99, anchor: null, ratio: null, budget: null, pass: null };
}

interface PageCase {
  label: string;
  path: string;
  /** Headers of every request; `perRequest` changes the request (a new cookie, a new query) each time. */
  headers?: Record<string, string>;
  perRequest?: (request: autocannon.Request) => autocannon.Request;
  status: number;
  minimumRatio: number;
  how: string;
}

export const PAGES_SETTINGS = { connections: PAGE_CONNECTIONS, browserEncoding: BROWSER_ENCODING };

/** The demo blog (six long articles), published: what the page rows render. */
export async function seedBenchBlog(db: Database): Promise<void> {
  await db.insert(blogCategories).values(DEMO_BLOG_CATEGORIES.map((category) => ({ ...category })));
  await db.insert(blogPosts).values(demoBlogPostRows());
}

export async function measurePages(appUrl: string): Promise<{ rows: Row[]; pageSizes: Record<string, number> }> {
  const renderAnchor = await startChild('bench/render-anchor.ts', {});
  const anchorUrl = `http://127.0.0.1:${renderAnchor.port}`;
  const slug = DEMO_BLOG_POSTS[0]!.slug;
  const token = process.env.BENCH_SIGNED_IN_TOKEN ?? 'a-signed-in-browser';
  let variant = 0;
  /** A page no cache can answer: every request asks for the next path of `pathOf` (one count for every such row). */
  const newPathEachRequest = (label: string, pathOf: (n: number) => string, status: number, how: string): PageCase => ({
    label,
    path: pathOf(0),
    perRequest: (request) => {
      variant += 1;
      return { ...request, path: pathOf(variant) };
    },
    status,
    minimumRatio: RENDERED_RATIO,
    how,
  });
  const cases: PageCase[] = [
    ...['/', '/help', '/blog', `/blog/${slug}`].map((path) => ({
      label: `GET ${path === `/blog/${slug}` ? '/blog/{slug}' : path}`,
      path,
      status: 200,
      minimumRatio: CACHED_RATIO,
      how: 'cached',
    })),
    ...['/', `/blog/${slug}`].flatMap((path): PageCase[] => {
      const label = `GET ${path === '/' ? '/' : '/blog/{slug}'}`;
      return [
        {
          label: `${label} unknown cookie`,
          path,
          perRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: unknownCookies() } }),
          status: 200,
          minimumRatio: CACHED_RATIO,
          how: '__cf_bm, _ga',
        },
        { label: `${label} Authorization`, path, headers: { authorization: `Bearer ${token}` }, status: 200, minimumRatio: CACHED_RATIO, how: 'Bearer token' },
      ];
    }),
    newPathEachRequest('GET /no-such-page/N (404)', (n) => `/no-such-page/${n}`, 404, 'new path each request, the stored not-found page'),
    newPathEachRequest('GET /?v=N query variant', (n) => `/?v=${n}`, 200, 'a parameter / does not read'),
    newPathEachRequest('GET /blog/{new slug} (404)', (n) => `/blog/no-such-post-${n}`, 404, "new slug each request, the post route's stored not-found page"),
    newPathEachRequest('GET /blog?category=N', (n) => `/blog?category=bench-${n}`, 200, 'a category the filter does not offer: the page /blog'),
  ];

  const rows: Row[] = [];
  const pageSizes: Record<string, number> = {};
  try {
    for (const page of cases) {
      const headers = { 'accept-encoding': BROWSER_ENCODING, ...page.headers };
      const sample = await fetch(`${appUrl}${page.path}`, { headers: page.headers });
      if (sample.status !== page.status) throw new Error(`${page.label}: expected ${page.status}, got ${sample.status}`);
      const html = await sample.text();
      pageSizes[page.label] = html.length;
      const kb = Math.round(html.length / 1024);
      const [floor, measured] = await measurePair(
        page.label,
        { url: `${anchorUrl}/?bytes=${html.length}`, connections: PAGE_CONNECTIONS, headers },
        {
          url: `${appUrl}${page.path}`,
          connections: PAGE_CONNECTIONS,
          headers,
          ...(page.perRequest ? { requests: [{ setupRequest: page.perRequest }] } : {}),
        },
      );
      const ratio = measured.requestsPerSecond / floor.requestsPerSecond;
      // A 404 row answers 404 by design: only transport errors count against it.
      const clean = measured.errors === 0 && (page.status !== 200 || measured.non2xx === 0);
      rows.push(infoRow(`react-dom renderToString, ${kb} KB, gzip`, floor), {
        scenario: `${page.label} (${page.how}, ${kb} KB)`,
        requestsPerSecond: measured.requestsPerSecond,
        p50Ms: measured.p50,
        p99Ms: measured.p99,
        anchor: 'react-dom floor, same size',
        ratio,
        budget: `≥ ${page.minimumRatio.toFixed(1)}, p99 < ${P99_MS} ms`,
        pass: ratio >= page.minimumRatio && measured.p99 < P99_MS && clean,
      });
    }
  } finally {
    renderAnchor.child.kill('SIGTERM');
  }
  return { rows, pageSizes };
}
