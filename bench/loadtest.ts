/**
 * `npm run loadtest` (`tsx bench/loadtest.ts`): a launch day on ONE instance (issue 13, item 3).
 *
 * Creates a temporary PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL), migrates, seeds the demo
 * content (banners, blog, FAQ, testimonials, the demo build GUID) plus 10,000 jots, and starts the real production
 * process (dist/server/main.js as `npm start` runs it, NODE_ENV=production, pages from the production build, job worker running, as
 * docs/deploy.md runs it behind a proxy: TRUST_PROXY=true and the real per-IP limits). Then, for LOADTEST_SECONDS
 * (60):
 *
 *   visitors  LOADTEST_VISITORS (20,000) arrive at a constant rate over LOADTEST_RAMP_SECONDS (half the run), each
 *             loading `/` once and then polling as the home page does: GET /api/jots?limit=10 at once and every 5 s,
 *             GET /api/jots/count every 5 s, GET /api/banners/active every 30 s. Once all have arrived (the second
 *             half) that is 20,000 × (1/5 + 1/5 + 1/30) ≈ 8,667 polled reads a second.
 *   apps      200 desktop apps, each POST /api/v2/jots (a fresh v2 envelope) every second.
 *   leads     50 a minute through the real lead form: captcha challenge, solved as the widget does, POST /api/leads.
 *
 * The generator runs in worker threads (bench/loadtest-worker.ts), over bounded pools of keep-alive connections
 * (what a reverse proxy does with 20,000 browsers), with a distinct X-Forwarded-For per simulated client.
 * LOADTEST_COOKIES=1: every visitor also carries cookies the site does not know (`__cf_bm`, `_ga`: what browsers
 * behind a CDN send), with the same thresholds: the pages must still come from the page cache (decision 0045).
 * Thresholds: p99 < 50 ms for the polled reads, < 250 ms for the page, zero errors and non-2xx everywhere, every
 * jot answered 201 and every accepted lead in the database afterwards, and the generator on schedule (else the
 * run proves nothing and says so). Prints a table, writes bench/loadtest-results.json, exits 1 on a failure.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { banners } from '../src/server/db/schema.ts';
import { DEMO_BUILD_GUID } from '../src/server/db/seed-data.ts';
import { freePort, startNodeFlags, waitForChildOk } from '../tests/fixtures/app-process.ts';
import { benchChildren, benchRoot, machineInfo, percentile, printTable, roundTenth, type Row, withPgClient } from './lib.ts';
import {
  emptyKind,
  type Kind,
  type KindResult,
  POLL_MS,
  type Role,
  type WorkerInput,
  type WorkerOutput,
} from './loadtest-worker.ts';

export interface LoadTestOptions {
  /** A PostgreSQL URL whose server may create and drop a temporary database. */
  adminDatabaseUrl: string;
  seconds?: number;
  visitors?: number;
  /** Visitors arrive evenly over this many seconds from the start (default: half the run). */
  rampSeconds?: number;
  apps?: number;
  leadsPerMinute?: number;
  /** Threads simulating visitors, and keep-alive connections per thread. */
  visitorThreads?: number;
  visitorConnections?: number;
  /** False: visitors skip `GET /` and poll from their arrival (the polled reads alone). Default true. */
  pages?: boolean;
  /** True: every visitor carries a cookie the site does not know (`__cf_bm`, `_ga`) on every request. Default false. */
  cookies?: boolean;
  /** The app's LOG_LEVEL (default info, the production default). */
  logLevel?: string;
  /** Where to write the JSON results (default bench/loadtest-results.json; null: not written). */
  resultsFile?: string | null;
  log?: (line: string) => void;
}

const BACKGROUND_JOTS = 10_000;
const POLLED_P99_MS = 50;
const PAGE_P99_MS = 250;
const LATENESS_P99_MS = 20;
const MIN_SCHEDULE_RATIO = 0.97;

const KIND_LABELS: Record<Kind, string> = {
  page: 'GET / (page, once per visitor)',
  list: 'GET /api/jots?limit=10 (every 5 s)',
  count: 'GET /api/jots/count (every 5 s)',
  banners: 'GET /api/banners/active (every 30 s)',
  ingest: 'POST /api/v2/jots (apps, 1/s each)',
  captcha: 'GET /api/captcha/challenge (lead)',
  lead: 'POST /api/leads (lead form)',
};

function merge(results: KindResult[]): KindResult {
  const merged = emptyKind();
  for (const result of results) {
    for (const value of result.latencies) merged.latencies.push(value);
    for (const value of result.lateness) merged.lateness.push(value);
    for (const [status, count] of Object.entries(result.statuses))
      merged.statuses[status] = (merged.statuses[status] ?? 0) + count;
    merged.errors += result.errors;
    merged.errorSamples.push(...result.errorSamples.slice(0, 5 - merged.errorSamples.length));
    merged.sent += result.sent;
    merged.skipped += result.skipped;
    result.sentPerSecond.forEach(
      (count, second) => (merged.sentPerSecond[second] = (merged.sentPerSecond[second] ?? 0) + count),
    );
    merged.bytes += result.bytes;
  }
  return merged;
}

/** What the schedule asks for, per kind, had every page loaded the moment its visitor arrived. */
function intendedCounts(
  seconds: number,
  visitors: number,
  rampSeconds: number,
  apps: number,
  leadsPerMinute: number,
  pages: boolean,
) {
  const end = seconds * 1000;
  const spacing = (rampSeconds * 1000) / visitors;
  const counts: Record<Kind, number> = { page: 0, list: 0, count: 0, banners: 0, ingest: 0, captcha: 0, lead: 0 };
  for (let visitor = 0; visitor < visitors; visitor += 1) {
    const arrival = visitor * spacing;
    if (arrival >= end) break;
    if (pages) counts.page += 1;
    for (let at = arrival; at < end; at += POLL_MS.list) counts.list += 1;
    for (let at = arrival + POLL_MS.count; at < end; at += POLL_MS.count) counts.count += 1;
    for (let at = arrival + POLL_MS.banners; at < end; at += POLL_MS.banners) counts.banners += 1;
  }
  for (let app = 0; app < apps; app += 1) for (let at = (app * 1000) / apps; at < end; at += 1000) counts.ingest += 1;
  for (let at = 0; at < end; at += 60_000 / leadsPerMinute) counts.captcha += 1;
  counts.lead = counts.captcha;
  return counts;
}

/** The production process (dist/server/main.js, as `npm start` runs it), ready once /readyz answers 200. */
async function startApp(env: Record<string, string>, logFile: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const logFd = openSync(logFile, 'a');
  // LOADTEST_CPU_PROF=<dir>: the app writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.LOADTEST_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.LOADTEST_CPU_PROF)]
    : [];
  // LOADTEST_NODE_FLAGS: more V8 / Node flags for the app (e.g. --trace-gc; their output goes to the app log).
  const extra = process.env.LOADTEST_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...startNodeFlags(), ...extra, 'dist/server/main.js'], {
    cwd: benchRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', logFd, logFd],
  });
  benchChildren.push(child);
  const url = `http://127.0.0.1:${port}`;
  // Killed if it does not become ready, so a failed start cannot leave it running.
  await waitForChildOk(child, `${url}/readyz`, 60_000, () => `see ${logFile}`);
  return { child, url };
}

/** RSS (MB) and CPU (share of one core since the last sample) of a process, from /proc. */
function processSampler(pid: number) {
  const ticksPerSecond = 100;
  let last: { at: number; ticks: number } | null = null;
  return () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const rssMb = (Number(fields[21]) * 4096) / 1024 / 1024;
      const at = Date.now();
      const cpu = last ? (ticks - last.ticks) / ticksPerSecond / ((at - last.at) / 1000) : null;
      last = { at, ticks };
      return { rssMb, cpu };
    } catch {
      return null;
    }
  };
}

/** A generator thread, loaded; `start(startAt)` runs it and resolves to its figures. */
function startThread(input: Omit<WorkerInput, 'startAt'>): Promise<{ start(startAt: number): Promise<WorkerOutput> }> {
  return new Promise((ready, reject) => {
    // Node 20 does not carry tsx's loader into worker threads: the thread registers it, then loads the TypeScript.
    const script = new URL('./loadtest-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`,
      { eval: true, workerData: input },
    );
    let failed: (error: Error) => void = reject;
    worker.once('error', (error) => failed(error));
    worker.once('exit', (code) => {
      if (code !== 0) failed(new Error(`load generator thread (${input.role}) exited with ${code}`));
    });
    worker.once('message', () =>
      ready({
        start: (startAt) =>
          new Promise<WorkerOutput>((resolve, rejectRun) => {
            failed = rejectRun;
            worker.once('message', (output: WorkerOutput) => resolve(output));
            worker.postMessage({ startAt });
          }),
      }),
    );
  });
}

/** Today's visitors as the Analytics screen's summary reads them, once they reach `expected` (or after 15 s). */
async function analyticsVisitors(databaseUrl: string, expected: number): Promise<number> {
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { analyticsSummary } = await import('../src/server/modules/analytics/service.ts');
  const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 1 });
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const today = new Date().toISOString().slice(0, 10);
      const { current } = await analyticsSummary(handle.db, { from: today, to: today }, new Date());
      if (current.visitors >= expected || Date.now() > deadline) return current.visitors;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await handle.close();
  }
}

export async function runLoadTest(options: LoadTestOptions): Promise<Row[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seconds = options.seconds ?? 60;
  const visitors = options.visitors ?? 20_000;
  const rampSeconds = Math.min(seconds, options.rampSeconds ?? seconds / 2);
  const apps = options.apps ?? 200;
  const leadsPerMinute = options.leadsPerMinute ?? 50;
  const visitorThreads = options.visitorThreads ?? 2;
  const visitorConnections = options.visitorConnections ?? 128;
  const logLevel = options.logLevel ?? 'info';
  const pages = options.pages ?? true;
  const cookies = options.cookies ?? false;
  const runId = randomBytes(4).toString('hex');
  const databaseName = `jotit_loadtest_${runId}`;
  const databaseUrl = (() => {
    const url = new URL(options.adminDatabaseUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const adminQuery = (sql: string) => withPgClient(options.adminDatabaseUrl, (client) => client.query(sql));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jotit-loadtest-'));
  let app: ChildProcess | null = null;
  const started = Date.now();

  log(
    `JotIt load test: ${os.cpus().length} CPUs (shared), Node ${process.version}; ${visitors.toLocaleString('en-US')} visitors ` +
      `over ${rampSeconds} s${pages ? '' : ' (no page loads: LOADTEST_PAGES=0)'}${cookies ? ', each with unknown cookies (LOADTEST_COOKIES=1)' : ''}, ${apps} apps, ${leadsPerMinute} leads/min, ${seconds} s; database ${databaseName}`,
  );
  try {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: benchRoot, stdio: 'inherit' });
    await adminQuery(`create database ${databaseName}`);
    const { openDatabase } = await import('../src/server/db/client.ts');
    const { seedDemoContent } = await import('../src/server/db/seed.ts');
    const handle = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
    await handle.migrate();
    await seedDemoContent(handle.db);
    await handle.db.insert(banners).values([
      { title: 'Launch day', message: 'JotIt 2.0 is out today: free for Windows.', type: 'success', displayOrder: 1 },
      { title: 'Google Docs', message: 'Send your ideas straight to a Google Doc.', type: 'info', displayOrder: 2 },
    ]);
    await handle.close();
    await withPgClient(databaseUrl, async (db) => {
      await db.query(
        `insert into jots (protocol_version, build_guid_name, encrypted_payload, client_id, app_name, jot_text, app_version,
           plugin, sender_city, sender_state, sender_country, processed_at, created_at)
         select 'v2', $1, 'background', 'device-' || (n % 500), 'JotApp', 'A background jot', '1.5.0', 'offline',
           'Nashville', 'Tennessee', 'US', now(), now() - make_interval(secs => $2 - n)
         from generate_series(1, $2) as n`,
        [DEMO_BUILD_GUID.name, BACKGROUND_JOTS],
      );
      await db.query('vacuum analyze');
    });

    const logFile = path.join(dataDir, 'app.log');
    const started_ = await startApp(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        JWT_SECRET: 'loadtest-secret-that-is-long-enough-for-hs256-signing',
        PUBLIC_URL: 'http://127.0.0.1',
        TRUST_PROXY: 'true',
        SEED_DEMO: 'false',
        LOG_LEVEL: logLevel,
        // The client's proof-of-work only: the server's cost per challenge and per check is one hash either way.
        CAPTCHA_MAX_NUMBER: '1000',
      },
      logFile,
    );
    app = started_.child;
    const baseUrl = started_.url;
    const sample = processSampler(app.pid!);
    const idle = sample();
    log(`App ready at ${baseUrl} (pid ${app.pid}, RSS ${Math.round(idle?.rssMb ?? 0)} MB, LOG_LEVEL=${logLevel})`);

    // One warm-up page so the first visitor does not pay for loading the page modules.
    await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-for': '198.51.100.1' } }).then((response) => response.text());

    const common = {
      baseUrl,
      seconds,
      rampSeconds,
      visitors,
      apps,
      leadsPerMinute,
      pages,
      cookies,
      buildGuid: { name: DEMO_BUILD_GUID.name, value: DEMO_BUILD_GUID.value },
      runId,
    };
    const thread = (role: Role, shard: number, shards: number, connections: number) =>
      startThread({ ...common, role, shard, shards, connections });
    // Every thread loaded first, then one start time for all, a moment ahead.
    const threads = await Promise.all([
      ...Array.from({ length: visitorThreads }, (_, shard) =>
        thread('visitors', shard, visitorThreads, visitorConnections),
      ),
      thread('apps', 0, 1, 64),
      thread('leads', 0, 1, 4),
    ]);
    const startAt = Date.now() + 500;
    // The app's RSS and CPU, and the generator's own CPU (this process: every thread), each second.
    const samples: { second: number; rssMb: number; cpu: number | null; generatorCpu: number }[] = [];
    let generatorLast = { at: Date.now(), usage: process.cpuUsage() };
    const loadAverageBefore = os.loadavg()[0];
    const sampler = setInterval(() => {
      const value = sample();
      const at = Date.now();
      const usage = process.cpuUsage();
      const generatorCpu =
        (usage.user + usage.system - generatorLast.usage.user - generatorLast.usage.system) /
        1000 /
        (at - generatorLast.at);
      generatorLast = { at, usage };
      if (value) samples.push({ second: Math.round((at - startAt) / 1000), ...value, generatorCpu });
    }, 1000);
    const progress = setInterval(() => {
      const last = samples.at(-1);
      const elapsed = Math.round((Date.now() - startAt) / 1000);
      if (elapsed > 0 && elapsed <= seconds)
        log(
          `  t=${elapsed}s app CPU ${last?.cpu === null || !last ? '-' : `${Math.round(last.cpu * 100)}%`}, RSS ${Math.round(last?.rssMb ?? 0)} MB; ` +
            `generator CPU ${Math.round((last?.generatorCpu ?? 0) * 100)}%; machine load ${os.loadavg()[0]!.toFixed(1)}`,
        );
    }, 10_000);
    let outputs: WorkerOutput[];
    try {
      outputs = await Promise.all(threads.map((started) => started.start(startAt)));
    } finally {
      clearInterval(sampler);
      clearInterval(progress);
    }

    // Nothing lost: every 201 jot and every accepted lead is a row.
    const jotIds = outputs.flatMap((output) => output.jotIds);
    const leadEmails = outputs.flatMap((output) => output.leadEmails);
    const [jotsFound, leadsFound] = await withPgClient(databaseUrl, async (check) => [
      Number(
        (await check.query<{ n: string }>('select count(*) as n from jots where id = any($1::int[])', [jotIds]))
          .rows[0]!.n,
      ),
      Number(
        (
          await check.query<{ n: string }>('select count(*) as n from leads where lower(email) = any($1::text[])', [
            leadEmails.map((email) => email.toLowerCase()),
          ])
        ).rows[0]!.n,
      ),
    ]);

    const intended = intendedCounts(seconds, visitors, rampSeconds, apps, leadsPerMinute, pages);
    const kinds = Object.keys(KIND_LABELS) as Kind[];
    const merged = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        merge(outputs.map((output) => output.kinds[kind]).filter((value) => value !== undefined)),
      ]),
    ) as Record<Kind, KindResult>;

    // Issue 40: the cookieless analytics counts each visitor whose page was served (one X-Forwarded-For each) once,
    // as the Analytics screen's summary reads it (roll-ups plus the events not rolled yet). Events wait in the app's
    // buffer up to a second: read until the figure reaches the pages served, for at most 15 s.
    // (The warm-up page above is fetched with Node's own User-Agent: a bot, never counted.)
    const pagesServed = pages ? (merged.page.statuses['200'] ?? 0) : 0;
    const visitorsCounted = pages ? await analyticsVisitors(databaseUrl, pagesServed) : 0;

    const details = kinds.map((kind) => {
      const result = merged[kind];
      const latencies = Float64Array.from(result.latencies).sort();
      const ok = Object.entries(result.statuses)
        .filter(([status]) => status.startsWith('2'))
        .reduce((sum, [, count]) => sum + count, 0);
      const non2xx = result.latencies.length - ok;
      return {
        kind,
        label: KIND_LABELS[kind],
        intended: intended[kind],
        sent: result.sent,
        skippedInFlight: result.skipped,
        completed: result.latencies.length,
        targetPerSecond: intended[kind] / seconds,
        achievedPerSecond: result.latencies.length / seconds,
        p50Ms: roundTenth(percentile(latencies, 0.5)),
        p95Ms: roundTenth(percentile(latencies, 0.95)),
        p99Ms: roundTenth(percentile(latencies, 0.99)),
        maxMs: roundTenth(latencies.at(-1) ?? null),
        statuses: result.statuses,
        non2xx,
        errors: result.errors,
        errorSamples: result.errorSamples,
        megabytes: Math.round(result.bytes / 1024 / 102.4) / 10,
      };
    });

    // The generator's own punctuality: how late it dispatched, and whether it sent what the schedule asked.
    const lateness = Float64Array.from(kinds.flatMap((kind) => merged[kind].lateness)).sort();
    const polled: Kind[] = ['count', 'list', 'banners'];
    // Only what the generator sends on its own clock counts here; polls start when a page has loaded (server's share).
    const clocked: Kind[] = ['page', 'ingest', 'captcha'];
    const scheduledIntended = clocked.reduce((sum, kind) => sum + intended[kind], 0);
    const scheduledDone = clocked.reduce((sum, kind) => sum + merged[kind].sent, 0);
    const scheduleRatio = scheduledDone / scheduledIntended;
    const latenessP50 = roundTenth(percentile(lateness, 0.5));
    const latenessP99 = roundTenth(percentile(lateness, 0.99));
    const generatorOnSchedule = (latenessP99 ?? 0) < LATENESS_P99_MS && scheduleRatio >= MIN_SCHEDULE_RATIO;

    // Polled reads once every visitor is in (after the ramp): sent per second against the full-house target.
    const plateauFrom = Math.ceil(rampSeconds + POLL_MS.list / 1000);
    const plateauSeconds = Math.max(0, seconds - plateauFrom);
    const plateauSent = polled.reduce(
      (sum, kind) => sum + merged[kind].sentPerSecond.slice(plateauFrom, seconds).reduce((a, b) => a + b, 0),
      0,
    );
    const fullHouseTarget = visitors * (1000 / POLL_MS.count + 1000 / POLL_MS.list + 1000 / POLL_MS.banners);
    const plateauRate = plateauSeconds > 0 ? plateauSent / plateauSeconds : 0;

    const rows: Row[] = details
      .filter((detail) => pages || detail.kind !== 'page')
      .map((detail) => {
        const polledKind = polled.includes(detail.kind);
        const budgetMs = detail.kind === 'page' ? PAGE_P99_MS : polledKind ? POLLED_P99_MS : null;
        const lost =
          detail.kind === 'ingest'
            ? jotIds.length - jotsFound
            : detail.kind === 'lead'
              ? leadEmails.length - leadsFound
              : 0;
        const clean = detail.errors === 0 && detail.non2xx === 0 && lost === 0 && detail.completed > 0;
        return {
          scenario: detail.label,
          requestsPerSecond: detail.achievedPerSecond,
          p50Ms: detail.p50Ms,
          p99Ms: detail.p99Ms,
          anchor: `target ${Math.round(detail.targetPerSecond)}/s`,
          ratio: detail.targetPerSecond > 0 ? detail.achievedPerSecond / detail.targetPerSecond : null,
          budget:
            detail.intended === 0 && detail.sent === 0
              ? 'none due in this run'
              : budgetMs !== null
                ? `p99 < ${budgetMs} ms, 0 errors`
                : detail.kind === 'ingest' || detail.kind === 'lead'
                  ? '0 errors, none lost'
                  : '0 errors',
          pass:
            detail.intended === 0 && detail.sent === 0
              ? null
              : clean && (budgetMs === null || (detail.p99Ms ?? Infinity) < budgetMs),
        };
      });
    if (plateauSeconds > 0)
      rows.push({
        scenario: `polled reads, all visitors in (s ${plateauFrom}-${seconds})`,
        requestsPerSecond: plateauRate,
        p50Ms: null,
        p99Ms: null,
        anchor: `target ${Math.round(fullHouseTarget)}/s`,
        ratio: plateauRate / fullHouseTarget,
        budget: `≥ ${MIN_SCHEDULE_RATIO} of target`,
        pass: plateauRate / fullHouseTarget >= MIN_SCHEDULE_RATIO,
      });
    if (pages)
      rows.push({
        scenario: 'analytics: visitors counted',
        requestsPerSecond: visitorsCounted / seconds,
        p50Ms: null,
        p99Ms: null,
        anchor: `${pagesServed} pages served`,
        ratio: pagesServed ? visitorsCounted / pagesServed : null,
        budget: 'one per visitor served',
        pass: visitorsCounted === pagesServed,
      });
    rows.push({
      scenario: 'load generator: dispatch lateness',
      requestsPerSecond: scheduledDone / seconds,
      p50Ms: latenessP50,
      p99Ms: latenessP99,
      anchor: 'its own schedule',
      ratio: scheduleRatio,
      budget: `p99 < ${LATENESS_P99_MS} ms, ≥ ${MIN_SCHEDULE_RATIO}`,
      pass: generatorOnSchedule,
    });

    log('');
    for (const detail of details)
      log(
        `  ${detail.label}: ${detail.completed} done of ${detail.intended} scheduled (${detail.sent} sent, ` +
          `${detail.skippedInFlight} skipped while the last was in flight), ${detail.achievedPerSecond.toFixed(1)}/s of ` +
          `${detail.targetPerSecond.toFixed(1)}/s; p50 ${detail.p50Ms} p95 ${detail.p95Ms} p99 ${detail.p99Ms} max ${detail.maxMs} ms; ` +
          `statuses ${JSON.stringify(detail.statuses)}, errors ${detail.errors}` +
          (detail.errorSamples.length ? ` (${detail.errorSamples.join('; ')})` : ''),
      );
    log(`  jots answered 201: ${jotIds.length}, in the database: ${jotsFound}`);
    log(`  leads accepted: ${leadEmails.length}, in the database: ${leadsFound}`);
    if (pages) log(`  analytics: ${visitorsCounted} visitors counted today for ${pagesServed} pages served (one visitor each)`);
    log(
      `  generator: dispatch lateness p50 ${latenessP50} ms, p99 ${latenessP99} ms, max ${roundTenth(lateness.at(-1) ?? null)} ms; ` +
        `${scheduledDone} of ${scheduledIntended} pages, jots and leads sent on their own clock (${(scheduleRatio * 100).toFixed(1)}%)` +
        (generatorOnSchedule ? '' : ' — THE GENERATOR FELL BEHIND: latency figures understate the load'),
    );
    const cpuSamples = samples.filter((entry) => entry.cpu !== null).map((entry) => entry.cpu!);
    const appCpuMean = cpuSamples.length ? cpuSamples.reduce((a, b) => a + b, 0) / cpuSamples.length : null;
    const rssPeak = Math.max(0, ...samples.map((entry) => entry.rssMb));
    const generatorCpuMean = samples.length
      ? samples.reduce((sum, entry) => sum + entry.generatorCpu, 0) / samples.length
      : null;
    const loadAverageAfter = os.loadavg()[0];
    log(
      `  app process: RSS ${Math.round(idle?.rssMb ?? 0)} MB before, peak ${Math.round(rssPeak)} MB; CPU mean ` +
        `${appCpuMean === null ? '-' : `${Math.round(appCpuMean * 100)}%`} of one core, max ${Math.round(Math.max(0, ...cpuSamples) * 100)}%; ` +
        `generator CPU mean ${Math.round((generatorCpuMean ?? 0) * 100)}%; machine load average ${loadAverageBefore?.toFixed(1)} → ` +
        `${loadAverageAfter?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );

    const resultsFile =
      options.resultsFile === undefined ? path.join(benchRoot, 'bench/loadtest-results.json') : options.resultsFile;
    if (resultsFile) {
      const results = {
        date: new Date().toISOString(),
        machine: machineInfo(),
        settings: {
          seconds,
          visitors,
          rampSeconds,
          arrivals: 'constant rate over the ramp, then every visitor polls to the end',
          apps,
          leadsPerMinute,
          visitorThreads,
          visitorConnections,
          appConnections: 64,
          logLevel,
          pages,
          cookies,
          backgroundJots: BACKGROUND_JOTS,
          rateLimits: 'production limits, TRUST_PROXY=true, one X-Forwarded-For address per simulated client',
        },
        rows,
        details,
        lost: { jotsAnswered201: jotIds.length, jotsFound, leadsAccepted: leadEmails.length, leadsFound },
        analytics: { pagesServed, visitorsCounted },
        generator: {
          latenessP50Ms: latenessP50,
          latenessP99Ms: latenessP99,
          latenessMaxMs: roundTenth(lateness.at(-1) ?? null),
          scheduled: scheduledIntended,
          sentOnOwnClock: scheduledDone,
          onSchedule: generatorOnSchedule,
        },
        polledPerSecond: Array.from({ length: seconds }, (_, second) =>
          polled.reduce((sum, kind) => sum + (merged[kind].sentPerSecond[second] ?? 0), 0),
        ),
        app: { idleRssMb: roundTenth(idle?.rssMb ?? null), peakRssMb: roundTenth(rssPeak), cpuMean: roundTenth(appCpuMean), samples },
        generatorCpuMean: roundTenth(generatorCpuMean),
        loadAverage: { before: loadAverageBefore, after: loadAverageAfter },
        durationSeconds: Math.round((Date.now() - started) / 1000),
      };
      writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
      log(`\nWrote ${path.relative(benchRoot, resultsFile)} (${results.durationSeconds} s).`);
    }
    return rows;
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 6000))]);
    }
    await adminQuery(`drop database if exists ${databaseName} with (force)`).catch((error: unknown) =>
      console.error(`Could not drop ${databaseName}:`, error),
    );
    if (process.env.LOADTEST_KEEP_LOG) log(`App log kept in ${dataDir}/app.log`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminDatabaseUrl) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
    process.exit(1);
  }
  const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  process.on('SIGINT', () => {
    for (const child of benchChildren) if (child.exitCode === null) child.kill('SIGTERM');
    process.exit(130);
  });
  try {
    const rows = await runLoadTest({
      adminDatabaseUrl,
      seconds: number('LOADTEST_SECONDS'),
      visitors: number('LOADTEST_VISITORS'),
      apps: number('LOADTEST_APPS'),
      leadsPerMinute: number('LOADTEST_LEADS_PER_MINUTE'),
      rampSeconds: number('LOADTEST_RAMP_SECONDS'),
      visitorThreads: number('LOADTEST_THREADS'),
      visitorConnections: number('LOADTEST_CONNECTIONS'),
      logLevel: process.env.LOADTEST_LOG_LEVEL,
      pages: process.env.LOADTEST_PAGES !== '0',
      cookies: process.env.LOADTEST_COOKIES === '1',
    });
    printTable(rows);
    if (rows.some((row) => row.pass === false)) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
