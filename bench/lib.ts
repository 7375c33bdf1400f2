/**
 * What the bench scenarios share: child-process servers, autocannon runs, fair read/anchor pairs, the result row
 * and the printed table. Each scenario file (bench/*.ts) returns `Row`s; bench/run.ts puts them in one table.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client.ts';
import { encryptV2 } from '../src/shared/jot-crypto.ts';

export const CONNECTIONS = 100;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = 3;
export const ROUNDS = 5;
export { BENCH_JWT_SECRET } from './secret.ts';
export const benchRoot = path.resolve(import.meta.dirname, '..');
/** Every child started, so run.ts can stop them all on exit. */
export const benchChildren: ChildProcess[] = [];

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
}

export interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  anchor: string | null;
  ratio: number | null;
  budget: string | null;
  pass: boolean | null;
}

/** Starts a bench server (child process, with `nodeArgs` before the script) and resolves to its port once it prints `listening <port>`. */
export function startChild(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ port: number; child: ChildProcess }> {
  // Built JavaScript (dist/) runs on plain node, as `npm start` does; TypeScript through tsx.
  const child = spawn(
    process.execPath,
    [...nodeArgs, ...(script.endsWith('.js') ? [script] : ['--import', 'tsx', script])],
    {
      cwd: benchRoot,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  benchChildren.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve({ port: Number(match[1]), child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

export async function load(name: string, options: autocannon.Options, seconds: number): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCounts,
  };
}

/** Several measured slices combined: mean req/s, and the median slice's p50 and p99 (one slice hit by a burst of other work on the machine does not decide). */
export function combine(name: string, slices: Measured[]): Measured {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: slices.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / slices.length,
    p50: sorted(slices.map((slice) => slice.p50))[Math.floor(slices.length / 2)]!,
    p99: sorted(slices.map((slice) => slice.p99))[Math.floor(slices.length / 2)]!,
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    statusCounts: {},
  };
}

/**
 * A read and its anchor, warmed up, then measured in alternating slices (anchor, app, anchor, app, …) so that a
 * burst of other work on the machine hits both alike and the ratio stays fair.
 */
export async function measurePair(
  name: string,
  anchor: autocannon.Options,
  app: autocannon.Options,
): Promise<[Measured, Measured]> {
  await load('warm-up', anchor, WARMUP_SECONDS);
  await load('warm-up', app, WARMUP_SECONDS);
  const anchorSlices: Measured[] = [];
  const appSlices: Measured[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    anchorSlices.push(await load(`bare ${name}`, anchor, SECONDS / ROUNDS));
    appSlices.push(await load(`app ${name}`, app, SECONDS / ROUNDS));
  }
  const pair: [Measured, Measured] = [combine(`bare ${name}`, anchorSlices), combine(`app ${name}`, appSlices)];
  for (const measured of pair)
    process.stdout.write(
      `  ${measured.name}: ${Math.round(measured.requestsPerSecond)} req/s, p99 ${measured.p99} ms\n`,
    );
  return pair;
}

export function printTable(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'budget', 'ok'];
  const lines = rows.map((row) => [
    row.scenario,
    Number.isFinite(row.requestsPerSecond) ? Math.round(row.requestsPerSecond).toLocaleString('en-US') : '-',
    row.p50Ms === null ? '-' : String(row.p50Ms),
    row.p99Ms === null ? '-' : String(row.p99Ms),
    row.ratio === null ? '-' : row.ratio.toFixed(2),
    row.budget ?? '-',
    row.pass === null ? '' : row.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(`\n${format(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

/** The machine a result file was measured on (bench/results.json, bench/loadtest-results.json). */
export function machineInfo() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg(),
  };
}

/** The value at `fraction` (0–1) of an ascending list; null when the list is empty. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Rounded to a tenth (figures in tables and result files). */
export function roundTenth<T extends number | null>(value: T): T {
  return (value === null ? null : Math.round(value * 10) / 10) as T;
}

/** Resident memory of a process now and at its peak, in MB, from /proc (Linux). */
export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux); 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every local PostgreSQL server process (a remote server reads as 0). */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') seconds += processCpuSeconds(Number(pid));
    } catch {
      // Gone since the listing.
    }
  }
  return seconds;
}

/**
 * Where the CPU of a measured run went, in µs per answered request: the load generator (this process: autocannon
 * runs in it), one server process, and PostgreSQL. Takes a snapshot now; the function it returns divides the use since
 * then by the number of requests answered.
 */
export function cpuSnapshot(serverPid: number): (requests: number) => { loadGenerator: number; server: number; postgres: number } {
  const start = { self: processCpuSeconds(process.pid), server: processCpuSeconds(serverPid), postgres: postgresCpuSeconds() };
  return (requests) => {
    const micros = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, requests));
    return {
      loadGenerator: micros(processCpuSeconds(process.pid) - start.self),
      server: micros(processCpuSeconds(serverPid) - start.server),
      postgres: micros(postgresCpuSeconds() - start.postgres),
    };
  };
}

/** Runs `work` on a new node-postgres connection to `url`, closed afterwards (seeding, checks, create/drop). */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The build GUID the benches store and encrypt their jots with. */
export const BENCH_KEY = { name: 'bench-build', value: 'bench-build-secret-7d1c2a' };

/** A `POST /api/v2/jots` body with a new envelope: the server stores a repeated one once (decision 0010). */
export const benchJotBody = (index: number) =>
  JSON.stringify({
    payload: encryptV2(
      { text: `Benchmark jot ${index}`, clientId: 'bench-client', appVersion: '1.5.0', plugin: 'offline' },
      BENCH_KEY.name,
      BENCH_KEY.value,
    ),
  });

/** Builds the bench's app server (bench/app-server.ts) as `npm start` runs the app, built JavaScript; its path. */
export function buildBenchServer(): string {
  execFileSync(process.execPath, ['scripts/build-server.mjs', 'bench/app-server.ts', 'dist/bench/app-server.js'], {
    cwd: benchRoot,
    stdio: 'inherit',
  });
  return 'dist/bench/app-server.js';
}

/**
 * A bench run's own PostgreSQL database, on the server of BENCH_DATABASE_URL (else TEST_DATABASE_URL; the process
 * exits with a hint when neither is set). `create(seed)` makes it, migrated, and seeds it before the app starts;
 * `end()` stops the bench's servers, then drops it.
 */
export function benchDatabase(prefix: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
    process.exit(1);
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const adminQuery = (text: string) => withPgClient(adminUrl, (client) => client.query(text));
  return {
    name,
    url,
    async create(seed?: (handle: DatabaseHandle) => Promise<unknown>): Promise<void> {
      await adminQuery(`create database ${name}`);
      const handle = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 2 });
      try {
        await handle.migrate();
        await seed?.(handle);
      } finally {
        await handle.close();
      }
    },
    async end(settleMs = 500): Promise<void> {
      for (const child of benchChildren) if (child.exitCode === null) child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      await adminQuery(`drop database if exists ${name} with (force)`).catch((error: unknown) =>
        console.error(`Could not drop ${name}:`, error),
      );
    },
  };
}
