/**
 * Group commit for jot inserts (docs/architecture.md §8: ingestion ≥ 0.5 of PostgreSQL's single-row insert rate).
 *
 * Jots that arrive while earlier inserts are in flight wait and go to the database together, as one multi-row
 * INSERT … RETURNING: one round trip and one commit for many jots. Each caller's promise settles only after the
 * commit that holds its row, so a 201 still means "stored". A failed batch is retried row by row, so one bad row
 * never fails its neighbours. Under light load every jot is inserted alone, without waiting.
 *
 * A jot with a `dedupKey` (a v2 envelope's MAC) is stored once: a retry of the same envelope, in the same batch,
 * in another batch or on another instance, resolves to the row already stored (same id and time), and only new
 * rows reach the feed (the public counter). The unique index on `dedup_key` is what guarantees it; the
 * insert skips a conflicting row (`on conflict do nothing`) and the rows it skipped are then read back.
 */
import type { SqlRunner } from '../../db/client.ts';
import type { JotReceivedData } from '../webhooks/outbox.ts';
import type { FeedJot, JotFeed } from './feed.ts';

/** One decrypted jot to store (`processed_at` and `created_at` are the time of the insert). */
export interface NewJot {
  protocolVersion: 'legacy' | 'v1' | 'v2';
  buildGuidName: string | null;
  encryptedPayload: string;
  clientId: string | null;
  appName: string;
  windowTitle: string | null;
  jotText: string;
  appVersion: string | null;
  plugin: string | null;
  senderIp: string | null;
  senderUserAgent: string | null;
  senderCity: string | null;
  senderState: string | null;
  senderCountry: string | null;
  /** Equal keys are one jot (see above); null: always a new row (legacy and v1). */
  dedupKey: string | null;
}

const COLUMNS = [
  ['protocol_version', 'protocolVersion'],
  ['build_guid_name', 'buildGuidName'],
  ['encrypted_payload', 'encryptedPayload'],
  ['client_id', 'clientId'],
  ['app_name', 'appName'],
  ['window_title', 'windowTitle'],
  ['jot_text', 'jotText'],
  ['app_version', 'appVersion'],
  ['plugin', 'plugin'],
  ['sender_ip', 'senderIp'],
  ['sender_user_agent', 'senderUserAgent'],
  ['sender_city', 'senderCity'],
  ['sender_state', 'senderState'],
  ['sender_country', 'senderCountry'],
  ['dedup_key', 'dedupKey'],
] as const satisfies ReadonlyArray<readonly [string, keyof NewJot]>;

/**
 * One statement for any number of rows: a text array per column, unnested. The SQL text never changes (the
 * server plans it once) and building it costs nothing per row, unlike a query builder's VALUES list, which was
 * the largest cost of ingestion under load. Parameters only: no value is ever spliced into the SQL.
 */
const INSERT_SQL =
  `insert into jots (${COLUMNS.map(([column]) => column).join(', ')}, processed_at) ` +
  `select ${COLUMNS.map(([column]) => column).join(', ')}, now() ` +
  `from unnest(${COLUMNS.map((_, index) => `$${index + 1}::text[]`).join(', ')}) ` +
  `as batch(${COLUMNS.map(([column]) => column).join(', ')}) ` +
  'on conflict (dedup_key) where dedup_key is not null do nothing ' +
  'returning id, created_at, sender_city, sender_state, sender_country, dedup_key';

/** The stored rows of keys the insert skipped. The insert waited for any conflicting writer, so they are committed. */
const STORED_SQL =
  'select id, created_at, sender_city, sender_state, sender_country, dedup_key from jots where dedup_key = any($1::text[])';

interface InsertedRow {
  id: number | string;
  created_at: Date | string;
  sender_city: string | null;
  sender_state: string | null;
  sender_country: string | null;
  dedup_key: string | null;
}

function toFeedJot(row: InsertedRow): FeedJot {
  return {
    // bigint arrives as a string from node-postgres; ids stay far below 2^53.
    id: Number(row.id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    senderCity: row.sender_city,
    senderState: row.sender_state,
    senderCountry: row.sender_country,
  };
}

interface Pending {
  row: NewJot;
  resolve(jot: FeedJot): void;
  reject(error: unknown): void;
}

export interface JotWriterOptions {
  /** Inserts in flight at once (PostgreSQL: a share of the pool; PGlite runs one at a time anyway). */
  maxConcurrent?: number;
  /** Rows in one INSERT. */
  maxBatch?: number;
  /** The in-memory feed, told the rows of every committed insert (tests of the writer alone go without). */
  feed?: Pick<JotFeed, 'recordInserted'>;
  /**
   * Webhooks (issue 41): `wanted()` is an in-memory look-up (an enabled endpoint subscribes to `jot.received`); only
   * then are the new rows of a batch recorded as events, in one statement, before their callers are answered.
   */
  webhooks?: { wanted(): boolean; record(jots: JotReceivedData[]): Promise<void>; onError(error: unknown): void };
}

export class JotWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxConcurrent: number;
  private readonly maxBatch: number;

  constructor(
    private readonly sql: SqlRunner,
    private readonly options: JotWriterOptions = {},
  ) {
    this.maxConcurrent = options.maxConcurrent ?? 4;
    this.maxBatch = options.maxBatch ?? 200;
  }

  /** Stores one jot; resolves after its commit. */
  write(row: NewJot): Promise<FeedJot> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxConcurrent) return;
    this.scheduled = true;
    // After the current I/O phase: every request parsed in it joins the same insert.
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    // Copies of one envelope in this batch become one row and share its answer.
    const groups: Pending[][] = [];
    const byKey = new Map<string, Pending[]>();
    for (const pending of batch) {
      const key = pending.row.dedupKey;
      const group = key === null ? undefined : byKey.get(key);
      if (group) group.push(pending);
      else {
        groups.push([pending]);
        if (key !== null) byKey.set(key, groups.at(-1)!);
      }
    }
    let returned: InsertedRow[];
    try {
      // PostgreSQL inserts the unnested rows in array order and RETURNING reports them in that order.
      const values = COLUMNS.map(([, field]) => groups.map((group) => group[0]!.row[field]));
      ({ rows: returned } = await this.sql.query<InsertedRow>(INSERT_SQL, values));
      const keyless = groups.filter((group) => group[0]!.row.dedupKey === null).length;
      if (returned.filter((row) => row.dedup_key === null).length !== keyless) {
        throw new Error(`insert returned the wrong rows for ${keyless} rows without a key`);
      }
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(batch.map((pending) => this.flush([pending])));
      return;
    }
    // Committed from here on: nothing below may insert again.
    this.options.feed?.recordInserted(returned.map(toFeedJot));
    const insertedByKey = new Map<string, InsertedRow>();
    const keylessRows: InsertedRow[] = [];
    let nextKeyless = 0;
    for (const row of returned) {
      if (row.dedup_key === null) keylessRows.push(row);
      else insertedByKey.set(row.dedup_key, row);
    }
    const skipped: Pending[][] = [];
    const settled: Array<[Pending[], InsertedRow]> = [];
    for (const group of groups) {
      const key = group[0]!.row.dedupKey;
      const row = key === null ? keylessRows[nextKeyless++] : insertedByKey.get(key);
      if (row) settled.push([group, row]);
      else skipped.push(group);
    }
    const webhooks = this.options.webhooks;
    if (webhooks?.wanted() && settled.length > 0) {
      // The jot is stored whatever happens here: a failed event write is logged, never the caller's error.
      await webhooks
        .record(
          settled.map(([group, row]) => ({
            id: Number(row.id),
            app: group[0]!.row.appName,
            version: group[0]!.row.appVersion,
            plugin: group[0]!.row.plugin,
            time: toFeedJot(row).createdAt.toISOString(),
          })),
        )
        .catch(webhooks.onError);
    }
    for (const [group, row] of settled) settle(group, row);
    if (skipped.length > 0) await this.settleSkipped(skipped);
  }

  /** Answers retried envelopes with the row stored before. */
  private async settleSkipped(groups: Pending[][]): Promise<void> {
    try {
      const keys = groups.map((group) => group[0]!.row.dedupKey);
      const { rows } = await this.sql.query<InsertedRow>(STORED_SQL, [keys]);
      const stored = new Map(rows.map((row) => [row.dedup_key, row]));
      for (const group of groups) {
        const row = stored.get(group[0]!.row.dedupKey);
        // Deleted in between (an admin's delete): an error, and the client's retry stores it again.
        if (row) settle(group, row);
        else rejectAll(group, new Error('a skipped duplicate jot is no longer stored'));
      }
    } catch (error) {
      for (const group of groups) rejectAll(group, error);
    }
  }
}

function settle(group: Pending[], row: InsertedRow): void {
  const jot = toFeedJot(row);
  for (const pending of group) pending.resolve(jot);
}

function rejectAll(group: Pending[], error: unknown): void {
  for (const pending of group) pending.reject(error);
}
