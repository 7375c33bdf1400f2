/**
 * Content changes, announced once by the service that made them, after its transaction committed: caches of
 * rendered pages and in-memory lists (banners, FAQ, help, blog, collections) listen here instead of each module
 * knowing every cache. With a cluster bus (lib/cluster-bus.ts: Redis pub/sub or PostgreSQL NOTIFY), `emit` is also
 * relayed to the other instances, whose listeners run as if the change had been made there; listeners do not
 * change, and a relayed change is never sent on again.
 *
 * A change names its kind and, when it touched only some items of that kind and no list of them, those items
 * (`emit('pages', 'page:about')`): the page cache then drops only the pages that read those items. A change that
 * names no item may have touched anything of its kind (decision 0014 as issue 28 §2 narrows it).
 */
import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.ts';
import type { ClusterBus } from './cluster-bus.ts';

/** What a content service's writes need: the database, and the events to announce a committed change on. */
export interface ContentWriteDeps {
  db: Database;
  events: Pick<ContentEvents, 'emit'>;
}

/** A content module's writes, from the app's services (`contentWriteDeps(app.services)`). */
export const contentWriteDeps = (services: { database: { db: Database }; contentEvents: ContentEvents }): ContentWriteDeps => ({
  db: services.database.db,
  events: services.contentEvents,
});

/** What changed. Listeners that render whole pages usually treat every kind alike. */
export type ContentKind =
  | 'banners'
  | 'faqs'
  | 'help'
  | 'blog'
  | 'testimonials'
  | 'pages'
  | 'campaigns'
  | 'affiliates';

/** The kinds whose items a page may read one by one, and the prefix of an item's tag. */
const ITEM_PREFIXES = { blog: 'post', pages: 'page', campaigns: 'campaign' } as const;
type ItemPrefix = (typeof ITEM_PREFIXES)[keyof typeof ITEM_PREFIXES];

/** One item of a kind: `post:{id}`, `page:{slug}`, `campaign:{slug}`. */
export type ContentItemTag<Kind extends ContentKind = ContentKind> = Kind extends keyof typeof ITEM_PREFIXES
  ? `${(typeof ITEM_PREFIXES)[Kind]}:${string}`
  : never;

/**
 * What a rendered page read (lib/page-tags.ts): a kind (a list, a setting: any change of that kind may show) or
 * one item of a kind (only a change naming that item, or its whole kind, shows).
 */
export type ContentTag = ContentKind | ContentItemTag;

/** `origin`: 'remote' when the change was made on another instance (caches that reload themselves after their own writes only need those). */
export type ContentListener = (kind: ContentKind, origin: 'local' | 'remote', items: readonly ContentItemTag[]) => void;

export interface ContentEvents {
  /**
   * Call once per committed transaction. `items`: the only items it touched (none: anything of its kind).
   * Never throws: a failing listener is reported, not the writer's error.
   */
  emit<Kind extends ContentKind>(kind: Kind, ...items: ContentItemTag<Kind>[]): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: ContentListener): () => void;
}

const KINDS = new Set<string>(['banners', 'faqs', 'help', 'blog', 'testimonials', 'pages', 'campaigns', 'affiliates']);
const ITEM_TAG = /^(post|page|campaign):[^\s]{1,200}$/;
/** Past this many bytes a relayed change names its kind only (NOTIFY refuses 8000; dropping more is safe). */
const MAX_RELAYED_BYTES = 4000;

/** The kind an item tag belongs to, or the tag itself when it is a kind. */
export function kindOfTag(tag: ContentTag): ContentKind {
  const colon = tag.indexOf(':');
  if (colon === -1) return tag as ContentKind;
  const prefix = tag.slice(0, colon) as ItemPrefix;
  return (Object.keys(ITEM_PREFIXES) as Array<keyof typeof ITEM_PREFIXES>).find((kind) => ITEM_PREFIXES[kind] === prefix)!;
}

/** Whether a change of `kind` (naming `items`, or none: anything of that kind) touches what read `tags`. */
export function changeTouches(tags: ReadonlySet<ContentTag>, kind: ContentKind, items: readonly ContentItemTag[]): boolean {
  if (items.length > 0) return items.some((item) => tags.has(item));
  for (const tag of tags) if (kindOfTag(tag) === kind) return true;
  return false;
}

/** The bus message of a change: the kind, then its items, separated by spaces (an old instance reads the kind alone). */
function relayed(kind: ContentKind, items: readonly ContentItemTag[]): string {
  const message = [kind, ...items].join(' ');
  return Buffer.byteLength(message) > MAX_RELAYED_BYTES ? kind : message;
}

/** A relayed change, checked (another instance's message is input like any other), or null. */
function parseRelayed(data: string): { kind: ContentKind; items: ContentItemTag[] } | null {
  const [kind, ...items] = data.split(' ');
  if (!kind || !KINDS.has(kind)) return null;
  const prefix = ITEM_PREFIXES[kind as keyof typeof ITEM_PREFIXES] as string | undefined;
  if (items.some((item) => !ITEM_TAG.test(item) || item.slice(0, item.indexOf(':')) !== prefix)) return { kind: kind as ContentKind, items: [] };
  return { kind: kind as ContentKind, items: items as ContentItemTag[] };
}

export function createContentEvents(onListenerError: (error: unknown) => void = () => {}, bus?: ClusterBus): ContentEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const notifyLocal = (kind: ContentKind, origin: 'local' | 'remote', items: readonly ContentItemTag[]) => {
    for (const listener of emitter.listeners('change') as ContentListener[]) {
      try {
        listener(kind, origin, items);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  bus?.subscribe((topic, data) => {
    const change = topic === 'content' ? parseRelayed(data) : null;
    if (change) notifyLocal(change.kind, 'remote', change.items);
  });
  return {
    emit(kind, ...items) {
      notifyLocal(kind, 'local', items);
      bus?.publish('content', relayed(kind, items));
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}
