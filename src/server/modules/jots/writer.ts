/**
 * Group commit for jot inserts (DESIGN §8: ingestion ≥ 0.5 of PostgreSQL's single-row insert rate).
 *
 * Jots that arrive while earlier inserts are in flight wait and go to the database together, as one multi-row
 * INSERT … RETURNING: one round trip and one commit for many jots. Each caller's promise settles only after the
 * commit that holds its row, so a 201 still means "stored". A failed batch is retried row by row, so one bad row
 * never fails its neighbours. Under light load every jot is inserted alone, without waiting.
 */
import type { SqlRunner } from '../../db/client.ts';
import type { FeedJot } from './feed.ts';

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
  'returning id, created_at, sender_city, sender_state, sender_country';

interface InsertedRow {
  id: number | string;
  created_at: Date | string;
  sender_city: string | null;
  sender_state: string | null;
  sender_country: string | null;
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
  /** Called with the rows of every committed insert. */
  onCommitted?: (inserted: FeedJot[]) => void;
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
    try {
      // PostgreSQL inserts the unnested rows in array order and RETURNING reports them in that order.
      const values = COLUMNS.map(([, field]) => batch.map((pending) => pending.row[field]));
      const { rows } = await this.sql.query<InsertedRow>(INSERT_SQL, values);
      const inserted = rows.map(toFeedJot);
      if (inserted.length !== batch.length) throw new Error(`insert returned ${inserted.length} rows for ${batch.length}`);
      this.options.onCommitted?.(inserted);
      batch.forEach((pending, index) => pending.resolve(inserted[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(batch.map((pending) => this.flush([pending])));
    }
  }
}
