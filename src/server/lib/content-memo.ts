/**
 * The pages' content reads kept in memory (issue 35): a page rendered per request (one the page cache does not
 * serve: a query variant past its cap, a 404, a request it bypasses) reads its posts, categories, footer links and
 * testimonials from here, not from the database. Profiled, those reads were a fifth of such a page's CPU on two
 * cores (pg and Drizzle in the app, the queries in PostgreSQL beside it), and `/blog/{slug}` made five of them.
 *
 * - Which reads: those of WebServices that are content, alike for every visitor and without side effects (MEMOIZED).
 *   Not the live figures, already in memory (jot count, banners), nor reads per visitor or that count a visit
 *   (campaign landing, affiliate link, unsubscribe, confirmation).
 * - Dropped as the page cache drops pages: by the content tags of what each read returned (lib/page-tags.ts), on
 *   every committed change (content events; other instances' changes come through the cluster bus). A read in
 *   flight when a change arrives answers its callers but is not kept (it may predate the change).
 * - Fresh for `ttlMs` (3 s, as a cached page): what changes without a content event (a post's like count) lags no
 *   more than on a cached page; and never past the next scheduled post's time, so a post appears on time.
 * - Concurrent callers of the same read share one query. At most `maxEntries` reads are kept (arguments come from
 *   URLs: a flood of unknown slugs pushes out the oldest rather than growing the map).
 * - Results are shared by every page that reads them, so they are frozen: a loader cannot change another's data.
 */
import type { WebServices } from '../../shared/load-context.ts';
import { type ContentEvents, type ContentTag, changeTouches } from './content-events.ts';
import { type ServiceName, tagsOfRead } from './page-tags.ts';

/** The reads kept: content, the same for everyone, no side effect. */
const MEMOIZED = [
  'getPublishedFaqs',
  'getHelpConfig',
  'listBlogPosts',
  'getBlogPost',
  'listBlogCategories',
  'getBlogPostExtras',
  'listTestimonials',
  'getPage',
  'listPages',
  'listPageSlugs',
] as const satisfies readonly ServiceName[];
type MemoizedName = (typeof MEMOIZED)[number];

export interface ContentMemoOptions {
  events: ContentEvents;
  now: () => Date;
  /** When the first content scheduled after `after` goes live (null: none). */
  nextScheduledAt?: (after: Date) => Promise<Date | null>;
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry {
  value: Promise<unknown>;
  /** Null while the read is in flight. */
  tags: ReadonlySet<ContentTag> | null;
  /** Start + TTL; brought forward to the next scheduled publish once that is known. */
  expiresAt: number;
}

/** What tells two reads of one service apart (a post's extras depend on its id and category, not its whole text). */
function argumentsKey(name: MemoizedName, args: unknown[]): string {
  if (name === 'getBlogPostExtras') {
    const post = args[0] as { id: string; category: string };
    return `${post.id}\u0000${post.category}`;
  }
  return JSON.stringify(args);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

export class ContentMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly slugSets = new WeakMap<object, ReadonlySet<string>>();
  private generation = 0;
  private nextPublish: Promise<number> | null = null;
  readonly unsubscribe: () => void;

  constructor(private readonly options: ContentMemoOptions) {
    this.unsubscribe = options.events.subscribe((kind, _origin, items) => {
      this.generation += 1;
      this.nextPublish = null;
      for (const [key, entry] of this.entries) {
        if (!entry.tags || changeTouches(entry.tags, kind, items)) this.entries.delete(key);
      }
    });
  }

  /** How many reads are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** `services` with the content reads answered from memory. */
  wrap(services: WebServices): WebServices {
    const wrapped: Record<string, unknown> = { ...services };
    for (const name of MEMOIZED) {
      const read = (services[name] as (...args: unknown[]) => Promise<unknown>).bind(services);
      wrapped[name] = (...args: unknown[]) => this.read(name, read, args);
    }
    const memoized = wrapped as unknown as WebServices;
    // A post is live exactly when the list of live posts names it (the same rule at the same time): a slug the list
    // in memory does not name is no post, answered without a query or an entry of its own, so a flood of unknown
    // slugs (each asked about before rendering, decision 0077) neither asks the database nor pushes the kept reads out.
    const getBlogPost = memoized.getBlogPost;
    memoized.getBlogPost = async (slug) => (this.slugSet(await memoized.listBlogPosts(), (post) => post.slug).has(slug) ? getBlogPost(slug) : null);
    // Content pages the same way, by the list of published pages' slugs.
    const getPage = memoized.getPage;
    memoized.getPage = async (slug) => (this.slugSet(await memoized.listPageSlugs(), (pageSlug) => pageSlug).has(slug) ? getPage(slug) : null);
    return memoized;
  }

  /** The slugs of a kept list, as a set (one set per list read). */
  private slugSet<Item>(list: readonly Item[], slugOf: (item: Item) => string): ReadonlySet<string> {
    let slugs = this.slugSets.get(list);
    if (!slugs) {
      slugs = new Set(list.map(slugOf));
      this.slugSets.set(list, slugs);
    }
    return slugs;
  }

  private read(name: MemoizedName, read: (...args: unknown[]) => Promise<unknown>, args: unknown[]): Promise<unknown> {
    const key = `${name}\u0001${argumentsKey(name, args)}`;
    const now = this.options.now().getTime();
    const kept = this.entries.get(key);
    // A read in flight is shared too, but only within its freshness: with its bookkeeping (the next publish time, a
    // query) still pending, a caller past the time it started plus the TTL reads anew rather than the older answer.
    if (kept && now < kept.expiresAt) return kept.value;
    const generation = this.generation;
    const entry: Entry = { value: read(...args), tags: null, expiresAt: now + (this.options.ttlMs ?? 3000) };
    this.entries.delete(key);
    if (this.entries.size >= (this.options.maxEntries ?? 500)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.value.then(async (result) => {
      deepFreeze(result);
      const nextPublish = await this.nextPublishTime(now);
      if (generation !== this.generation || this.entries.get(key) !== entry) return forget();
      entry.tags = new Set(tagsOfRead(name, result as never, args as never));
      entry.expiresAt = Math.min(entry.expiresAt, nextPublish);
    }, forget).catch(forget);
    return entry.value;
  }

  /** When the next scheduled content goes live (remembered until a change, or until that time has come). */
  private async nextPublishTime(now: number): Promise<number> {
    if (!this.options.nextScheduledAt) return Number.POSITIVE_INFINITY;
    const ask = () => this.options.nextScheduledAt!(new Date(now)).then((at) => at?.getTime() ?? Number.POSITIVE_INFINITY);
    this.nextPublish ??= ask();
    const remembered = this.nextPublish;
    let at = await remembered.catch(() => now);
    if (at <= now && this.nextPublish === remembered) {
      this.nextPublish = ask();
      at = await this.nextPublish.catch(() => now);
    }
    return at;
  }
}
