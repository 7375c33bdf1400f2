/**
 * Content changes, announced once by the service that made them: caches of rendered pages and in-memory lists
 * (banners, FAQ, help, blog, collections) listen here instead of each module knowing every cache. In-process by
 * default; with several instances a bridge may relay `emit` through Redis pub/sub (operations issue) — listeners
 * do not change.
 */
import { EventEmitter } from 'node:events';

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

export type ContentListener = (kind: ContentKind) => void;

export interface ContentEvents {
  /** Call after the change is committed. Never throws: a failing listener is reported, not the writer's error. */
  emit(kind: ContentKind): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: ContentListener): () => void;
}

export function createContentEvents(onListenerError: (error: unknown) => void = () => {}): ContentEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit(kind) {
      for (const listener of emitter.listeners('change') as ContentListener[]) {
        try {
          listener(kind);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}
