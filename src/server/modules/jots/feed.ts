/**
 * The public jot feed kept in memory (docs/architecture.md §6, §8): the jot count and the newest jots in their public
 * projection, so `GET /api/jots/count` and the anonymous `GET /api/jots?limit=10` never touch the database.
 *
 * - Loaded once when the app is ready; every jot this instance stores is added at once (after its commit).
 * - Jots stored by other instances: their commit batches are announced on the cluster bus (one notification per
 *   batch, published by `recordInserted`) and `remoteCommitted` re-reads the newest jots at once (coalesced: at most one re-read in
 *   flight plus one queued), so instances converge within a fraction of a second. That re-read counts only the rows
 *   above the `max(id)` of the last full count (an index range over the newest rows), not the whole table: under
 *   sustained writes elsewhere it runs back to back. A row with a lower id committed after that full count (a
 *   batch that was still in flight) is counted by the next full count; the count never goes down in between.
 * - Fallback, always running (the bus may be down; nothing announces seeds, imports or deletions): every `tickMs`
 *   (2 s, FEED_POLL_MS) one index-only `max(id)` query; when it moved, the newest jots are re-read as above,
 *   so without the bus an instance is ~2 s behind another's inserts. A full re-read (one COUNT(*)) also runs every
 *   `fullRefreshEvery` ticks (10 s): it catches what `max(id)` cannot see, such as rows deleted or written
 *   straight into the database with lower ids (a seed, an import).
 * - `subscribe` tells listeners (the SSE stream) when the count or the newest jot changed.
 * - Bodies and ETags are built lazily on the first read after a change, not on every insert.
 */
import { count, desc, gt, max } from 'drizzle-orm';
import type { PublicJot } from '../../../shared/schemas/jots.ts';
import type { Database } from '../../db/client.ts';
import { jots } from '../../db/schema.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import { type CachedBody, etagOf } from '../../lib/http-cache.ts';

export type { CachedBody };

/** The newest jots kept in memory: enough for the home page's 10 and a few pages of 10 after it. */
export const RECENT_CACHE_SIZE = 50;

/** What the feed needs to know of a stored jot. */
export interface FeedJot {
  id: number;
  createdAt: Date;
  senderCity: string | null;
  senderState: string | null;
  senderCountry: string | null;
}

export interface JotFeedOptions {
  tickMs?: number;
  fullRefreshEvery?: number;
  /**
   * The cluster bus (decision 0015): each commit batch of this instance is announced on it, and the other
   * instances' announcements (and a reconnect, after which some may have been missed) trigger a re-read.
   */
  bus?: ClusterBus;
  onError?: (error: unknown) => void;
}

/** What the live stream pushes: the count and the newest jot, as the polled endpoints answer them. */
export interface FeedSnapshot {
  count: number;
  latest: PublicJot | null;
}

export type FeedListener = (snapshot: FeedSnapshot) => void;

export function toPublicJot(jot: FeedJot): PublicJot {
  return {
    id: jot.id,
    created_at: jot.createdAt.toISOString(),
    sender_city: jot.senderCity,
    sender_state: jot.senderState,
    sender_country: jot.senderCountry,
  };
}

/** The newest jots, in what the feed keeps of them, straight from the database. */
export function readNewestJots(db: Database, limit: number, offset = 0): Promise<FeedJot[]> {
  return db
    .select({
      id: jots.id,
      createdAt: jots.createdAt,
      senderCity: jots.senderCity,
      senderState: jots.senderState,
      senderCountry: jots.senderCountry,
    })
    .from(jots)
    .orderBy(desc(jots.createdAt), desc(jots.id))
    .limit(limit)
    .offset(offset);
}

const newestFirst = (a: FeedJot, b: FeedJot) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

export class JotFeed {
  private total = 0;
  private recent: FeedJot[] = [];
  /** True when `recent` holds every jot there is (a small table), so any page can be answered from memory. */
  private holdsAll = true;
  private maxIdSeen = 0;
  /** Bumped on every local insert, to tell whether one happened while a re-read was running. */
  private generation = 0;
  private countBody: CachedBody | null = null;
  private pageBodies = new Map<string, CachedBody>();
  private ticks = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly tickMs: number;
  private readonly fullRefreshEvery: number;
  /** A remote commit arrived while a re-read was running: one more re-read follows it. */
  private rereadQueued = false;
  private listeners = new Set<FeedListener>();
  private announced: { count: number; latestId: number | null } = { count: -1, latestId: null };
  /** What the last full count saw: the rows up to `maxId` were `count`. */
  private counted: { count: number; maxId: number } | null = null;
  private offBus: () => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly options: JotFeedOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 2000;
    this.fullRefreshEvery = options.fullRefreshEvery ?? 5;
  }

  async start(): Promise<void> {
    const bus = this.options.bus;
    if (bus) {
      const offMessages = bus.subscribe((topic) => {
        if (topic === 'jots') this.remoteCommitted();
      });
      // Notifications sent while the bus was away are lost: catch up once it is back.
      const offReconnect = bus.onReconnect(() => this.remoteCommitted());
      this.offBus = () => {
        offMessages();
        offReconnect();
      };
    }
    await this.refresh();
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.offBus();
    this.offBus = () => {};
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.rereadQueued = false;
    this.listeners.clear();
    await this.running?.catch(() => {});
  }

  get count(): number {
    return this.total;
  }

  /** The count and the newest jot now. */
  snapshot(): FeedSnapshot {
    const newest = this.recent[0];
    return { count: this.total, latest: newest ? toPublicJot(newest) : null };
  }

  /** Called when the count or the newest jot changed. Returns an unsubscribe function. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Another instance committed jots (a bus notification): re-read now, coalescing a burst into few re-reads. */
  remoteCommitted(): void {
    if (!this.timer) return;
    if (this.running) {
      this.rereadQueued = true;
      return;
    }
    this.track(this.readNewer());
  }

  /** Jots this instance has just committed. */
  recordInserted(inserted: readonly FeedJot[]): void {
    if (inserted.length === 0) return;
    this.generation += 1;
    this.total += inserted.length;
    for (const jot of inserted) if (jot.id > this.maxIdSeen) this.maxIdSeen = jot.id;
    this.setRecent([...inserted, ...this.recent], this.holdsAll);
    this.announce();
    // The payload is only a nudge: the others re-read the database, which stays the one truth. Never throws.
    this.options.bus?.publish('jots', String(inserted.length));
  }

  /** `{"count":N}` and its ETag. */
  countResponse(): CachedBody {
    if (!this.countBody) {
      const body = JSON.stringify({ count: this.total });
      this.countBody = { body, etag: `"c${this.total}"` };
    }
    return this.countBody;
  }

  /** The public projection of one page of the newest jots, or null when that page is not in memory. */
  pageResponse(limit: number, offset: number): CachedBody | null {
    if (offset + limit > this.recent.length && !this.holdsAll) return null;
    const key = `${limit}:${offset}`;
    let cached = this.pageBodies.get(key);
    if (!cached) {
      const body = JSON.stringify(this.recent.slice(offset, offset + limit).map(toPublicJot));
      cached = { body, etag: etagOf(body, 'r') };
      if (this.pageBodies.size >= 64) this.pageBodies.clear();
      this.pageBodies.set(key, cached);
    }
    return cached;
  }

  /** Re-reads the whole count and the newest jots (after any re-read already running, which may predate the caller's writes). */
  async refresh(): Promise<void> {
    await this.running?.catch(() => {});
    await this.readAll();
  }

  private tick(): void {
    if (this.running) return;
    this.ticks += 1;
    // Runs whatever the bus does: it is the fallback while the bus is down, and sees what no notification
    // announces (seeds, imports, deletions).
    this.track(this.ticks % this.fullRefreshEvery === 0 ? this.readAll() : this.readIfMoved());
  }

  private track(work: Promise<void>): void {
    this.running = work
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
        if (this.rereadQueued && this.timer) {
          this.rereadQueued = false;
          this.track(this.readNewer());
        }
      });
  }

  /** Tells listeners when what the stream shows changed. */
  private announce(): void {
    if (this.listeners.size === 0) return;
    const latestId = this.recent[0]?.id ?? null;
    if (this.announced.count === this.total && this.announced.latestId === latestId) return;
    this.announced = { count: this.total, latestId };
    const snapshot = this.snapshot();
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }

  private async readIfMoved(): Promise<void> {
    const [row] = await this.db.select({ value: max(jots.id) }).from(jots);
    const maxId = row?.value ?? 0;
    if (maxId !== this.maxIdSeen) await this.readNewer();
  }

  private readRecent(): Promise<FeedJot[]> {
    return readNewestJots(this.db, RECENT_CACHE_SIZE);
  }

  /** The whole count (deletions and late commits included) and the newest jots. */
  private async readAll(): Promise<void> {
    const generation = this.generation;
    const [counted, rows] = await Promise.all([this.db.select({ total: count(), maxId: max(jots.id) }).from(jots), this.readRecent()]);
    const total = counted[0]?.total ?? 0;
    const maxId = counted[0]?.maxId ?? 0;
    this.counted = { count: total, maxId };
    this.apply(generation, total, maxId, rows);
  }

  /** The rows above the last full count's `max(id)` counted onto it, and the newest jots; never lowers the count. */
  private async readNewer(): Promise<void> {
    const base = this.counted;
    if (!base) return this.readAll();
    const generation = this.generation;
    const [counted, rows] = await Promise.all([
      this.db.select({ newer: count(), maxId: max(jots.id) }).from(jots).where(gt(jots.id, base.maxId)),
      this.readRecent(),
    ]);
    const total = Math.max(base.count + (counted[0]?.newer ?? 0), this.total);
    this.apply(generation, total, counted[0]?.maxId ?? base.maxId, rows);
  }

  private apply(generation: number, total: number, maxId: number, rows: FeedJot[]): void {
    const holdsAll = rows.length < RECENT_CACHE_SIZE;
    if (generation === this.generation) {
      // Nothing was inserted here meanwhile: the database's answer is the truth (deletions included).
      this.setTotal(total);
      this.setRecent(rows, holdsAll);
      this.maxIdSeen = maxId;
    } else {
      // Local inserts raced the read and may or may not be in it: keep whichever knows more, without duplicates.
      this.setTotal(Math.max(total, this.total));
      const known = new Set(rows.map((jot) => jot.id));
      this.setRecent([...rows, ...this.recent.filter((jot) => !known.has(jot.id))], holdsAll && this.holdsAll);
      this.maxIdSeen = Math.max(this.maxIdSeen, maxId);
    }
    this.announce();
  }

  private setTotal(total: number): void {
    if (total === this.total) return;
    this.total = total;
    this.countBody = null;
  }

  private setRecent(jotsNewestFirst: FeedJot[], holdsAll: boolean): void {
    const sorted = jotsNewestFirst.sort(newestFirst);
    this.holdsAll = holdsAll && sorted.length <= RECENT_CACHE_SIZE;
    this.recent = sorted.slice(0, RECENT_CACHE_SIZE);
    this.pageBodies.clear();
    this.countBody = null;
  }
}
