import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Projects: unit (shared + web logic), API integration on PGlite, the same API tests on the real PostgreSQL
 * server when TEST_DATABASE_URL is set (CI), operations tests on real processes (tests/ops: kill -9, restarts,
 * several instances behind a proxy; one file at a time so their timings hold), and browser tests against the built
 * app (run on their own, a file per core at a time: each file has its own server, data directory and browser, and a
 * file keeps about one core busy, so two at a time on CI's two cores cut the run's time, not a test's margins).
 */
const apiTests = ['src/server/**/*.test.ts'];
const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts'] } },
  { extends: true, test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' } } },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true, test: { name: 'api-postgres', include: apiTests, env: { TEST_DB: 'postgres' } } });
}
projects.push({
  extends: true,
  test: {
    name: 'ops',
    include: ['tests/ops/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
projects.push({
  extends: true,
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src/web') } },
  test: {
    projects,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
