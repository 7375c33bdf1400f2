import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './browser.ts';

/** Browser tests need Debian's Chromium and the built app; say how to get each rather than skip. */
export default function setup() {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    throw new Error(
      `Browser tests need Chromium at ${executable}.\n` +
        'Install it with: apt-get update && apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to a Chromium binary). Never `npx playwright install` here: it cannot download.',
    );
  }
  if (!existsSync(path.resolve(import.meta.dirname, '../..', process.env.JOTIT_BUILD_DIR ?? 'build', 'server/index.js'))) {
    throw new Error('The web build is missing: run `npm run build` (npm test does it for you).');
  }
}
