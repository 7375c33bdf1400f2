/**
 * The one process (docs/architecture.md §1): validates configuration, migrates, seeds, serves pages + API, runs the job
 * worker, and shuts down cleanly within 5 s on SIGTERM/SIGINT.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { appMailer, startMailWorker } from './jobs/mail.ts';
import { startRevisionPruning } from './jobs/prune-revisions.ts';
import { startAnalyticsMaintenance } from './jobs/analytics-maintenance.ts';
import { startVisitorPruning } from './jobs/prune-visitors.ts';
import { startImageSizesWorker } from './modules/uploads/image-job.ts';
import { createJobQueue } from './jobs/queue.ts';
import { serveBackupRequests } from './lib/backup.ts';
import { effectiveTimeouts } from './lib/connection-limits.ts';
import { nodeVersionWarning } from './lib/node-version.ts';
import { createRedis } from './lib/redis.ts';
import { startAccountMailWorker } from './modules/auth/account-mail.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.ts';
import { startAppWebhookWorker } from './modules/webhooks/worker.ts';
import { startPostAnnouncements } from './modules/blog/announce.ts';

const SHUTDOWN_DEADLINE_MS = 5000;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  // Before anything else is printed: an older Node than the README asks for starts, but runs many times slower.
  const nodeWarning = nodeVersionWarning(process.version);
  if (nodeWarning) process.stderr.write(`${nodeWarning}\n`);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nFix the variable(s) above (see .env.example) and start again.\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await database.migrate();
  const queue = createJobQueue(database, {
    retryDelayOverrideSeconds: config.jobs.retryDelaySeconds,
    expireInSeconds: config.jobs.expireSeconds,
    pollingIntervalSeconds: config.jobs.pollingSeconds,
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const app = await buildApp({
    config,
    database,
    queue,
    redis,
    createMailer: appMailer({ config, db: database.db, outboxDir: path.join(config.dataDir, 'outbox'), queue }),
    ssr: { mode: config.isDevelopment ? 'development' : 'production', root: projectRoot },
  });

  if (config.seedDemo) await seedDemoContent(database.db);
  const admin = await ensureFirstAdmin(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    generateDefault: config.seedDemo,
  });
  if (admin?.generatedPassword) {
    // Printed once, to the terminal only (never to the structured log): docs/architecture.md §5.
    process.stdout.write(
      `\n  First admin created: ${admin.email}\n  Password: ${admin.generatedPassword}\n  (shown once; change it after signing in)\n\n`,
    );
  } else if (admin?.created) {
    app.log.info({ email: admin.email }, 'first admin created from ADMIN_EMAIL');
  }

  await queue.start();
  await startMailWorker(queue, app.services.mailer, app.log, config.mail);
  await startAccountMailWorker(queue, app.services);
  await (await import('./jobs/kit.ts')).startKitWorker(app);
  await startVisitorPruning(queue, database.db, app.log);
  await startRevisionPruning(queue, database.db, app.log);
  await startAnalyticsMaintenance(queue, database.db, app.log);
  await startImageSizesWorker(app);
  const webhooks = await startAppWebhookWorker(app);
  const announcements = startPostAnnouncements(app);
  await app.listen({ port: config.port, host: config.host });
  // What the HTTP server enforces (decision 0020): a setting lost on the way would show here.
  app.log.info({ http: effectiveTimeouts(app.server) }, 'connection timeouts');
  // `npm run db:backup` asks this process for a dump of the embedded database (lib/backup.ts, decision 0016).
  const stopBackups = database.pglite ? serveBackupRequests({ pglite: database.pglite, dataDir: config.dataDir, log: app.log }) : undefined;
  app.log.info(`JotIt is running at ${config.publicUrl}`);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took longer than 5 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await webhooks.stop();
      announcements.stop();
      await queue.stop();
      stopBackups?.();
      await database.close();
      redis?.disconnect();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`JotIt failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
