/**
 * Content changes, announced once by the service that made them: caches of rendered pages and in-memory lists
 * (banners, FAQ, help, blog, collections) listen here instead of each module knowing every cache. With a cluster
 * bus (lib/cluster-bus.ts: Redis pub/sub or PostgreSQL NOTIFY), `emit` is also relayed to the other instances,
 * whose listeners run as if the change had been made there; listeners do not change, and a relayed change is
 * never sent on again.
 */
import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.ts';
import type { ClusterBus } from './cluster-bus.ts';

/** What a content service's writes need: the database, and the events to announce a committed change on. */
export interface ContentWriteDeps {
  db: Database;
  events: Pick<ContentEvents, 'emit'>;
}

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

/** `origin`: 'remote' when the change was made on another instance (caches that reload themselves after their own writes only need those). */
export type ContentListener = (kind: ContentKind, origin: 'local' | 'remote') => void;

export interface ContentEvents {
  /** Call after the change is committed. Never throws: a failing listener is reported, not the writer's error. */
  emit(kind: ContentKind): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: ContentListener): () => void;
}

const KINDS = new Set<string>(['banners', 'faqs', 'help', 'blog', 'testimonials', 'pages', 'campaigns', 'affiliates']);

export function createContentEvents(onListenerError: (error: unknown) => void = () => {}, bus?: ClusterBus): ContentEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const notifyLocal = (kind: ContentKind, origin: 'local' | 'remote') => {
    for (const listener of emitter.listeners('change') as ContentListener[]) {
      try {
        listener(kind, origin);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  bus?.subscribe((topic, data) => {
    if (topic === 'content' && KINDS.has(data)) notifyLocal(data as ContentKind, 'remote');
  });
  return {
    emit(kind) {
      notifyLocal(kind, 'local');
      bus?.publish('content', kind);
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}
