// `npm run lighthouse`: starts the product (as `npm start` does, on a fresh embedded database) and prints the four
// Lighthouse scores (mobile) for home, help, blog and a post with a cover and two inline images (issue 39: uploaded
// as an editor would, once their sizes are made) against the budgets of docs/architecture.md §8, and the bytes of
// images each page downloads. Exits 1 below budget.
// Each page runs RUNS times and the median run (by performance score) counts: single runs vary by several points
// on a busy 2-core machine, so the table also shows the median run's metrics (FCP, LCP, TBT, speed index, CLS) to
// compare before and after a change. LIGHTHOUSE_PAGES=/,/blog/x picks other pages; LIGHTHOUSE_REPORT_DIR=dir writes
// each page's median report (JSON) there, to read its audits (network requests, critical request chains, …).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts';
import { photo } from '../tests/fixtures/photo.ts';
import { E2E_ADMIN, type RunningServer, startServer } from '../tests/e2e/server.ts';
import { signInViaApi } from '../tests/e2e/session.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', SI: 'speed-index', CLS: 'cumulative-layout-shift' } as const;
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof BUDGET;

/**
 * Uploads a cover and two inline photos as the admin and publishes a post with them, once the image job has made
 * their sizes (its log line for each: LOG_LEVEL info, `npm start`'s default), so the page is measured as visitors get it. Its path.
 */
async function postWithImages(server: RunningServer): Promise<string> {
  const { token } = await signInViaApi(server.baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { Authorization: `Bearer ${token}` };
  const urls: string[] = [];
  // The sizes of the blog's image test (src/server/modules/blog/blog-images.test.ts): cover, then the two inline.
  for (const [width, height] of [[2400, 1600], [1600, 1200], [1200, 900]] as const) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await photo(width, height))], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(new URL('/api/uploads', server.baseUrl), { method: 'POST', body: form, headers });
    if (response.status !== 201) throw new Error(`Upload of ${width}×${height}: ${response.status} ${await response.text()}`);
    urls.push(((await response.json()) as { url: string }).url);
  }
  const madeSizes = () => server.output.join('').split('image sizes made').length - 1;
  for (const deadline = Date.now() + 120_000; madeSizes() < urls.length; ) {
    if (Date.now() > deadline) throw new Error(`The image sizes were not made in 2 minutes (${madeSizes()} of ${urls.length})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const [cover, first, second] = urls as [string, string, string];
  const paragraph = 'A jot is a thought caught before it slips away: a line typed into the tray, saved at once, found again later. '.repeat(3);
  const response = await fetch(new URL('/api/blog-posts', server.baseUrl), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Three photographs and a jot',
      category: 'General',
      excerpt: 'A post with a cover and two inline images, measured as a visitor on a phone gets it.',
      content: `${paragraph}\n\n![A desk by a window in the morning](${first})\n\n${paragraph}\n\n![A notebook open beside a laptop](${second})\n\n${paragraph}`,
      featured_image_url: cover,
      featured_image_alt: 'A lighthouse at dusk',
      is_published: true,
    }),
  });
  if (response.status !== 201) throw new Error(`Creating the post: ${response.status} ${await response.text()}`);
  return `/blog/${((await response.json()) as { slug: string }).slug}`;
}

/** Bytes of images the page downloaded in this run (Lighthouse's phone: 412 px wide at 1.75 device pixels a pixel). */
function imageBytes(audits: Record<string, { details?: unknown }>): number {
  const details = audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined;
  const items = details?.items ?? [];
  return items.filter((item) => item.resourceType === 'Image').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

// A fresh start migrates and seeds the embedded database: minutes, not seconds, when the shared machine is busy.
const server = await startServer({ LOG_LEVEL: 'info' }, { readyTimeoutMs: 240_000 });
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/help', '/blog', await postWithImages(server)];
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
});
let failed = false;
const rows: Array<Record<string, string | number>> = [];
try {
  for (const page of PAGES) {
    const results = [];
    for (let run = 0; run < RUNS; run += 1) {
      const runResult = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      });
      if (!runResult) throw new Error(`Lighthouse returned nothing for ${page}`);
      results.push(runResult);
    }
    results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const result = results[Math.floor(results.length / 2)]!;
    const row: Record<string, string | number> = { page };
    for (const category of Object.keys(BUDGET) as Category[]) {
      const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
      row[category] = score;
      if (score < BUDGET[category]) {
        failed = true;
        const audits = Object.values(result.lhr.audits).filter(
          (audit) => audit.score !== null && audit.score < 1 && result.lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
        );
        console.log(`  ${page} ${category} ${score} < ${BUDGET[category]}: ${audits.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join(', ')}`);
      }
    }
    for (const [name, id] of Object.entries(METRICS)) row[name] = result.lhr.audits[id]?.displayValue ?? '';
    row['images KB'] = Math.round(imageBytes(result.lhr.audits) / 1024);
    rows.push(row);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const file = path.join(REPORT_DIR, `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`);
      writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.table(rows);
console.log(failed ? 'Below budget (docs/architecture.md §8).' : 'Every page meets the Lighthouse budget.');
process.exit(failed ? 1 : 0);
