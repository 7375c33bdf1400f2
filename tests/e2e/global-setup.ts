import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser.ts';
import { startServer, utcDay } from './server.ts';

/**
 * Browser tests need Debian's Chromium and the built app: say how to get each rather than skip. Then seeds one data
 * directory that every test server starts on a copy of (server.ts says why), and removes it after the run.
 */
export default async function setup(project: TestProject) {
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
  const day = utcDay();
  // The first start migrates and seeds an empty embedded database: on a loaded machine that took over 60 s.
  const server = await startServer({}, { seeded: false, readyTimeoutMs: 180_000 });
  const exitCode = await server.stop();
  if (exitCode !== 0) throw new Error(`The server that seeds the browser tests' data stopped with ${exitCode}:\n${server.output.join('')}`);
  project.provide('e2eSeededData', { dir: server.dataDir, day });
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
