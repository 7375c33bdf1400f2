/**
 * `npm run bench:ingest`: the ingestion row of `npm run bench` on its own, to compare a change to the jot path before
 * and after in a minute: the app's CPU per v2 jot against a bare Fastify POST that decrypts it once (the floor issue 35
 * names; bench/bare-server.ts), in alternating rounds on one machine, and the median of each. Creates a temporary PostgreSQL database from
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL), starts the app as the bench does (built JavaScript with package.json's
 * node flags) and drops the database. PROFILE=dir also writes a `--cpu-prof` of the app into dir.
 */
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { BENCH_KEY, benchDatabase, benchJotBody, buildBenchServer, cpuSnapshot, load, SECONDS, startChild, WARMUP_SECONDS } from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const database = benchDatabase('jotit_bench_ingest');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Every request a new envelope, made ahead.
const bodies = Array.from({ length: 40_000 * ROUNDS }, (_, index) => benchJotBody(index));
let next = 0;
const ingestOptions = (url: string): autocannon.Options => ({
  url: `${url}/api/v2/jots`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++] ?? benchJotBody(next) }) }],
});

async function cpuPerRequest(name: string, url: string, pid: number) {
  await load(`${name} (warm-up)`, ingestOptions(url), WARMUP_SECONDS);
  const cpu = cpuSnapshot(pid);
  const measured = await load(name, ingestOptions(url), SECONDS);
  const micros = cpu(measured.requestsPerSecond * SECONDS).server;
  console.log(`  ${name}: ${Math.round(measured.requestsPerSecond)} req/s, p99 ${measured.p99} ms, ${micros} µs of its CPU a request`);
  if (measured.errors || measured.non2xx) throw new Error(`${name}: ${JSON.stringify(measured.statusCounts)}, ${measured.errors} errors`);
  return micros;
}

console.log(`JotIt ingestion bench: ${os.cpus().length} CPUs, Node ${process.version}, ${SECONDS} s a round, load average ${os.loadavg()[0]!.toFixed(1)}`);
try {
  const appServer = buildBenchServer();
  await database.create((handle) =>
    handle.sql.query('insert into build_guids (name, value) values ($1, $2)', [BENCH_KEY.name, BENCH_KEY.value]),
  );
  const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
  const app = await startChild(appServer, { DATABASE_URL: database.url }, [...startNodeFlags(), ...profile]);
  // The floor of issue 35: a bare Fastify POST that decrypts the payload once. The bare POST alone is shown beside it.
  const bare = await startChild('bench/bare-server.ts', { DECRYPT_KEY: BENCH_KEY.value });
  const bareHttp = await startChild('bench/bare-server.ts', {});
  const floor: number[] = [];
  const http: number[] = [];
  const jot: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`Round ${round}`);
    http.push(await cpuPerRequest('bare POST', `http://127.0.0.1:${bareHttp.port}`, bareHttp.child.pid!));
    floor.push(await cpuPerRequest('bare POST + decrypt', `http://127.0.0.1:${bare.port}`, bare.child.pid!));
    jot.push(await cpuPerRequest('app  POST /api/v2/jots', `http://127.0.0.1:${app.port}`, app.child.pid!));
  }
  const [httpMedian, floorMedian, jotMedian] = [median(http), median(floor), median(jot)];
  console.log(
    `\nMedian CPU a request: bare POST ${httpMedian} µs; bare POST + one decrypt ${floorMedian} µs; app ${jotMedian} µs = ` +
      `${(jotMedian / floorMedian).toFixed(2)}× the floor (budget ≤ 2×)`,
  );
  if (jotMedian > 2 * floorMedian) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.end(1500);
}
