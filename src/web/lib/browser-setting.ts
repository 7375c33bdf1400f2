/**
 * A small setting kept in the browser's localStorage (the admin sidebar's width, the colour theme), read with
 * useSyncExternalStore: the server and the first client render use the fallback, then the stored value — and
 * every component reading it, in this tab or another, follows a change.
 *
 *   const sidebar = browserSetting('admin-sidebar', ['expanded', 'collapsed'], 'expanded');
 *   const [value, setValue] = sidebar.use();
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface BrowserSetting<T extends string> {
  key: string;
  /** The stored value when it is one of `values`, else the fallback. */
  read(): T;
  write(value: T): void;
  use(): [T, (value: T) => void];
}

export function browserSetting<T extends string>(key: string, values: readonly T[], fallback: T): BrowserSetting<T> {
  const listeners = new Set<() => void>();

  function read(): T {
    try {
      const stored = window.localStorage.getItem(key);
      return values.includes(stored as T) ? (stored as T) : fallback;
    } catch {
      // Storage may be off (privacy settings): the fallback, as on the server.
      return fallback;
    }
  }

  function write(value: T) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Kept for this page only.
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  function use(): [T, (value: T) => void] {
    const value = useSyncExternalStore(subscribe, read, () => fallback);
    return [value, useCallback((next: T) => write(next), [])];
  }

  return { key, read, write, use };
}
