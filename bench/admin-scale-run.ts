/**
 * `npm run bench:admin`: the "Admin at scale" rows of issue 13 on their own. Creates a temporary PostgreSQL
 * database from BENCH_DATABASE_URL (else TEST_DATABASE_URL), migrates it, seeds 1,000,000 jots and 100,000 leads,
 * starts the app (bench/app-server.ts), signs in an admin, times the admin reads and prints the table; then drops
 * the database. BENCH_ADMIN_DB=<name> keeps (or reuses, when it exists) a named database instead, so a second run
 * skips the seeding. The site analytics rows (bench/analytics-scale.ts: 1,000,000 page views a day for 90 days) come
 * after the admin rows; BENCH_ANALYTICS_ONLY=1 seeds and times those alone. Never run in CI (minutes of seeding).
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/server/db/client.ts';
import { createBenchAdminToken, measureAdminAtScale, seedAtScale } from './admin-scale.ts';
import { ANALYTICS_VIEWS_PER_DAY, measureAnalyticsAtScale, seedAnalyticsAtScale } from './analytics-scale.ts';
import { BENCH_JWT_SECRET, benchChildren, printTable, startChild, withPgClient } from './lib.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const keep = process.env.BENCH_ADMIN_DB;
const analyticsOnly = process.env.BENCH_ANALYTICS_ONLY === '1';
const databaseName = keep ?? `jotit_bench_admin_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

const adminQuery = (url: string, text: string, values: unknown[] = []) =>
  withPgClient(url, async (client) => (await client.query(text, values)).rows);

const exists = (await adminQuery(adminUrl, 'select 1 from pg_database where datname = $1', [databaseName])).length > 0;
try {
  if (!exists) {
    await adminQuery(adminUrl, `create database "${databaseName}"`);
    const database = await openDatabase({ databaseUrl, pgliteDir: '' });
    await database.migrate();
    await database.close();
    if (!analyticsOnly) {
      const started = performance.now();
      process.stdout.write('seeding 1,000,000 jots and 100,000 leads…\n');
      await seedAtScale(databaseUrl);
      process.stdout.write(`seeded in ${Math.round((performance.now() - started) / 1000)} s\n`);
    }
    const started = performance.now();
    process.stdout.write(`seeding site analytics, ${ANALYTICS_VIEWS_PER_DAY.toLocaleString('en-US')} views a day for 90 days…\n`);
    for (const note of await seedAnalyticsAtScale(databaseUrl)) process.stdout.write(`  ${note}\n`);
    process.stdout.write(`seeded in ${Math.round((performance.now() - started) / 1000)} s\n`);
  }
  // The app migrates at start-up (new indexes on a reused database are built here).
  const started = performance.now();
  const { port, child } = await startChild('bench/app-server.ts', { DATABASE_URL: databaseUrl, PORT: '0' });
  process.stdout.write(`app ready in ${Math.round((performance.now() - started) / 1000)} s\n`);
  const token = await createBenchAdminToken(databaseUrl, BENCH_JWT_SECRET);
  const rows = [
    ...(analyticsOnly ? [] : await measureAdminAtScale(`http://127.0.0.1:${port}`, token, { pid: child.pid })),
    ...(await measureAnalyticsAtScale(`http://127.0.0.1:${port}`, token)),
  ];
  printTable(rows);
  const failed = rows.filter((row) => row.pass === false).length;
  console.log(failed ? `\n${failed} row(s) over budget` : '\nevery admin row within budget');
} finally {
  for (const child of benchChildren) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!keep) await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
}
