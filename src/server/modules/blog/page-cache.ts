/**
 * In-memory cache of the public blog pages (`/blog`, `/blog?category=…`, `/blog/{slug}`; issue 11 item 7).
 *
 * - Dropped whole on any content change (`services.contentEvents`: posts, categories, ads — and banners, which
 *   the page frame shows).
 * - Expires at the next scheduled publish time (so a scheduled post appears on time) and after `maxAgeMs` at
 *   most (the frame's live values: jot count, banner windows).
 * - The per-request CSP nonce stays correct: a page is stored with its nonce replaced by a placeholder and each
 *   hit gets the request's own nonce back in.
 * - A render that overlapped an invalidation is not stored (generation counter).
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ContentEvents } from '../../lib/content-events.ts';

const NONCE_PLACEHOLDER = '\u0000jotit-nonce\u0000';
const CACHEABLE = /^\/blog(?:\/(?!rss\.xml)[^/?#]+)?\/?(?:\?[^#]*)?$/;

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** A hit as sent: the body compressed here (fast settings) when the browser accepts it, since it differs per nonce. */
export interface CacheHit {
  status: number;
  headers: Array<[string, string]>;
  body: string | Buffer;
}

/**
 * Compresses a hit's body. Each hit's bytes differ (the nonce), so nothing can be compressed ahead; brotli at
 * quality 1 / gzip at level 1 cost a fraction of the app-wide quality-4 brotli, for a few percent more bytes.
 */
function encode(page: CachedPage, acceptEncoding: string): CacheHit {
  if (page.body.length < 1024) return page;
  const headers: Array<[string, string]> = [...page.headers.filter(([name]) => name.toLowerCase() !== 'content-length'), ['vary', 'Accept-Encoding']];
  if (/\bbr\b/.test(acceptEncoding)) {
    return { ...page, headers: [...headers, ['content-encoding', 'br']], body: brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }) };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { ...page, headers: [...headers, ['content-encoding', 'gzip']], body: gzipSync(page.body, { level: 1 }) };
  return page;
}

export interface PageCacheOptions {
  events: ContentEvents;
  now: () => Date;
  /** When the next scheduled post goes live (null: none). */
  nextScheduledAt: () => Promise<Date | null>;
  maxAgeMs?: number;
  maxEntries?: number;
}

export class BlogPageCache {
  private readonly pages = new Map<string, { page: CachedPage; expiresAt: number }>();
  private generation = 0;
  private nextPublish: Promise<number> | null = null;
  readonly unsubscribe: () => void;

  constructor(private readonly options: PageCacheOptions) {
    this.unsubscribe = options.events.subscribe(() => this.clear());
  }

  /** Whether this GET URL is a cacheable blog page. */
  wants(url: string): boolean {
    return CACHEABLE.test(url);
  }

  clear(): void {
    this.generation += 1;
    this.pages.clear();
    this.nextPublish = null;
  }

  /** The cached page with `nonce` put back in (compressed for `acceptEncoding`), or null. */
  get(url: string, nonce: string, acceptEncoding = ''): CacheHit | null {
    const entry = this.pages.get(url);
    if (!entry) return null;
    if (this.options.now().getTime() >= entry.expiresAt) {
      this.pages.delete(url);
      return null;
    }
    return encode({ ...entry.page, body: entry.page.body.replaceAll(NONCE_PLACEHOLDER, nonce) }, acceptEncoding);
  }

  /** Call before rendering; pass the result to `set` (a change in between means the render may be stale). */
  begin(): number {
    return this.generation;
  }

  async set(url: string, page: CachedPage, nonce: string, generation: number): Promise<void> {
    if (page.status !== 200 || page.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return;
    const now = this.options.now().getTime();
    let nextPublish = await this.nextPublishTime(now);
    // The remembered publish time has passed (that post is live now): ask again for the one after it.
    if (nextPublish <= now) {
      this.nextPublish = null;
      nextPublish = await this.nextPublishTime(now);
    }
    if (generation !== this.generation) return;
    const expiresAt = Math.min(now + (this.options.maxAgeMs ?? 60_000), nextPublish);
    if (expiresAt <= now) return;
    if (this.pages.size >= (this.options.maxEntries ?? 500)) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(url, { page: { ...page, body: nonce ? page.body.replaceAll(nonce, NONCE_PLACEHOLDER) : page.body }, expiresAt });
  }

  private nextPublishTime(now: number): Promise<number> {
    this.nextPublish ??= this.options
      .nextScheduledAt()
      .then((date) => date?.getTime() ?? Number.POSITIVE_INFINITY)
      .catch(() => now);
    return this.nextPublish;
  }

  get size(): number {
    return this.pages.size;
  }
}
