// `npm run lighthouse`: starts the product (as `npm start` does, on a fresh embedded database) and prints the four
// Lighthouse scores (mobile) for home, help and blog against the budgets of docs/architecture.md §8. Exits 1 below budget.
// Each page runs RUNS times and the median run (by performance score) counts: single runs vary by several points
// on a busy 2-core machine, so the table also shows the median run's metrics (FCP, LCP, TBT, speed index, CLS) to
// compare before and after a change. LIGHTHOUSE_PAGES=/,/blog/x picks other pages; LIGHTHOUSE_REPORT_DIR=dir writes
// each page's median report (JSON) there, to read its audits (network requests, critical request chains, …).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';

const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/help', '/blog'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', SI: 'speed-index', CLS: 'cumulative-layout-shift' } as const;
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof BUDGET;

// A fresh start migrates and seeds the embedded database: minutes, not seconds, when the shared machine is busy.
const server = await startServer({ LOG_LEVEL: 'warn' }, { readyTimeoutMs: 240_000 });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
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
