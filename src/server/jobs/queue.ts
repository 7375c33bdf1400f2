/**
 * The job queue: pg-boss on the same database (PostgreSQL, or PGlite through its `executeSql` hook).
 * Outside calls (e-mail, Kit) run here with retries and backoff, so a request never waits on them and
 * nothing is lost while an outside service is down (DESIGN §9).
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

export interface JobOptions {
  /** How many times a failed job is tried again. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time (backoff). */
  retryDelaySeconds?: number;
}

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  pollingIntervalSeconds?: number;
  defaults?: JobOptions;
  onError?: (error: unknown) => void;
}

const DEFAULT_RETRY: Required<JobOptions> = { retryLimit: 10, retryDelaySeconds: 15 };

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions = {}): JobQueue {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4 })
      : new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.sql.query(text, values) } });
  boss.on('error', (error) => options.onError?.(error));
  const defaults = { ...DEFAULT_RETRY, ...options.defaults };
  // One creation per queue name, shared by concurrent first sends: parallel createQueue calls deadlock on PostgreSQL.
  const queues = new Map<string, Promise<void>>();
  let started: Promise<void> | undefined;

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = boss.createQueue(name).catch((error: unknown) => {
        queues.delete(name);
        throw error;
      });
      queues.set(name, created);
    }
    return created;
  }

  return {
    start() {
      started ??= boss.start().then(() => undefined);
      return started;
    },
    async send(name, data, jobOptions = {}) {
      await this.start();
      await ensureQueue(name);
      const retryLimit = jobOptions.retryLimit ?? defaults.retryLimit;
      const retryDelay = jobOptions.retryDelaySeconds ?? defaults.retryDelaySeconds;
      return boss.send(name, data, { retryLimit, retryDelay, retryBackoff: true });
    },
    async work(name, handler) {
      await this.start();
      await ensureQueue(name);
      await boss.work<object>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
        },
      );
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 4000 });
    },
  };
}
