/**
 * Counted events wait here and are written in batches (issue 40 §2): every second, or at once when 500 are waiting,
 * and on close (graceful shutdown, main.ts → app.close()). Counting never delays a page: a failed write puts the
 * batch back, is logged at most once a minute and counted (`jotit_analytics_write_failures_total`), and the next
 * tick tries again. The buffer is bounded: past BUFFER_MAX events the oldest are dropped and counted
 * (`jotit_analytics_events_dropped_total`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SqlRunner } from '../../db/client.ts';
import type { analyticsEvents } from '../../db/schema.ts';

export type AnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The columns a counted event fills, in the insert's order. */
const COLUMNS = [
  ['at', 'at', 'timestamptz'],
  ['kind', 'kind', 'text'],
  ['visitor_hash', 'visitorHash', 'text'],
  ['path', 'path', 'text'],
  ['referrer_domain', 'referrerDomain', 'text'],
  ['utm_source', 'utmSource', 'text'],
  ['utm_medium', 'utmMedium', 'text'],
  ['utm_campaign', 'utmCampaign', 'text'],
  ['country', 'country', 'text'],
  ['device', 'device', 'text'],
  ['browser', 'browser', 'text'],
] as const satisfies ReadonlyArray<readonly [string, keyof AnalyticsEvent, string]>;

/**
 * One statement for a whole batch, an array per column unnested (as the jots' writer does): the query builder's
 * VALUES list cost ~150 µs of the event loop per row to build under load — most of what counting cost a cached page
 * (bench/counting-cost.ts). Parameters only; the SQL text never changes.
 */
const INSERT_SQL =
  `insert into analytics_events (${COLUMNS.map(([column]) => column).join(', ')}) ` +
  `select * from unnest(${COLUMNS.map(([, , type], index) => `$${index + 1}::${type}[]`).join(', ')})`;

export const FLUSH_INTERVAL_MS = 1000;
export const BATCH_SIZE = 500;
export const BUFFER_MAX = 100_000;
const FAILURE_LOG_INTERVAL_MS = 60_000;

export interface EventBufferOptions {
  sql: SqlRunner;
  log: FastifyBaseLogger;
  onWriteFailed: () => void;
  onDropped: (count: number) => void;
  /** After a batch is stored (the live "visitors now" stream reads the count again). */
  onWritten?: () => void;
  max?: number;
}

export class EventBuffer {
  private events: AnalyticsEvent[] = [];
  private writing: Promise<void> | null = null;
  /** Whether the write under way writes everything (the timer's, close's), or full batches only (push's). */
  private writingAll = false;
  private timer: NodeJS.Timeout | null = null;
  private lastFailureLog = 0;

  constructor(private readonly options: EventBufferOptions) {}

  get size(): number {
    return this.events.length;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  push(event: AnalyticsEvent): void {
    this.events.push(event);
    this.trim();
    if (this.events.length >= BATCH_SIZE && !this.writing) void this.write(BATCH_SIZE);
  }

  /** Writes what is waiting, batch by batch; resolves when written or put back after a failure. */
  flush(): Promise<void> {
    // A write of full batches only may be under way: the rest is written after it.
    if (this.writing) return this.writingAll ? this.writing : this.writing.then(() => this.flush());
    return this.write(1);
  }

  /**
   * Writes batches while at least `atLeast` events wait. Between the timer's ticks only full batches are written:
   * writing whatever had arrived meanwhile, each time the last write ended, made a busy second a stream of small
   * inserts (a commit each) rather than a few batches of 500 — most of what counting cost a cached page.
   */
  private write(atLeast: number): Promise<void> {
    if (this.events.length === 0) return Promise.resolve();
    this.writingAll = atLeast === 1;
    this.writing = this.writeAll(atLeast).finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /** Stops the timer and writes what is left (one try). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writing;
    await this.flush();
  }

  private async writeAll(atLeast: number): Promise<void> {
    while (this.events.length >= atLeast) {
      const batch = this.events.splice(0, BATCH_SIZE);
      try {
        await this.options.sql.query(INSERT_SQL, COLUMNS.map(([, field]) => batch.map((event) => valueOf(event[field]))));
      } catch (error) {
        this.events.unshift(...batch);
        this.trim();
        this.options.onWriteFailed();
        if (Date.now() - this.lastFailureLog >= FAILURE_LOG_INTERVAL_MS) {
          this.lastFailureLog = Date.now();
          this.options.log.error({ err: error, waiting: this.events.length }, 'analytics events could not be written; kept to try again');
        }
        return;
      }
      this.options.onWritten?.();
    }
  }

  private trim(): void {
    const excess = this.events.length - (this.options.max ?? BUFFER_MAX);
    if (excess <= 0) return;
    this.events.splice(0, excess);
    this.options.onDropped(excess);
  }
}

/** A value as the driver takes it inside an array: a time as ISO text, an absent value as null. */
function valueOf(value: AnalyticsEvent[keyof AnalyticsEvent]): string | null {
  if (value === undefined || value === null) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}
