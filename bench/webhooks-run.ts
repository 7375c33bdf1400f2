/**
 * `npm run bench:webhooks`: issue 41 §7 — "1,000 events a minute to 10 endpoints keep up on one instance". Creates a
 * temporary PostgreSQL database from BENCH_DATABASE_URL (else TEST_DATABASE_URL), starts the app (bench/app-server.ts,
 * one instance, its own delivery worker) with the development flags that let it post to 127.0.0.1, points 10
 * endpoints subscribed to `lead.created` at a local receiver, then records EVENTS leads (default 1,000) through the
 * public form at RATE a minute (default 1,000; 0 = as fast as it answers) and times until every delivery has arrived.
 * Prints deliveries a minute and the lag behind the last event; drops the database. Not run by CI.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../src/server/db/client.ts';
import { solveCaptchaOver } from '../tests/fixtures/captcha.ts';
import { createBenchAdminToken } from './admin-scale.ts';
import { BENCH_JWT_SECRET, benchChildren, machineInfo, processCpuSeconds, startChild, withPgClient } from './lib.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const EVENTS = Number(process.env.EVENTS ?? 1000);
const RATE = Number(process.env.RATE ?? 1000);
const ENDPOINTS = 10;
const databaseName = `jotit_bench_webhooks_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const adminQuery = (url: string, text: string, values: unknown[] = []) => withPgClient(url, async (client) => (await client.query(text, values)).rows);

// The receiver: answers 204 at once and counts each (endpoint, webhook-id) once.
const received = new Set<string>();
let duplicates = 0;
let lastArrival = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const key = `${request.url} ${String(request.headers['webhook-id'])}`;
    if (received.has(key)) duplicates += 1;
    received.add(key);
    lastArrival = performance.now();
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as AddressInfo).port;

await adminQuery(adminUrl, `create database "${databaseName}"`);
try {
  const database = await openDatabase({ databaseUrl, pgliteDir: '' });
  await database.migrate();
  await database.close();
  const { port, child } = await startChild('bench/app-server.ts', {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    WEBHOOKS: '1',
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    CAPTCHA_MAX_NUMBER: '10',
  });
  const base = `http://127.0.0.1:${port}`;
  process.stdout.write(`app ready on ${base}\n`);
  const token = await createBenchAdminToken(databaseUrl, BENCH_JWT_SECRET);
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  for (let index = 0; index < ENDPOINTS; index += 1) {
    await call(
      '/api/webhooks/endpoints',
      { url: `http://127.0.0.1:${receiverPort}/endpoint-${index}`, events: ['lead.created'], description: `bench ${index}` },
      { authorization: `Bearer ${token}` },
    );
  }
  // The form's captchas, solved before the clock starts (the limit per network is lifted for the bench).
  const captchas: string[] = [];
  while (captchas.length < EVENTS) captchas.push(...(await Promise.all(Array.from({ length: Math.min(50, EVENTS - captchas.length) }, () => solveCaptchaOver(base)))));
  process.stdout.write(`${ENDPOINTS} endpoints, ${captchas.length} captchas solved; sending…\n`);
  const cpuBefore = processCpuSeconds(child.pid!);
  const started = performance.now();
  const interval = RATE > 0 ? 60_000 / RATE : 0;
  for (let index = 0; index < EVENTS; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await call('/api/leads', { email: `bench.${index}.${databaseName}@example.com`, firstName: 'Bench', source: 'homepage-hero', captcha: captchas[index] });
  }
  const lastEvent = performance.now();
  const expected = EVENTS * ENDPOINTS;
  const deadline = lastEvent + 10 * 60_000;
  let reported = performance.now();
  while (received.size < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (performance.now() - reported > 10_000) {
      reported = performance.now();
      process.stdout.write(`  ${received.size} of ${expected} received…\n`);
    }
  }
  const elapsed = (lastArrival - started) / 1000;
  const cpu = processCpuSeconds(child.pid!) - cpuBefore;
  console.log(JSON.stringify(machineInfo()));
  console.log(
    [
      `${EVENTS} lead.created events at ${RATE || 'full speed'} a minute to ${ENDPOINTS} endpoints (one instance, PostgreSQL)`,
      `received ${received.size} of ${expected} deliveries (${duplicates} again) in ${elapsed.toFixed(1)} s after the first event`,
      `${Math.round((received.size / elapsed) * 60)} deliveries a minute; the last arrived ${((lastArrival - lastEvent) / 1000).toFixed(1)} s after the last event`,
      `app CPU ${cpu.toFixed(1)} s (${((cpu / received.size) * 1000).toFixed(2)} ms a delivery)`,
    ].join('\n'),
  );
} finally {
  for (const child of benchChildren) child.kill('SIGTERM');
  receiver.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
}
