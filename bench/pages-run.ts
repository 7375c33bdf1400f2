/**
 * `npm run bench:pages`: the page rows of `npm run bench` on their own (bench/pages.ts, and the counting row of
 * bench/counting-cost.ts), to compare a change to the
 * page cache or the render before and after without seeding the admin's million jots. Creates a temporary
 * PostgreSQL database from BENCH_DATABASE_URL (else TEST_DATABASE_URL) with the demo blog, starts the app as the
 * bench does (the production build, built JavaScript with package.json's node flags), prints the table and drops
 * the database.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { benchDatabase, benchRoot, buildBenchServer, printTable, SECONDS, startChild } from './lib.ts';
import { measureCountingCostOnItsOwnApp } from './counting-cost.ts';
import { measurePages, PAGES_SETTINGS, seedBenchBlog } from './pages.ts';

const database = benchDatabase('jotit_bench_pages');

console.log(
  `JotIt page bench: ${os.cpus().length} CPUs, Node ${process.version}, ${PAGES_SETTINGS.connections} connections, ${SECONDS} s per scenario, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
try {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: benchRoot, stdio: 'inherit' });
  const appServer = buildBenchServer();
  await database.create((handle) => seedBenchBlog(handle.db));
  const app = await startChild(appServer, { DATABASE_URL: database.url, PAGES: '1' }, startNodeFlags());
  const { rows } = await measurePages(`http://127.0.0.1:${app.port}`);
  rows.push(await measureCountingCostOnItsOwnApp(database.url));
  printTable(rows);
  console.log(`\nload average after: ${os.loadavg()[0]!.toFixed(1)}`);
  if (rows.some((row) => row.pass === false)) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.end();
}
