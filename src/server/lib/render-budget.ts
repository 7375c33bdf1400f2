/**
 * A ceiling on the pages rendered per request for one client network (issue 35 §3, decision 0045). A cached page
 * costs almost nothing; a page React must render (a 404, a query variant past the cache's per-path limit, a form
 * post, a page nobody has stored yet) costs milliseconds of the one thread every visitor shares. Without a ceiling,
 * one source sending such requests as fast as it can takes the site down for everyone.
 *
 * - A token bucket per network (IPv4 address, IPv6 /64: lib/client-network.ts `clientNetworkKey`), counted in milliseconds
 *   of render time: it refills at `share` ms per ms (0.25: a quarter of one core) and holds `share × burstSeconds`
 *   (a visitor opening a few uncached pages at once is never refused). A request renders while its bucket is above
 *   zero; the render's time is charged when it ends, so the bucket may go into debt (at most one full bucket).
 *   Refused requests get 429 with Retry-After: the seconds until the bucket is above zero again.
 * - Charged by the render's elapsed time, not a count of requests: a render that gets faster (or a heavier page)
 *   changes how many fit, not the share. Elapsed time is never less than the main-thread time the render took; with
 *   many renders in flight it is more (they interleave), so a flood of concurrent requests runs out sooner.
 * - Bounded memory: at most `maxNetworks` buckets. A bucket that has refilled holds nothing worth keeping and is
 *   forgotten (swept from the oldest, a few per call); when every tracked network is still in debt, any further
 *   network draws from one shared overflow bucket, so ever-new addresses can neither grow the table nor reset
 *   their own debt by pushing it out.
 * - Per instance, in memory: a share of this instance's CPU is what it protects.
 */

export interface RenderBudgetOptions {
  /** The share of one core a network may spend in renders, sustained (0.25 = 250 ms of render time a second). */
  share: number;
  /** How many seconds of that share a bucket holds (default 10). */
  burstSeconds?: number;
  /** Networks tracked at once (default 10,000). */
  maxNetworks?: number;
  /** Milliseconds, monotonic (default performance.now). */
  now?: () => number;
}

interface Bucket {
  /** Milliseconds of render time left (negative: in debt). */
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

/** The bucket every network shares once the table is full of networks in debt. */
const OVERFLOW = '*';
/** Refilled buckets forgotten per call, from the oldest: the sweep costs O(1) a request. */
const SWEEP_PER_CALL = 2;

export class RenderBudget {
  private readonly buckets = new Map<string, Bucket>();
  private readonly share: number;
  private readonly capacity: number;
  private readonly maxNetworks: number;
  private readonly now: () => number;

  constructor(options: RenderBudgetOptions) {
    this.share = options.share;
    this.capacity = options.share * (options.burstSeconds ?? 10) * 1000;
    this.maxNetworks = options.maxNetworks ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Milliseconds until `network` may render again; 0: now. */
  waitMs(network: string): number {
    const bucket = this.bucketOf(network, this.now());
    return bucket.tokens > 0 ? 0 : Math.ceil((-bucket.tokens + 1) / this.share);
  }

  /** Charges `network` a render that took `elapsedMs`. */
  charge(network: string, elapsedMs: number): void {
    const bucket = this.bucketOf(network, this.now());
    bucket.tokens = Math.max(-this.capacity, bucket.tokens - elapsedMs);
  }

  /** How many networks are tracked (tests: the table stays bounded). */
  get size(): number {
    return this.buckets.size;
  }

  /** The network's bucket, refilled to `now`; kept last in the table's order (the oldest touched come first). */
  private bucketOf(network: string, now: number): Bucket {
    this.sweep(now);
    let key = network;
    let bucket = this.buckets.get(key);
    if (!bucket && this.buckets.size >= this.maxNetworks) {
      key = OVERFLOW;
      bucket = this.buckets.get(key);
    }
    if (bucket) {
      this.buckets.delete(key);
      bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.share);
      bucket.at = now;
    } else bucket = { tokens: this.capacity, at: now };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private sweep(now: number): void {
    for (let swept = 0; swept < SWEEP_PER_CALL; swept += 1) {
      const oldest = this.buckets.entries().next().value;
      if (!oldest) return;
      const [key, bucket] = oldest;
      if (bucket.tokens + (now - bucket.at) * this.share < this.capacity) return;
      this.buckets.delete(key);
    }
  }
}
