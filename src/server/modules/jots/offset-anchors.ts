/**
 * Offset anchors (issue 13, decision 0013 addendum): every `step`-th jot of the whole table counted from the oldest,
 * so an `offset` deep into the unfiltered admin list walks at most `step` index entries from the nearest anchor
 * instead of up to half the table (a million jots: ~50 ms of index-only walk per request → ~2 ms).
 *
 * Why this stays right: jots are only ever appended at the newest end (the writer stamps `created_at` with the
 * transaction's now(); nothing in the app deletes a jot), so the position of an old jot counted from the oldest
 * never changes. Anchors are taken only among jots older than `settleMs` (a commit cannot land behind them), and
 * the chain is dropped after `ttlMs` so a deletion or import made straight in the database is followed within a
 * minute; a missing anchor row (deleted) reads nothing, and the caller then resets the chain and walks instead.
 *
 * Built lazily, as far as a request needs it: each link is one index-only query walking `step` entries, and links
 * are added one request at a time (a promise chain), never in parallel.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export interface OffsetAnchor {
  /** The anchor jot's id (its exact `(created_at, id)` is read from the row when used). */
  id: number;
  /** How many jots are older than it. */
  position: number;
}

export interface OffsetAnchorsOptions {
  step?: number;
  ttlMs?: number;
  settleMs?: number;
  now?: () => number;
}

export class OffsetAnchors {
  readonly step: number;
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly now: () => number;
  private anchors: OffsetAnchor[] = [];
  /** The chain reached the newest settled jot: no further link exists until it is rebuilt. */
  private complete = false;
  private startedAt = 0;
  private extending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    options: OffsetAnchorsOptions = {},
  ) {
    this.step = options.step ?? 10_000;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.settleMs = options.settleMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The anchor with the largest position not above `position` (null below the first step or past the chain). */
  async nearest(position: number): Promise<OffsetAnchor | null> {
    const wanted = Math.floor(position / this.step);
    if (wanted < 1) return null;
    // One extension at a time: a second request waits for the first's links and then adds only what it lacks.
    const extended = this.extending.then(() => {
      if (this.startedAt > 0 && this.now() - this.startedAt > this.ttlMs) this.reset();
      return this.extendTo(wanted);
    });
    this.extending = extended.catch(() => undefined);
    await extended;
    // By position, not by index: a reset may have started a new chain meanwhile.
    return this.anchors.findLast((anchor) => anchor.position <= position) ?? null;
  }

  /** Forget every anchor (a caller found one that no longer reads as expected). */
  reset(): void {
    this.anchors = [];
    this.complete = false;
    this.startedAt = 0;
  }

  private async extendTo(wanted: number): Promise<void> {
    if (this.startedAt === 0) this.startedAt = this.now();
    const settledBefore = new Date(this.now() - this.settleMs);
    // A reset (a request found a deleted anchor) replaces the array: links of the old chain are not added to it.
    const chain = this.anchors;
    while (chain.length < wanted && !this.complete && chain === this.anchors) {
      const previous = chain.at(-1);
      const after = previous
        ? sql`where (created_at, id) > (select created_at, id from jots where id = ${previous.id})`
        : sql``;
      // Index-only on jots_created_at_idx (created_at, id): `step` entries from the previous anchor.
      const result = await this.db.execute<{ id: string | number; created_at: string | Date }>(
        sql`select id, created_at from jots ${after} order by created_at, id offset ${this.step - (previous ? 1 : 0)} limit 1`,
      );
      const row = result.rows[0];
      if (chain !== this.anchors) return;
      if (!row || new Date(row.created_at) >= settledBefore) {
        this.complete = true;
        return;
      }
      chain.push({ id: Number(row.id), position: (previous?.position ?? 0) + this.step });
    }
  }
}
