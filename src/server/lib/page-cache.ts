/**
 * In-memory cache of the public pages every visitor sees alike (`/`, `/help`, `/blog`, `/blog/{slug}`, `/about`,
 * `/p/{slug}` …; issues 13 and 35, decisions 0014, 0034 and 0045). React Router renders a page once; later
 * requests get the stored HTML with their own CSP nonce put back in.
 *
 * - Which pages: those whose route says so (`handle.sameForEveryone`, read by entry.server.tsx, which calls the
 *   load context's `sharePage()`); sign-in, campaign, unsubscribe and admin pages do not. Nothing here knows the
 *   web's routes.
 * - Keyed on what the page reads, not on which headers the request carries (decision 0045): a page GET is rendered
 *   without the request's Cookie and Authorization (plugins/ssr.ts), so a cookie a CDN or an analytics script adds
 *   (`__cf_bm`, `_ga`), a session cookie or a bearer token cannot change the HTML, and the request is served from
 *   the cache like any other. A page that renders by a cookie or header reads it through the load context's
 *   `varyOn` with the short list of values it knows; the cache then keeps one page per listed value (plus one for
 *   "absent or anything else"), keyed by that value alone. A response that sets a cookie or is not 200 is never
 *   stored.
 * - Keyed by path + the query parameters the page reads, sorted (decision 0060): a shared page names them (the
 *   blog's `?category=`; most pages none), the cache remembers them per path, and a later request's other
 *   parameters (`?utm_…`, a cache buster, a crawler's junk) are left out of its key and of the URL it is rendered
 *   with (`readKey`), so `/?v=123` is the page `/`. A render that saw parameters its page does not read is not
 *   stored. At most `maxEntries` pages, and at most `maxQueryVariants` query strings of one path: ever-new values
 *   of a parameter the page reads are rendered per request and stored no more, rather than pushing the pages
 *   everyone reads out of the cache (those renders count against the client's render budget,
 *   lib/render-budget.ts).
 * - The not-found page is the same at every unknown path (its route says `sameAtEveryPath`): the server keys it by
 *   its route (`routePageKey`), and it is stored once, with its 404, for all of them (decision 0060). So is a route's
 *   page for an item that does not exist (an unknown post), and an address that is another's page (a blog category
 *   the filter does not offer is `/blog`): the route says so before rendering (`handle.sharedWith`, decision 0077).
 * - Dropped by tag (issue 28 §2): a page keeps the content tags its loaders read (lib/page-tags.ts); a committed
 *   change (`contentEvents`, on every instance through the cluster bus) drops the pages carrying its kind, or only
 *   those carrying the items it names.
 * - Live figures (the jot count in the frame and on the home page): a page is fresh for `ttlMs` (3 s). After that
 *   one request renders it again while the others still get the stored page (for at most `staleMs`), so an expiry
 *   never sends every connection into React at once. A scheduled blog post's time ends both (it appears on time).
 * - The nonce: the page rendered for one request is kept split at that request's nonce, which stands in as the
 *   placeholder and cannot collide with content (128 random bits drawn for that request, after the content was
 *   written). Each hit joins the parts with its own request's nonce. gzip is built ahead too: each part is deflated
 *   once with a full flush (independent, byte-aligned deflate blocks) and a hit joins them with the nonce as a stored
 *   block and a CRC combined from the parts' stored CRCs (crc32-combine.ts), so a hit costs no compression and no
 *   pass over the page. brotli cannot be joined like that, so hits prefer gzip (every browser that accepts br
 *   accepts gzip); a client that takes br only gets it compressed per request at quality 1.
 * - Caching headers: `Cache-Control: no-cache` (as every page) and no ETag, since the body differs per response
 *   (the nonce) and a 304 would pair a stored body with a new nonce; `Vary: Accept-Encoding`, and the cookie's or
 *   header's name for a page that varies on one.
 */
import { brotliCompressSync, constants as zlib, crc32, deflateRawSync } from 'node:zlib';
import type { PageVariance, SharedPageReads } from '../../shared/load-context.ts';
import { type ContentEvents, type ContentItemTag, type ContentKind, type ContentTag, changeTouches } from './content-events.ts';
import { crc32Append, crc32Shift } from './crc32-combine.ts';

/** The most values a page may vary on: each is a stored page, so the list must stay short (decision 0045). */
export const MAX_VARIANT_VALUES = 8;

/** What a render read of the request through `varyOn`: the declaration and the value it rendered for. */
export interface ReadVariance {
  variance: PageVariance;
  value: string | null;
}

export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The route said the page is the same for every anonymous visitor (only such a page is stored). */
  isShared: boolean;
  /** The content its loaders read (lib/page-tags.ts). */
  tags: ReadonlySet<ContentTag>;
  /** The cookies or headers the render read through `varyOn` (none: the page is the same whatever they are). */
  variances: readonly ReadVariance[];
  /** What a shared page's routes say it reads of the URL (none said: no query parameter, and only its own path). */
  reads?: SharedPageReads;
}

/** A hit as sent. */
/** What `begin` hands a render: the cache's generation and the time the render began. */
export interface RenderTicket {
  generation: number;
  at: number;
}

export interface PageHit {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  /** The body's UTF-8 bytes, split where the nonce goes. */
  parts: Buffer[];
  /** Each part deflated alone (full flush; the last one finished). */
  deflated: Buffer[];
  /** Each part's CRC-32 and shift (crc32-combine.ts), so a gzip hit never reads the page's bytes again. */
  partCrcs: number[];
  partShifts: number[];
  freshUntil: number;
  expiresAt: number;
  /** When a request started rendering the page again (0: none). */
  refreshingSince: number;
  tags: ReadonlySet<ContentTag>;
}

export interface PageCacheOptions {
  events: ContentEvents;
  now: () => Date;
  /** When the first content scheduled after `after` goes live (null: none). */
  nextScheduledAt?: (after: Date) => Promise<Date | null>;
  /** How long a page is fresh (the live figures lag at most this much). */
  ttlMs?: number;
  /** How long past that a stored page may still be sent while one request renders it again. */
  staleMs?: number;
  maxEntries?: number;
  /** Query strings stored per path (default 16); a path without a query is always stored. */
  maxQueryVariants?: number;
}

/**
 * The cache key of a GET or HEAD of a page (path and sorted query), else null. Request headers are not part of it:
 * a page that renders by one says so when rendered (`varyOn`), and `PageCache.keyOf` adds that value alone.
 */
export function pageCacheKey(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (queryAt === -1) return trimmed;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  query.sort();
  const normalised = query.toString();
  return normalised ? `${trimmed}?${normalised}` : trimmed;
}

/** The key of the one page stored for every path a route matches (its `sameAtEveryPath`); never a path's key. */
export function routePageKey(routeId: string): string {
  return `${ROUTE_KEY_PREFIX}${routeId}`;
}

const ROUTE_KEY_PREFIX = 'route:';

/** The path of a key (pageCacheKey). */
function pathOf(baseKey: string): string {
  const queryAt = baseKey.indexOf('?');
  return queryAt === -1 ? baseKey : baseKey.slice(0, queryAt);
}

/** `baseKey` (pageCacheKey) with only the query parameters in `names`, sorted as before. */
function keyWithQuery(baseKey: string, names: readonly string[]): string {
  const queryAt = baseKey.indexOf('?');
  if (queryAt === -1) return baseKey;
  const path = baseKey.slice(0, queryAt);
  if (names.length === 0) return path;
  const query = new URLSearchParams(baseKey.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of query) if (names.includes(name)) kept.append(name, value);
  const normalised = kept.toString();
  return normalised ? `${path}?${normalised}` : path;
}

type RequestHeaders = Record<string, string | string[] | undefined>;

/** The request's value of what `variance` names when it is one of its values, else null (absent or anything else). */
export function varianceValue(variance: PageVariance, headers: RequestHeaders): string | null {
  const allowed = (value: string | undefined) => (value !== undefined && variance.values.includes(value) ? value : null);
  const header = headers[variance.source === 'cookie' ? 'cookie' : variance.name.toLowerCase()];
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined) return null;
  if (variance.source === 'header') return allowed(text.trim());
  for (const pair of text.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === variance.name) return allowed(pair.slice(equals + 1).trim());
  }
  return null;
}

/** The stored page's key for one value of what it varies on (a space cannot occur in a request's path or query). */
function variantKey(baseKey: string, variance: PageVariance, value: string | null): string {
  return value === null ? baseKey : `${baseKey} ${variance.source}:${variance.name}=${value}`;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** A deflate stored block (not final) holding `data`, at a byte boundary (each part ends with a full flush). */
function storedBlock(data: Buffer): Buffer {
  const length = data.length;
  const header = Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  return Buffer.concat([header, data]);
}

/** How many pages that said they are not shared are remembered, so their requests skip the one-render wait. */
const MAX_UNSHARED_KEYS = 1000;

export class PageCache {
  private readonly pages = new Map<string, Entry>();
  /** Keys last rendered as pages that are not the same for everyone (sign-in, campaign, …). */
  private readonly unshared = new Set<string>();
  /** What the page at a key (path + query) last said it renders by, for pages that vary on a cookie or header. */
  private readonly variances = new Map<string, PageVariance>();
  /** The query parameters the shared page at a path said it reads (decision 0060), by path. */
  private readonly queryReads = new Map<string, readonly string[]>();
  private generation = 0;
  private readonly rendering = new Map<string, { promise: Promise<void>; done: () => void }>();
  private nextPublish: Promise<number> | null = null;
  readonly unsubscribe: () => void;

  constructor(private readonly options: PageCacheOptions) {
    this.unsubscribe = options.events.subscribe((kind, _origin, items) => this.drop(kind, items));
  }

  /** Drops the pages a committed change touches; a render in flight meanwhile is not stored (it may predate it). */
  private drop(kind: ContentKind, items: readonly ContentItemTag[]): void {
    this.generation += 1;
    this.nextPublish = null;
    for (const [key, entry] of this.pages) if (changeTouches(entry.tags, kind, items)) this.pages.delete(key);
  }

  /**
   * The stored page with `nonce` put back in, encoded for `acceptEncoding`; null when absent, expired, or stale
   * with no one renewing it yet (the caller then renders and stores it). `mayRefresh` false (a HEAD, which renders
   * nothing to store, or a client past its render budget; asked only when the page is due for a refresh): a stale
   * page is sent as it is and the refresh is left to the next request that may render.
   */
  get(key: string, nonce: string, acceptEncoding = '', mayRefresh: boolean | (() => boolean) = true): PageHit | null {
    const entry = this.pages.get(key);
    if (!entry) return null;
    const now = this.options.now().getTime();
    if (now >= entry.expiresAt) {
      this.pages.delete(key);
      return null;
    }
    const refreshDue = now >= entry.freshUntil && now - entry.refreshingSince > 10_000;
    if (refreshDue && (typeof mayRefresh === 'function' ? mayRefresh() : mayRefresh)) {
      entry.refreshingSince = now;
      return null;
    }
    return this.encode(entry, nonce, acceptEncoding);
  }

  /**
   * The key a request of `baseKey` (pageCacheKey) is served under: the base key, or the variant of the value the
   * page said it renders by (`varyOn`) when the request carries one of its listed values.
   */
  keyOf(baseKey: string, headers: RequestHeaders): string {
    const variance = this.variances.get(baseKey);
    return variance ? variantKey(baseKey, variance, varianceValue(variance, headers)) : baseKey;
  }

  /**
   * The key a GET or HEAD of `baseKey` (pageCacheKey) is served and rendered under: for a path whose shared page
   * said which query parameters it reads, the base key with only those (`/?utm_source=x` → `/`); else `baseKey`.
   * The caller renders a miss with this key as its URL, so the stored page never saw the other parameters.
   */
  readKey(baseKey: string): string {
    if (!baseKey.includes('?')) return baseKey;
    const names = this.queryReads.get(pathOf(baseKey));
    return names ? keyWithQuery(baseKey, names) : baseKey;
  }

  /**
   * Call before rendering; pass the result to `set`. A change in between means the render may be stale, and the
   * page is fresh from when its render began, not from when it is stored (a scheduled post's time may pass between).
   */
  begin(): RenderTicket {
    return { generation: this.generation, at: this.options.now().getTime() };
  }

  /**
   * A page nobody has stored yet (first visit, or just after a change): the first request renders it and the
   * others arriving meanwhile wait for that render (`wait` resolves when it is stored or given up), instead of
   * every connection rendering the same page at once. Returns null to the request that should render.
   */
  waitForRender(key: string): Promise<void> | null {
    // A page that is not shared is rendered for each request anyway: its requests need not queue behind each other.
    if (this.unshared.has(key)) return null;
    const pending = this.rendering.get(key);
    if (pending) return pending.promise;
    let done = () => {};
    const promise = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.rendering.set(key, { promise, done });
    return null;
  }

  /** The render of `key` started after `waitForRender` returned null is over (stored or not). */
  rendered(key: string): void {
    const pending = this.rendering.get(key);
    this.rendering.delete(key);
    pending?.done();
  }

  /**
   * Stores a page rendered for a GET of `baseKey` (`readKey`, or `routePageKey` for a page the same at every path),
   * under the variant of what it read through `varyOn`; nothing is stored unless the page is shared, 200 (or the
   * same at every path), without Set-Cookie, rendered without query parameters it does not read, and varies on at
   * most one cookie or header with at most MAX_VARIANT_VALUES values.
   */
  async set(baseKey: string, page: RenderedPage, nonce: string, ticket: RenderTicket): Promise<void> {
    const read = page.variances[0];
    const key = read ? variantKey(baseKey, read.variance, read.value) : baseKey;
    const stored = this.pages.get(key);
    if (stored) stored.refreshingSince = 0;
    if (!page.isShared) {
      this.pages.delete(key);
      this.queryReads.delete(pathOf(baseKey));
      this.variances.delete(baseKey);
      this.rememberUnshared(baseKey);
      return;
    }
    this.unshared.delete(baseKey);
    // The page of every path is stored under its route's key only (never once per path: development, say, renders
    // it without knowing its route first).
    if (page.reads?.atEveryPath && !baseKey.startsWith(ROUTE_KEY_PREFIX)) return;
    if (!page.reads?.atEveryPath) {
      const query = page.reads?.query ?? [];
      this.rememberQueryReads(pathOf(baseKey), query);
      // Rendered with parameters it does not read (its path was not known yet): the next request renders without.
      if (keyWithQuery(baseKey, query) !== baseKey) return;
    }
    const varies = new Set(page.variances.map(({ variance }) => `${variance.source}:${variance.name}`));
    if (varies.size > 1 || (read && read.variance.values.length > MAX_VARIANT_VALUES)) return;
    this.rememberVariance(baseKey, read?.variance ?? null);
    if ((page.status !== 200 && !page.reads?.atEveryPath) || page.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return;
    if (nonce.length < 16) return;
    // Decided first: a variant that will not be stored costs no compression.
    if (!this.pages.has(key) && this.queryVariantsFull(key)) return;
    const renderedAt = ticket.at;
    let nextPublish = await this.nextPublishTime(renderedAt);
    // The remembered publish time has passed (that content is live now): ask again for the next one.
    if (nextPublish <= renderedAt) {
      this.nextPublish = null;
      nextPublish = await this.nextPublishTime(renderedAt);
    }
    if (ticket.generation !== this.generation) return;
    const freshUntil = Math.min(renderedAt + (this.options.ttlMs ?? 3000), nextPublish);
    if (freshUntil <= this.options.now().getTime()) return;
    const parts = page.body.split(nonce).map((part) => Buffer.from(part, 'utf8'));
    const deflated = parts.map((part, index) =>
      deflateRawSync(part, { level: 9, finishFlush: index === parts.length - 1 ? zlib.Z_FINISH : zlib.Z_FULL_FLUSH }),
    );
    const headers = page.headers.filter(([name]) => !['content-length', 'etag', 'vary'].includes(name.toLowerCase()));
    if (this.pages.size >= (this.options.maxEntries ?? 500) && !this.pages.has(key)) this.pages.delete(this.pages.keys().next().value!);
    const variedOn = read ? (read.variance.source === 'cookie' ? 'Cookie' : read.variance.name) : null;
    this.pages.set(key, {
      status: page.status,
      headers: [...headers, ['vary', variedOn ? `Accept-Encoding, ${variedOn}` : 'Accept-Encoding']],
      parts,
      deflated,
      partCrcs: parts.map((part) => crc32(part)),
      partShifts: parts.map((part) => crc32Shift(part.length)),
      freshUntil,
      expiresAt: Math.min(renderedAt + (this.options.staleMs ?? 30_000), nextPublish),
      refreshingSince: 0,
      tags: page.tags,
    });
  }

  /** Remembers what the page at `baseKey` varies on (null: nothing), bounded like the pages themselves. */
  private rememberVariance(baseKey: string, variance: PageVariance | null): void {
    if (!variance) {
      this.variances.delete(baseKey);
      return;
    }
    if (!this.variances.has(baseKey) && this.variances.size >= (this.options.maxEntries ?? 500))
      this.variances.delete(this.variances.keys().next().value!);
    this.variances.set(baseKey, variance);
  }

  /** Remembers the query parameters the shared page at `path` reads, bounded like the pages themselves. */
  private rememberQueryReads(path: string, names: readonly string[]): void {
    if (!this.queryReads.has(path) && this.queryReads.size >= (this.options.maxEntries ?? 500))
      this.queryReads.delete(this.queryReads.keys().next().value!);
    this.queryReads.set(path, [...names]);
  }

  private rememberUnshared(key: string): void {
    if (this.unshared.has(key)) return;
    if (this.unshared.size >= MAX_UNSHARED_KEYS) this.unshared.delete(this.unshared.values().next().value!);
    this.unshared.add(key);
  }

  /** Whether `key` has a query and its path already has as many query variants stored as allowed. */
  private queryVariantsFull(key: string): boolean {
    const queryAt = key.indexOf('?');
    if (queryAt === -1) return false;
    const prefix = key.slice(0, queryAt + 1);
    let variants = 0;
    // Stores are rare (once per page and freshness window) and the cache is small: counting is cheaper than an index.
    for (const stored of this.pages.keys()) if (stored.startsWith(prefix)) variants += 1;
    return variants >= (this.options.maxQueryVariants ?? 16);
  }

  private encode(entry: Entry, nonce: string, acceptEncoding: string): PageHit {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    if (/\bgzip\b/.test(acceptEncoding)) {
      const chunks: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let size = 0;
      const block = storedBlock(nonceBytes);
      const nonceCrc = crc32(nonceBytes);
      const nonceShift = crc32Shift(nonceBytes.length);
      entry.parts.forEach((part, index) => {
        if (index > 0) {
          chunks.push(block);
          crc = crc32Append(crc, nonceCrc, nonceShift);
          size += nonceBytes.length;
        }
        chunks.push(entry.deflated[index]!);
        crc = crc32Append(crc, entry.partCrcs[index]!, entry.partShifts[index]!);
        size += part.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      chunks.push(trailer);
      return { status: entry.status, headers: [...entry.headers, ['content-encoding', 'gzip']], body: Buffer.concat(chunks) };
    }
    const plain = Buffer.concat(entry.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
    if (/\bbr\b/.test(acceptEncoding)) {
      const body = brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
      return { status: entry.status, headers: [...entry.headers, ['content-encoding', 'br']], body };
    }
    return { status: entry.status, headers: entry.headers, body: plain };
  }

  private nextPublishTime(now: number): Promise<number> {
    const next = this.options.nextScheduledAt;
    if (!next) return Promise.resolve(Number.POSITIVE_INFINITY);
    this.nextPublish ??= next(new Date(now))
      .then((date) => date?.getTime() ?? Number.POSITIVE_INFINITY)
      .catch(() => now);
    return this.nextPublish;
  }

  /** How many pages are stored, variants included (tests: the cache stays bounded whatever the requests carry). */
  get size(): number {
    return this.pages.size;
  }

  /** Whether a page (fresh or stale) is stored under `key`. */
  has(key: string): boolean {
    return this.pages.has(key);
  }
}
