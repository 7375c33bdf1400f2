// Dev tool: `npx tsx scripts/screenshots.ts [--out dir] /path …` starts the product
// on a fresh embedded database and saves full-page screenshots at 1280 px and 375 px, for looking at by eye.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../tests/e2e/browser.ts';
import { startServer } from '../tests/e2e/server.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: '/tmp/shots' } },
});
const out = values.out!;
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    const { page, errors, close } = await openPage(browser, server.baseUrl, viewport);
    for (const pagePath of positionals.length ? positionals : ['/']) {
      await page.goto(pagePath);
      await page.waitForLoadState('networkidle');
      const file = path.join(out, `${pagePath.replace(/\W+/g, '_') || 'home'}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file, errors.length ? `errors: ${errors.join(' | ')}` : '');
    }
    await close();
  }
} finally {
  await browser.close();
  await server.stop();
}
