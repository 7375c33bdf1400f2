import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Projects: unit (shared + web logic), API integration on PGlite, the same API tests on the real PostgreSQL
 * server when TEST_DATABASE_URL is set (CI), operations tests on real processes (tests/ops: kill -9, restarts,
 * several instances behind a proxy; one file at a time so their timings hold), and browser tests against the built
 * app (run on their own, two files at a time: each file has its own server, data directory and browser).
 * The CI layout and its figures: decisions 0049 and 0055.
 */
const apiTests = ['src/server/**/*.test.ts'];
/**
 * Server tests that open no database (pure rules, configuration, module shapes): the PostgreSQL project would run
 * them a second time for nothing. A file is listed here by hand, so a new file runs on both until someone says it
 * never touches a database.
 */
const databaseFreeServerTests = [
  'src/server/config.test.ts',
  'src/server/docs.test.ts',
  'src/server/jobs/mail-pace.test.ts',
  'src/server/lib/every-path-route.test.ts',
  'src/server/lib/location.test.ts',
  'src/server/lib/visitor-key.test.ts',
  'src/server/modules/audit/vocabulary.test.ts',
  'src/server/modules/modules.test.ts',
  'src/server/plugins/errors.test.ts',
];
/** Makes the run's migrated database template, which every API test database is a copy of (decision 0049). */
const apiSetup = ['tests/fixtures/api-setup.ts'];
/**
 * API files share their worker's module cache (decision 0055): each file builds its own app, database and
 * services, so nothing of one file reaches the next, and the app's imports (about 1.5 s a file) are paid once per
 * worker, not once per file. No server test mocks a module or stubs a global (the unit files, which do, stay isolated).
 */
const sharedModules = { isolate: false } as const;
const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts'] } },
  { extends: true, test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' }, globalSetup: apiSetup, ...sharedModules } },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'api-postgres',
      include: apiTests,
      exclude: databaseFreeServerTests,
      env: { TEST_DB: 'postgres' },
      globalSetup: apiSetup,
      ...sharedModules,
    },
  });
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
    // Two browser files at a time, like the API files (decision 0055): each waits on its own server and Chromium
    // most of the time. Each file starts its own server on a copy of the seeded data, so the two share nothing.
    // Two minutes a test, as the operations tests: a runner half as fast as usual (2026-11-30's) took longer than
    // one for the tests that walk every admin screen or send fifty jots, with nothing wrong in them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits on a sentinel as a locator does (15 s), not Vitest's 1 s: a list that filters after a
    // typing pause answered in more than a second on a loaded runner (admin-audit, 2026-11-30), with nothing wrong.
    expect: { poll: { timeout: 15_000 } },
  },
});

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src/web') } },
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two cores, one core idle
    // while a file waits on PostgreSQL, a server process or Chromium. Two at a time there (decision 0049).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
