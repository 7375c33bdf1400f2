/**
 * `npx tsx bench/pages-run.ts`: only the page scenarios of `npm run bench` (bench/run.ts), for work on the render
 * path without the whole bench's ingestion and million-jot phases. Same app server (the production build, as
 * `npm start` runs it), same demo blog, same floor (bench/render-anchor.ts: React's renderToString of a page of the
 * same size, gzip level 1), same alternating slices, 20 connections.
 *
 * For each page: the floor, the page rendered per request (an `Authorization` header: never served from the page
 * cache) and, unless PAGES_CACHED=0, the anonymous page (from the cache). Budget of a page rendered per request
 * (issue 35): ≥ 0.5 of the floor, p99 < 100 ms.
 *
 * Env: BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created here and dropped afterwards),
 * BENCH_SECONDS (10 per scenario), PAGES (comma-separated paths; default `/,/blog,/blog/{slug}`), PAGES_CACHED,
 * PAGES_NODE_ARGS (extra node flags for the app server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { blogCategories, blogPosts } from '../src/server/db/schema.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS } from '../src/server/db/seed-data.ts';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { benchChildren, benchRoot, measurePair, printTable, type Row, SECONDS, startChild, withPgClient } from './lib.ts';

const PAGE_CONNECTIONS = 20;
const BROWSER_ENCODING = 'gzip, deflate, br';
const SIGNED_IN = { authorization: 'Bearer a-signed-in-browser' };

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const databaseName = `jotit_pages_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const adminQuery = (sql: string) => withPgClient(adminUrl, (client) => client.query(sql));

/** The database bench/run.ts prepares for its page scenarios: migrated, with the demo blog's six long articles. */
async function prepareDatabase(): Promise<void> {
  await adminQuery(`create database ${databaseName}`);
  const { openDatabase } = await import('../src/server/db/client.ts');
  const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
  await handle.migrate();
  await handle.db.insert(blogCategories).values(DEMO_BLOG_CATEGORIES.map((category) => ({ ...category })));
  await handle.db.insert(blogPosts).values(
    DEMO_BLOG_POSTS.map((post) => ({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      authorName: post.authorName,
      category: post.category,
      tags: [...post.tags],
      readTimeMinutes: post.readTimeMinutes,
      isPublished: true,
      publishedAt: new Date(post.publishedAt),
    })),
  );
  await handle.close();
}

async function main(): Promise<void> {
  const slug = DEMO_BLOG_POSTS[0]!.slug;
  const paths = (process.env.PAGES ?? '/,/blog,/blog/{slug}').split(',').map((page) => page.replace('{slug}', slug));
  const withCached = process.env.PAGES_CACHED !== '0';
  console.log(`JotIt page bench: ${os.cpus().length} CPUs, Node ${process.version}, ${PAGE_CONNECTIONS} connections, ${SECONDS} s per scenario`);
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: benchRoot, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-server.mjs', 'bench/app-server.ts', 'dist/bench/app-server.js'], {
    cwd: benchRoot,
    stdio: 'inherit',
  });
  await prepareDatabase();
  const extraFlags = (process.env.PAGES_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const app = await startChild('dist/bench/app-server.js', { DATABASE_URL: databaseUrl, PAGES: '1' }, [...startNodeFlags(), ...extraFlags]);
  const anchor = await startChild('bench/render-anchor.ts', {});
  const appUrl = `http://127.0.0.1:${app.port}`;
  const anchorUrl = `http://127.0.0.1:${anchor.port}`;

  const rows: Row[] = [];
  for (const pagePath of paths) {
    const label = `GET ${pagePath.replace(slug, '{slug}')}`;
    const cases: Array<[string, Record<string, string>]> = [['rendered per request (Authorization)', SIGNED_IN]];
    if (withCached) cases.push(['anonymous, cached', {}]);
    for (const [variant, extraHeaders] of cases) {
      const headers = { 'accept-encoding': BROWSER_ENCODING, ...extraHeaders };
      const html = await (await fetch(`${appUrl}${pagePath}`, { headers: extraHeaders })).text();
      const kb = Math.round(html.length / 1024);
      const [floor, measured] = await measurePair(
        `${label} ${variant}`,
        { url: `${anchorUrl}/?bytes=${html.length}`, connections: PAGE_CONNECTIONS, headers },
        { url: `${appUrl}${pagePath}`, connections: PAGE_CONNECTIONS, headers },
      );
      const ratio = measured.requestsPerSecond / floor.requestsPerSecond;
      const perRequest = extraHeaders !== SIGNED_IN ? false : true;
      rows.push(
        { scenario: `react-dom renderToString, ${kb} KB, gzip`, requestsPerSecond: floor.requestsPerSecond, p50Ms: floor.p50, p99Ms: floor.p99, anchor: null, ratio: null, budget: null, pass: null },
        {
          scenario: `${label} (${variant}, ${kb} KB)`,
          requestsPerSecond: measured.requestsPerSecond,
          p50Ms: measured.p50,
          p99Ms: measured.p99,
          anchor: 'react-dom floor, same size',
          ratio,
          budget: perRequest ? '≥ 0.5, p99 < 100 ms' : '≥ 2.0, p99 < 100 ms',
          pass: ratio >= (perRequest ? 0.5 : 2) && measured.p99 < 100 && measured.non2xx === 0 && measured.errors === 0,
        },
      );
    }
  }
  printTable(rows);
  if (rows.some((row) => row.pass === false)) process.exitCode = 1;
}

async function cleanUp(): Promise<void> {
  // SIGTERM lets the app server close (and write its CPU profile when PAGES_NODE_ARGS asked for one).
  const exits = benchChildren
    .filter((child) => child.exitCode === null)
    .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')));
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 5000))]);
  await adminQuery(`drop database if exists ${databaseName} with (force)`).catch((error: unknown) =>
    console.error(`Could not drop ${databaseName}:`, error),
  );
}

process.on('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
