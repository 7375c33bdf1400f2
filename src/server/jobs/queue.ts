/**
 * The job queue: pg-boss on the same database (PostgreSQL, or PGlite through its `executeSql` hook).
 * Outside calls (e-mail, Kit) run here with retries and backoff, so a request never waits on them and
 * nothing is lost while an outside service is down (docs/architecture.md §9).
 */
import { setMaxListeners } from 'node:events';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { currentRequestId, runAsRequest } from '../lib/request-context.ts';

export interface JobOptions {
  /** How many times a failed job is tried again. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time (backoff). */
  retryDelaySeconds?: number;
}

export interface SendOptions extends JobOptions {
  /** Seconds before the job may first run (none: at once). */
  startAfterSeconds?: number;
}

export interface JobInfo {
  id: string;
  retryCount: number;
}

export interface ConsumeOptions {
  /** How many jobs of this queue this process handles at once. */
  concurrency: number;
}

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Queues one job per item in one statement (a batch of webhook deliveries): `send`'s options, no delay. */
  sendMany<T extends object>(name: string, items: T[], options?: Omit<SendOptions, 'startAfterSeconds'>): Promise<void>;
  /**
   * A worker (mail, Kit): keeps up to `concurrency` jobs in hand, fetches the next job as
   * soon as one finishes, and polls only when the queue is empty. Each job is completed or failed on its own
   * (retried with backoff). `signal` aborts when the queue stops, so a handler waiting for its turn can give
   * the job back.
   */
  consume<T extends object>(
    name: string,
    options: ConsumeOptions,
    handler: (data: T, job: JobInfo & { signal: AbortSignal }) => Promise<void>,
  ): Promise<void>;
  /** Sends a job to `name` at every time `cron` (UTC) names, once across every instance sharing the database. */
  schedule(name: string, cron: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  pollingIntervalSeconds?: number;
  defaults?: JobOptions;
  /** Replaces every job's first retry delay (JOB_RETRY_DELAY_SECONDS: fault tests). */
  retryDelayOverrideSeconds?: number;
  /**
   * How long a job may stay in hand before it counts as lost and is handed out again (JOB_EXPIRE_SECONDS; pg-boss's
   * 15 minutes otherwise). Lost jobs are looked for at half this interval (at most every 2 minutes).
   */
  expireInSeconds?: number;
  onError?: (error: unknown) => void;
}

/** The field of a job's stored data holding the id of the request that queued it. */
const REQUEST_ID_FIELD = '_requestId';

const DEFAULT_RETRY: Required<JobOptions> = { retryLimit: 10, retryDelaySeconds: 15 };

/**
 * How long `stop()` waits for consumers to finish the jobs in hand, then for pg-boss's own workers: together
 * within main.ts's 5 s shutdown. Unfinished jobs expire and are retried.
 */
const STOP_TIMEOUT_MS = 2000;

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions = {}): JobQueue {
  const maintenance = options.expireInSeconds
    ? { maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(options.expireInSeconds / 2))) }
    : {};
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4, ...maintenance })
      : new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.sql.query(text, values) }, ...maintenance });
  boss.on('error', (error) => options.onError?.(error));
  const defaults = { ...DEFAULT_RETRY, ...options.defaults };
  // One creation per queue name, shared by concurrent first sends: parallel createQueue calls deadlock on PostgreSQL.
  const queues = new Map<string, Promise<void>>();
  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  let started: Promise<void> | undefined;
  const stopping = new AbortController();
  // Every job in hand and every idle consumer listens for the stop: more than the default warning threshold of 10.
  setMaxListeners(0, stopping.signal);
  const consumers: Array<Promise<void>> = [];
  // Consumers waiting for work, by queue: a job sent from this process wakes them at once instead of at the
  // next poll (transactional mail leaves within milliseconds on the instance that queued it).
  const sleepers = new Map<string, Set<() => void>>();

  function wake(name: string) {
    for (const resume of sleepers.get(name) ?? []) resume();
  }

  /** Resolves after the polling interval, when a job is sent to `name` here, or when the queue stops. */
  function idle(name: string): Promise<void> {
    return new Promise((resolve) => {
      const waiting = sleepers.get(name) ?? new Set<() => void>();
      sleepers.set(name, waiting);
      const resume = () => {
        clearTimeout(timer);
        waiting.delete(resume);
        stopping.signal.removeEventListener('abort', resume);
        resolve();
      };
      const timer = setTimeout(resume, pollingMs);
      waiting.add(resume);
      stopping.signal.addEventListener('abort', resume, { once: true });
    });
  }

  async function runConsumer<T>(
    name: string,
    concurrency: number,
    handler: (data: T, job: JobInfo & { signal: AbortSignal }) => Promise<void>,
  ) {
    const inHand = new Set<Promise<void>>();
    const handle = async (job: PgBoss.JobWithMetadata<T>) => {
      let failure: { message: string } | undefined;
      try {
        const { [REQUEST_ID_FIELD]: requestId, ...data } = job.data as Record<string, unknown>;
        const run = () => handler(data as T, { id: job.id, retryCount: job.retryCount, signal: stopping.signal });
        await (typeof requestId === 'string' ? runAsRequest(requestId, run) : run());
      } catch (error) {
        // Only the message is kept: pg-boss stores it with the job (never the job's data).
        failure = { message: error instanceof Error ? error.message : String(error) };
      }
      try {
        if (failure) await boss.fail(name, job.id, failure);
        else await boss.complete(name, job.id);
      } catch (error) {
        // The job stays active and is retried when it expires; a done job is never failed (sent twice).
        options.onError?.(error);
      }
    };
    while (!stopping.signal.aborted) {
      const free = concurrency - inHand.size;
      let jobs: Array<PgBoss.JobWithMetadata<T>> = [];
      try {
        jobs = await boss.fetch<T>(name, { batchSize: free, includeMetadata: true });
      } catch (error) {
        options.onError?.(error);
      }
      for (const job of jobs) {
        const running: Promise<void> = handle(job).finally(() => inHand.delete(running));
        inHand.add(running);
      }
      if (inHand.size >= concurrency) await Promise.race(inHand);
      else if (jobs.length < free) await idle(name); // the queue is empty (or the database did not answer)
    }
    await Promise.allSettled(inHand);
  }

  // Instances starting together create their queues at the same moment; pg-boss's create_queue attaches a
  // partition to the job table and two of them can deadlock (PostgreSQL 40P01, seen in tests/ops/cluster.test.ts).
  // It is idempotent (ON CONFLICT DO NOTHING), so the loser simply tries again.
  async function createQueueRetryingDeadlocks(name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = createQueueRetryingDeadlocks(name).catch((error: unknown) => {
        queues.delete(name);
        throw error;
      });
      queues.set(name, created);
    }
    return created;
  }

  /** A job's retries and expiry: its own options over the queue's defaults (send and sendMany alike). */
  const retrySettings = (jobOptions: Omit<SendOptions, 'startAfterSeconds'>) => ({
    retryLimit: jobOptions.retryLimit ?? defaults.retryLimit,
    retryDelay: options.retryDelayOverrideSeconds ?? jobOptions.retryDelaySeconds ?? defaults.retryDelaySeconds,
    retryBackoff: true,
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
  });
  // A job queued while a request is handled carries the request's id: its worker's log lines say which request it
  // came from (the field is taken off before the handler sees the data).
  const withRequestId = <T extends object>(data: T) => {
    const requestId = currentRequestId();
    return requestId ? { ...data, [REQUEST_ID_FIELD]: requestId } : data;
  };

  return {
    start() {
      started ??= boss.start().then(() => undefined);
      return started;
    },
    async send(name, data, jobOptions = {}) {
      await this.start();
      await ensureQueue(name);
      const startAfter = jobOptions.startAfterSeconds ? { startAfter: jobOptions.startAfterSeconds } : {};
      const id = await boss.send(name, withRequestId(data), { ...retrySettings(jobOptions), ...startAfter });
      wake(name);
      return id;
    },
    async sendMany(name, items, jobOptions = {}) {
      if (items.length === 0) return;
      await this.start();
      await ensureQueue(name);
      const settings = retrySettings(jobOptions);
      await boss.insert(items.map((data) => ({ name, data: withRequestId(data), ...settings })));
      wake(name);
    },
    async consume(name, consumeOptions, handler) {
      await this.start();
      await ensureQueue(name);
      consumers.push(runConsumer(name, Math.max(1, consumeOptions.concurrency), handler));
    },
    async schedule(name, cron) {
      await this.start();
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop() {
      if (!started) return;
      stopping.abort();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)));
      await Promise.race([Promise.allSettled(consumers), timeout]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
