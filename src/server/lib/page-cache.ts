/**
 * In-memory cache of the public pages every anonymous visitor sees alike (`/`, `/help`, `/blog`, `/blog/{slug}`,
 * `/about`, `/p/{slug}` …; issue 13, decisions 0014 and 0034). React Router renders a page once; later requests get
 * the stored HTML with their own CSP nonce put back in.
 *
 * - Which pages: those whose route says so (`handle.sameForEveryone`, read by entry.server.tsx, which calls the
 *   load context's `sharePage()`); sign-in, campaign, unsubscribe and admin pages do not. Nothing here knows the
 *   web's routes.
 * - Only anonymous GETs: a request with an Authorization header or a cookie other than the blog's anonymous
 *   browser id is neither served from nor stored in the cache; nor is a response that sets a cookie or is not 200.
 * - Keyed by path + query with its parameters sorted (the blog's `?category=`, a campaign's `?utm_…`); at most
 *   `maxEntries` pages, and at most `maxQueryVariants` query strings of one path: links with ever-new parameters
 *   (random cache busters, a crawler's junk) are rendered per request and stored no more, rather than pushing the
 *   pages everyone reads out of the cache.
 * - Dropped by tag (issue 28 §2): a page keeps the content tags its loaders read (lib/page-tags.ts); a committed
 *   change (`contentEvents`, on every instance through the cluster bus) drops the pages carrying its kind, or only
 *   those carrying the items it names.
 * - Live figures (the jot count in the frame and on the home page): a page is fresh for `ttlMs` (3 s). After that
 *   one request renders it again while the others still get the stored page (for at most `staleMs`), so an expiry
 *   never sends every connection into React at once. A scheduled blog post's time ends both (it appears on time).
 * - The nonce: the page rendered for one request is kept split at that request's nonce, which stands in as the
 *   placeholder and cannot collide with content (128 random bits drawn for that request, after the content was
 *   written). Each hit joins the parts with its own request's nonce. gzip is built ahead too: each part is deflated once with a full flush (independent,
 *   byte-aligned deflate blocks) and a hit joins them with the nonce as a stored block and a fresh CRC, so a hit
 *   costs no compression. brotli cannot be joined like that, so hits prefer gzip (every browser that accepts br
 *   accepts gzip); a client that takes br only gets it compressed per request at quality 1.
 * - Caching headers: `Cache-Control: no-cache` (as every page) and no ETag, since the body differs per response
 *   (the nonce) and a 304 would pair a stored body with a new nonce; `Vary: Accept-Encoding, Cookie, Authorization`.
 */
import { brotliCompressSync, constants as zlib, crc32, deflateRawSync } from 'node:zlib';
import { type ContentEvents, type ContentItemTag, type ContentKind, type ContentTag, kindOfTag } from './content-events.ts';

/** Cookies that never change a page: the like button's old anonymous browser id (no longer set; decision 0021). */
const NEUTRAL_COOKIES = new Set(['jotit_bid']);

export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The route said the page is the same for every anonymous visitor (only such a page is stored). */
  isShared: boolean;
  /** The content its loaders read (lib/page-tags.ts). */
  tags: ReadonlySet<ContentTag>;
}

/** A hit as sent. */
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
  freshUntil: number;
  expiresAt: number;
  /** When a request started rendering the page again (0: none). */
  refreshingSince: number;
  tags: ReadonlySet<ContentTag>;
}

export interface PageCacheOptions {
  events: ContentEvents;
  now: () => Date;
  /** When the next scheduled content goes live (null: none). */
  nextScheduledAt?: () => Promise<Date | null>;
  /** How long a page is fresh (the live figures lag at most this much). */
  ttlMs?: number;
  /** How long past that a stored page may still be sent while one request renders it again. */
  staleMs?: number;
  maxEntries?: number;
  /** Query strings stored per path (default 16); a path without a query is always stored. */
  maxQueryVariants?: number;
}

/** The cache key of an anonymous GET or HEAD of a page, else null (whether it is stored is the page's to say). */
export function pageCacheKey(method: string, url: string, headers: Record<string, string | string[] | undefined>): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (headers.authorization !== undefined) return null;
  const cookie = headers.cookie;
  if (cookie !== undefined) {
    for (const pair of String(cookie).split(';')) {
      const name = pair.split('=')[0]!.trim();
      if (name && !NEUTRAL_COOKIES.has(name)) return null;
    }
  }
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (queryAt === -1) return trimmed;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  query.sort();
  const normalised = query.toString();
  return normalised ? `${trimmed}?${normalised}` : trimmed;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** A deflate stored block (not final) holding `data`, at a byte boundary (each part ends with a full flush). */
function storedBlock(data: Buffer): Buffer {
  const length = data.length;
  const header = Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  return Buffer.concat([header, data]);
}

/** Whether a change of `kind` (naming `items`, or none: anything of that kind) touches a page that read `tags`. */
function touches(tags: ReadonlySet<ContentTag>, kind: ContentKind, items: readonly ContentItemTag[]): boolean {
  if (items.length > 0) return items.some((item) => tags.has(item));
  for (const tag of tags) if (kindOfTag(tag) === kind) return true;
  return false;
}

/** How many pages that said they are not shared are remembered, so their requests skip the one-render wait. */
const MAX_UNSHARED_KEYS = 1000;

export class PageCache {
  private readonly pages = new Map<string, Entry>();
  /** Keys last rendered as pages that are not the same for everyone (sign-in, campaign, …). */
  private readonly unshared = new Set<string>();
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
    for (const [key, entry] of this.pages) if (touches(entry.tags, kind, items)) this.pages.delete(key);
  }

  /**
   * The stored page with `nonce` put back in, encoded for `acceptEncoding`; null when absent, expired, or stale
   * with no one renewing it yet (the caller then renders and stores it). `mayRefresh` false (a HEAD, which renders
   * nothing to store): a stale page is sent as it is and the refresh is left to the next GET.
   */
  get(key: string, nonce: string, acceptEncoding = '', mayRefresh = true): PageHit | null {
    const entry = this.pages.get(key);
    if (!entry) return null;
    const now = this.options.now().getTime();
    if (now >= entry.expiresAt) {
      this.pages.delete(key);
      return null;
    }
    if (mayRefresh && now >= entry.freshUntil && now - entry.refreshingSince > 10_000) {
      entry.refreshingSince = now;
      return null;
    }
    return this.encode(entry, nonce, acceptEncoding);
  }

  /** Call before rendering; pass the result to `set` (a change in between means the render may be stale). */
  begin(): number {
    return this.generation;
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

  /** Stores a page rendered for an anonymous request (nothing stored unless shared, 200 and without Set-Cookie). */
  async set(key: string, page: RenderedPage, nonce: string, generation: number): Promise<void> {
    const stored = this.pages.get(key);
    if (stored) stored.refreshingSince = 0;
    if (!page.isShared) {
      this.pages.delete(key);
      this.rememberUnshared(key);
      return;
    }
    this.unshared.delete(key);
    if (page.status !== 200 || page.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return;
    if (nonce.length < 16) return;
    // Decided first: a variant that will not be stored costs no compression.
    if (!this.pages.has(key) && this.queryVariantsFull(key)) return;
    const now = this.options.now().getTime();
    let nextPublish = await this.nextPublishTime(now);
    // The remembered publish time has passed (that content is live now): ask again for the next one.
    if (nextPublish <= now) {
      this.nextPublish = null;
      nextPublish = await this.nextPublishTime(now);
    }
    if (generation !== this.generation) return;
    const freshUntil = Math.min(now + (this.options.ttlMs ?? 3000), nextPublish);
    if (freshUntil <= now) return;
    const parts = page.body.split(nonce).map((part) => Buffer.from(part, 'utf8'));
    const deflated = parts.map((part, index) =>
      deflateRawSync(part, { level: 9, finishFlush: index === parts.length - 1 ? zlib.Z_FINISH : zlib.Z_FULL_FLUSH }),
    );
    const headers = page.headers.filter(([name]) => !['content-length', 'etag', 'vary'].includes(name.toLowerCase()));
    if (this.pages.size >= (this.options.maxEntries ?? 500) && !this.pages.has(key)) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, {
      status: page.status,
      headers: [...headers, ['vary', 'Accept-Encoding, Cookie, Authorization']],
      parts,
      deflated,
      freshUntil,
      expiresAt: Math.min(now + (this.options.staleMs ?? 30_000), nextPublish),
      refreshingSince: 0,
      tags: page.tags,
    });
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
      entry.parts.forEach((part, index) => {
        if (index > 0) {
          chunks.push(block);
          crc = crc32(nonceBytes, crc);
          size += nonceBytes.length;
        }
        chunks.push(entry.deflated[index]!);
        crc = crc32(part, crc);
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
    this.nextPublish ??= next()
      .then((date) => date?.getTime() ?? Number.POSITIVE_INFINITY)
      .catch(() => now);
    return this.nextPublish;
  }

  /** Whether a page (fresh or stale) is stored under `key`. */
  has(key: string): boolean {
    return this.pages.has(key);
  }
}
