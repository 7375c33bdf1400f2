/**
 * `npm run bench` (`npx tsx bench/run.ts`): the performance budgets of docs/architecture.md §8, measured in one run on a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL; created here and dropped afterwards).
 *
 *   reads      GET /api/jots/count and anonymous GET /api/jots?limit=10 against a bare Fastify route answering
 *              the same JSON: ≥ 0.80 of its req/s, p99 < 20 ms
 *   ingestion  POST /api/v2/jots (decrypt + insert, 201 after commit) against PostgreSQL's own single-row insert
 *              rate (pgbench -c 10): ≥ 2.0× it, and against the HTTP floor (a bare Fastify route taking the same
 *              body and answering 201): ≥ 0.5 of it; p99 < 60 ms; and no acknowledged jot lost:
 *              201 responses ≤ rows added ≤ 201 responses + connections
 *   pages      bench/pages.ts: GET /, /help, /blog and /blog/{slug} as a browser asks, 20 connections, against
 *              React's own floor measured in the same run (renderToString of a tree of the page's size): cached,
 *              with an unknown cookie and with Authorization (all from the cache, decision 0045): ≥ 2.0× it, p99 <
 *              100 ms; a 404 at a new path and a query variant (served from the stored not-found page and `/`,
 *              decision 0060), an unknown post and a blog category the filter does not offer (the post route's
 *              stored not-found page and `/blog`, decision 0077): ≥ 0.5 of it, p99 < 100 ms (issue 35).
 *              `npm run bench:pages` runs this phase alone.
 *   counting   bench/counting-cost.ts: the cached `GET /` counted by the cookieless analytics, a new visitor each
 *              request, against the same page not counted (a crawler), on an app server of its own behind a trusted
 *              proxy: ≥ 0.95 of it, and every counted request stored (issue 40: counting costs ≤ 5 %).
 *   admin      the same database grown by 1,000,000 jots and 100,000 leads (bench/admin-scale.ts): every admin list,
 *              search, dashboard figure with an admin token: p95 < 50 ms; leads CSV export of 100,000 rows < 3 s
 *   memory     the app server's VmRSS (/proc/<pid>/status) a few seconds after start-up, idle: < 200 MB; and
 *              its VmHWM (peak RSS) at the end of the whole bench: < 400 MB.
 *
 * 100 connections (pages 20), BENCH_SECONDS (10) per scenario after a short warm-up; each read and its anchor alternate in
 * 2-second slices so background load on the machine affects both alike. Servers run as child processes so the
 * load generator does not share their event loop. Prints a table and writes bench/results.json.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import type pg from 'pg';
import { encryptV2 } from '../src/shared/jot-crypto.ts';
import { createBenchAdminToken, measureAdminAtScale, SCALE_JOTS, SCALE_LEADS, seedAtScale } from './admin-scale.ts';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { measureInsertAnchor } from './insert-anchor.ts';
import { measureCountingCostOnItsOwnApp } from './counting-cost.ts';
import { measurePages, PAGES_SETTINGS, seedBenchBlog } from './pages.ts';
import {
  BENCH_JWT_SECRET,
  BENCH_KEY,
  benchDatabase,
  benchJotBody,
  buildBenchServer,
  benchRoot,
  CONNECTIONS,
  cpuSnapshot,
  load,
  machineInfo,
  measurePair,
  type Measured,
  printTable,
  processMemory,
  ROUNDS,
  type Row,
  SECONDS,
  startChild,
  WARMUP_SECONDS,
  withPgClient,
} from './lib.ts';

const BACKGROUND_JOTS = 100_000;
const root = benchRoot;
const database = benchDatabase('jotit_bench');
const databaseName = database.name;
const databaseUrl = database.url;
const withDatabase = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(databaseUrl, work);

const PAGE_CONNECTIONS = PAGES_SETTINGS.connections;

/** VmRSS and VmHWM (peak) of a process, in MB. */
function infoRow(scenario: string, measured: Measured): Row {
  return {
    scenario,
    requestsPerSecond: measured.requestsPerSecond,
    p50Ms: measured.p50,
    p99Ms: measured.p99,
    anchor: null,
    ratio: null,
    budget: null,
    pass: null,
  };
}

function readRow(scenario: string, app: Measured, bare: Measured): Row {
  const ratio = app.requestsPerSecond / bare.requestsPerSecond;
  return {
    scenario,
    requestsPerSecond: app.requestsPerSecond,
    p50Ms: app.p50,
    p99Ms: app.p99,
    anchor: 'bare Fastify, same JSON',
    ratio,
    budget: '≥ 0.80, p99 < 20 ms',
    pass: ratio >= 0.8 && app.p99 < 20 && app.non2xx === 0 && app.errors === 0,
  };
}

async function prepareDatabase(): Promise<void> {
  // Migrated here (the app would do it too), so the background rows can go in before it starts.
  await database.create((handle) => seedBenchBlog(handle.db));
  await withDatabase(async (client) => {
    await client.query('insert into build_guids (name, value) values ($1, $2)', [BENCH_KEY.name, BENCH_KEY.value]);
    const payload = encryptV2({ text: 'A background jot' }, BENCH_KEY.name, BENCH_KEY.value);
    await client.query(
      `insert into jots (protocol_version, build_guid_name, encrypted_payload, client_id, app_name, jot_text, app_version,
         plugin, sender_city, sender_state, sender_country, processed_at, created_at)
       select 'v2', $1, $2, 'device-' || (n % 50), 'JotApp', 'A background jot', '1.5.0', 'offline',
         'Nashville', 'Tennessee', 'US', now(), now() - make_interval(secs => $3 - n)
       from generate_series(1, $3) as n`,
      [BENCH_KEY.name, payload, BACKGROUND_JOTS],
    );
    await client.query('vacuum analyze jots');
  });
}

async function rowCount(): Promise<number> {
  return withDatabase(async (client) =>
    Number((await client.query<{ n: string }>('select count(*) as n from jots')).rows[0]!.n),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `JotIt benchmark: ${os.cpus().length} CPUs, Node ${process.version}, ${CONNECTIONS} connections (pages ${PAGE_CONNECTIONS}), ${SECONDS} s per scenario`,
  );
  console.log(`Database ${databaseName} (${BACKGROUND_JOTS.toLocaleString('en-US')} jots to start with)`);
  // The app serves the production build, as `npm start` does.
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  // The app server runs as `npm start` runs the server: built JavaScript on plain node (decision 0014).
  const appServer = buildBenchServer();
  await prepareDatabase();

  // One app server for every scenario, as `npm start` runs it (pages included), so its memory is the whole bench's.
  // …with the node flags `npm start` uses (package.json config.nodeFlags: the heap cap, decision 0014).
  const app = await startChild(appServer, { DATABASE_URL: databaseUrl, PAGES: '1' }, startNodeFlags());
  const appPid = app.child.pid!;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleMemory = processMemory(appPid);
  console.log(`\nMemory after start-up, idle: RSS ${idleMemory.rssMb.toFixed(0)} MB`);
  const appUrl = `http://127.0.0.1:${app.port}`;
  const countJson = await (await fetch(`${appUrl}/api/jots/count`)).text();
  const listJson = await (await fetch(`${appUrl}/api/jots?limit=10`)).text();
  if (JSON.parse(countJson).count !== BACKGROUND_JOTS) throw new Error(`Unexpected count ${countJson}`);
  const bare = await startChild('bench/bare-server.ts', { COUNT_JSON: countJson, LIST_JSON: listJson });
  const bareUrl = `http://127.0.0.1:${bare.port}`;

  console.log('\nReads');
  const [bareCount, appCount] = await measurePair(
    'GET /api/jots/count',
    { url: `${bareUrl}/api/jots/count` },
    { url: `${appUrl}/api/jots/count` },
  );
  const [bareList, appList] = await measurePair(
    'GET /api/jots?limit=10',
    { url: `${bareUrl}/api/jots?limit=10` },
    { url: `${appUrl}/api/jots?limit=10` },
  );

  const phaseMemory: Record<string, { rssMb: number; peakMb: number }> = { idle: idleMemory, reads: processMemory(appPid) };
  console.log('\nIngestion');
  const samplePayload = encryptV2(
    { text: 'A benchmark jot', clientId: 'bench-client', appVersion: '1.5.0', plugin: 'offline' },
    BENCH_KEY.name,
    BENCH_KEY.value,
  );
  const anchor = await measureInsertAnchor(databaseUrl, samplePayload, SECONDS);
  console.log(
    `  ${anchor.tool} single-row inserts (10 clients): ${Math.round(anchor.rowsPerSecond)} rows/s, average ${anchor.latencyAverageMs} ms`,
  );

  // Every request a new envelope (benchJotBody), made ahead so encryption does not load the load generator.
  const bodies = Array.from({ length: 60_000 }, (_, index) => benchJotBody(index));
  let next = 0;
  // The floor may cycle through the bodies (it stores nothing); the app gets each body once.
  const ingestOptions = (url: string, cycle = false): autocannon.Options => ({
    url: `${url}/api/v2/jots`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          return { ...request, body: (cycle ? bodies[next % bodies.length] : bodies[next]) ?? benchJotBody(next) };
        },
      },
    ],
  });
  await load('floor (warm-up)', ingestOptions(bareUrl, true), WARMUP_SECONDS);
  const floorCpu = cpuSnapshot(bare.child.pid!);
  const floor = await load('bare POST /api/v2/jots', ingestOptions(bareUrl, true), SECONDS);
  const floorCpuPerRequest = floorCpu(floor.requestsPerSecond * SECONDS);
  console.log(`  bare Fastify POST (HTTP floor): ${Math.round(floor.requestsPerSecond)} req/s, p99 ${floor.p99} ms`);
  console.log(`    CPU per request: load generator ${floorCpuPerRequest.loadGenerator} µs, bare server ${floorCpuPerRequest.server} µs`);
  bare.child.kill('SIGTERM');
  next = 0;
  await load('ingest (warm-up)', ingestOptions(appUrl), WARMUP_SECONDS);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rowsBefore = await rowCount();
  const ingestCpu = cpuSnapshot(appPid);
  const ingest = await load('app  POST /api/v2/jots', ingestOptions(appUrl), SECONDS);
  const ingestCpuPerJot = ingestCpu(ingest.requestsPerSecond * SECONDS);
  // Requests still in flight when the load stopped finish on the server; then count.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const rowsAdded = (await rowCount()) - rowsBefore;
  const created = ingest.statusCounts['201'] ?? 0;
  console.log(`  app POST /api/v2/jots: ${Math.round(ingest.requestsPerSecond)} req/s, p99 ${ingest.p99} ms`);
  // What bounds ingestion here: the load generator, the app and PostgreSQL share the machine's cores.
  const cpuPerJot = ingestCpuPerJot.loadGenerator + ingestCpuPerJot.server + ingestCpuPerJot.postgres;
  console.log(
    `    CPU per jot: load generator ${ingestCpuPerJot.loadGenerator} µs, app ${ingestCpuPerJot.server} µs, PostgreSQL ${ingestCpuPerJot.postgres} µs; ` +
      `${os.cpus().length} cores at that cost: at most ${Math.round((os.cpus().length * 1e6) / cpuPerJot)} jots/s`,
  );
  const noLoss = rowsAdded >= created && rowsAdded <= created + CONNECTIONS;
  console.log(
    `  201 responses ${created}, rows added ${rowsAdded}, other answers ${JSON.stringify(ingest.statusCounts)}: ${noLoss ? 'no acknowledged jot lost' : 'MISMATCH'}`,
  );

  phaseMemory.ingestion = processMemory(appPid);
  console.log('\nPages');
  const { rows: pageRows, pageSizes } = await measurePages(appUrl);
  phaseMemory.pages = processMemory(appPid);
  console.log('\nWhat counting visitors costs a cached page (issue 40)');
  const countingRow = await measureCountingCostOnItsOwnApp(databaseUrl);

  // Admin at scale (bench/admin-scale.ts): the same database grown to over a million jots and 100,000 leads.
  console.log(
    `\nAdmin at scale: seeding ${SCALE_JOTS.toLocaleString('en-US')} jots and ${SCALE_LEADS.toLocaleString('en-US')} leads…`,
  );
  const seedStarted = Date.now();
  await seedAtScale(databaseUrl);
  console.log(`  seeded in ${Math.round((Date.now() - seedStarted) / 1000)} s`);
  const adminToken = await createBenchAdminToken(databaseUrl, BENCH_JWT_SECRET);
  const adminRows = await measureAdminAtScale(appUrl, adminToken, { pid: appPid });
  const endMemory = processMemory(appPid);
  phaseMemory.admin = endMemory;
  // Which phase raised the peak (VmHWM after each).
  for (const [phase, memory] of Object.entries(phaseMemory)) {
    console.log(
      `  memory after ${phase}: RSS ${memory.rssMb.toFixed(0)} MB, peak so far ${memory.peakMb.toFixed(0)} MB`,
    );
  }
  app.child.kill('SIGTERM');

  const ingestRatio = ingest.requestsPerSecond / anchor.rowsPerSecond;
  const floorRatio = ingest.requestsPerSecond / floor.requestsPerSecond;
  const ingestOk = ingest.p99 < 60 && noLoss && ingest.errors === 0 && ingest.non2xx === 0;
  const memoryRow = (scenario: string, megabytes: number, limit: number): Row => ({
    scenario: `${scenario}: ${megabytes.toFixed(0)} MB`,
    requestsPerSecond: Number.NaN,
    p50Ms: null,
    p99Ms: null,
    anchor: null,
    ratio: null,
    budget: `< ${limit} MB`,
    pass: megabytes < limit,
  });
  const rows: Row[] = [
    infoRow('bare Fastify: count JSON', bareCount),
    readRow('GET /api/jots/count', appCount, bareCount),
    infoRow('bare Fastify: list JSON', bareList),
    readRow('GET /api/jots?limit=10 (anonymous)', appList, bareList),
    {
      scenario: `${anchor.tool}: single-row INSERT, 10 clients`,
      requestsPerSecond: anchor.rowsPerSecond,
      p50Ms: null,
      p99Ms: null,
      anchor: null,
      ratio: null,
      budget: null,
      pass: null,
    },
    infoRow('bare Fastify POST, same body → 201 (floor)', floor),
    {
      scenario: 'POST /api/v2/jots (decrypt + insert)',
      requestsPerSecond: ingest.requestsPerSecond,
      p50Ms: ingest.p50,
      p99Ms: ingest.p99,
      anchor: `${anchor.tool} insert rate`,
      ratio: ingestRatio,
      budget: '≥ 2.0, p99 < 60 ms, no loss',
      pass: ingestRatio >= 2 && ingestOk,
    },
    {
      scenario: 'POST /api/v2/jots vs HTTP floor',
      requestsPerSecond: ingest.requestsPerSecond,
      p50Ms: ingest.p50,
      p99Ms: ingest.p99,
      anchor: 'bare Fastify POST',
      ratio: floorRatio,
      budget: '≥ 0.50',
      pass: floorRatio >= 0.5 && ingestOk,
    },
    ...pageRows,
    countingRow,
    ...adminRows,
    memoryRow('app RSS after start-up, idle', idleMemory.rssMb, 200),
    memoryRow('app peak RSS, whole bench', endMemory.peakMb, 400),
  ];
  printTable(rows);

  const results = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    settings: {
      connections: CONNECTIONS,
      pageConnections: PAGE_CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_SECONDS,
      backgroundJots: BACKGROUND_JOTS,
    },
    rows,
    ingestion: {
      created,
      rowsAdded,
      statusCounts: ingest.statusCounts,
      noAcknowledgedJotLost: noLoss,
      anchor,
      floor,
      cpuMicrosPerRequest: { floor: floorCpuPerRequest, ingestion: ingestCpuPerJot },
    },
    pageSizes,
    memory: phaseMemory,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote bench/results.json (${results.durationSeconds} s).`);
  if (rows.some((row) => row.pass === false)) process.exitCode = 1;
}

const cleanUp = () => database.end();

process.on('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
