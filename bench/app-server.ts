/**
 * The real API on PostgreSQL, as a child process of bench/run.ts so the load generator does not share its event
 * loop; with PAGES=1 also the server-rendered pages (the production build). Prints `listening <port>` when ready.
 * Env: DATABASE_URL, PORT, PAGES, TRUST_PROXY; WEBHOOKS=1 with WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE and CAPTCHA_MAX_NUMBER.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { appMailer } from '../src/server/jobs/mail.ts';
import { createJobQueue } from '../src/server/jobs/queue.ts';
import { startAppWebhookWorker } from '../src/server/modules/webhooks/worker.ts';
import { BENCH_JWT_SECRET } from './secret.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'jotit-bench-'));
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: dataDir,
  PORT: process.env.PORT ?? '0',
  JWT_SECRET: BENCH_JWT_SECRET,
  // The benchmark measures the work of each request, not the per-IP limits (every request comes from 127.0.0.1).
  RATE_LIMIT_MULTIPLIER: '1000000',
  LOG_LEVEL: 'warn',
  // The analytics row (bench/counting-cost.ts) runs its own server behind a trusted proxy: a visitor per address.
  TRUST_PROXY: process.env.TRUST_PROXY,
  SEED_DEMO: 'false',
  // bench/webhooks-run.ts posts to a receiver on 127.0.0.1 (development flags, docs/webhooks.md).
  WEBHOOKS_ALLOW_HTTP: process.env.WEBHOOKS_ALLOW_HTTP,
  WEBHOOKS_ALLOW_PRIVATE: process.env.WEBHOOKS_ALLOW_PRIVATE,
  // Its leads come through the public form, whose captcha it solves: an easy one keeps that out of the figures.
  CAPTCHA_MAX_NUMBER: process.env.CAPTCHA_MAX_NUMBER,
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: '',
  poolSize: Number(process.env.POOL_SIZE ?? 20),
});
await database.migrate();
const queue = createJobQueue(database);
const app = await buildApp({
  config,
  database,
  queue,
  // No SMTP_URL and no database for the suppression list: the bench sends no mail, the outbox only catches it.
  createMailer: appMailer({ config, outboxDir: path.join(dataDir, 'outbox'), queue }),
  ssr: process.env.PAGES === '1' ? { mode: 'production', root: path.resolve(import.meta.dirname, '..') } : false,
});
// WEBHOOKS=1 (bench/webhooks-run.ts): the job queue and the webhook delivery worker, as src/server/main.ts starts them.
if (process.env.WEBHOOKS === '1') {
  await queue.start();
  await startAppWebhookWorker(app);
}
await app.listen({ port: config.port, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : config.port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
// `kill -USR2 <pid>`: what is resident (bench and memory investigations, decision 0014).
process.on('SIGUSR2', () => {
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const usage = process.memoryUsage();
  console.error(
    JSON.stringify({
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
    }),
  );
});
process.on('SIGINT', () => void stop());
