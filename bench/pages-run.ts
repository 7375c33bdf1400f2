/**
 * `npm run bench:pages`: the page rows of `npm run bench` on their own (bench/pages.ts, and the counting row of
 * bench/counting-cost.ts), to compare a change to the
 * page cache or the render before and after without seeding the admin's million jots. Creates a temporary
 * PostgreSQL database from BENCH_DATABASE_URL (else TEST_DATABASE_URL) with the demo blog, starts the app as the
 * bench does (the production build, built JavaScript with package.json's node flags), prints the table and drops
 * the database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openDatabase } from '../src/server/db/client.ts';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { benchChildren, benchRoot, printTable, SECONDS, startChild, withPgClient } from './lib.ts';
import { measureCountingCostOnItsOwnApp } from './counting-cost.ts';
import { measurePages, PAGES_SETTINGS, seedBenchBlog } from './pages.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const databaseName = `jotit_bench_pages_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const adminQuery = (text: string) => withPgClient(adminUrl, (client) => client.query(text));

console.log(
  `JotIt page bench: ${os.cpus().length} CPUs, Node ${process.version}, ${PAGES_SETTINGS.connections} connections, ${SECONDS} s per scenario, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
try {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: benchRoot, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build-server.mjs', 'bench/app-server.ts', 'dist/bench/app-server.js'], {
    cwd: benchRoot,
    stdio: 'inherit',
  });
  await adminQuery(`create database ${databaseName}`);
  const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
  await handle.migrate();
  await seedBenchBlog(handle.db);
  await handle.close();
  const app = await startChild('dist/bench/app-server.js', { DATABASE_URL: databaseUrl, PAGES: '1' }, startNodeFlags());
  const { rows } = await measurePages(`http://127.0.0.1:${app.port}`);
  rows.push(await measureCountingCostOnItsOwnApp(databaseUrl));
  printTable(rows);
  console.log(`\nload average after: ${os.loadavg()[0]!.toFixed(1)}`);
  if (rows.some((row) => row.pass === false)) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of benchChildren) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await adminQuery(`drop database if exists ${databaseName} with (force)`).catch((error: unknown) =>
    console.error(`Could not drop ${databaseName}:`, error),
  );
}
