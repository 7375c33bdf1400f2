import { type ComponentType, createElement, lazy, useEffect, useRef } from 'react';

/** Server-side preloads still in flight; the root loader waits for them, so no page renders a pending boundary. */
export const pendingServerPreloads = new Set<Promise<unknown>>();

/**
 * `React.lazy` for components that must be in the server HTML but whose JavaScript may arrive after the first load
 * (docs/architecture.md §8: 150 KB initial JavaScript on the home page).
 * - Server: the module is loaded at start-up and handed to React synchronously (a thenable that resolves at once),
 *   so the HTML holds the real content inside a completed Suspense boundary — no streamed swap, no layout shift.
 * - Browser: the first render suspends while the chunk loads; React keeps the server HTML in place meanwhile and
 *   hydrates it when the chunk arrives.
 */
export function lazyHydrated<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: { default: ComponentType<Props> } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = { default: withIslandMarker(module.default) };
      return loaded;
    });
  if (import.meta.env.SSR) {
    const promise = preload();
    pendingServerPreloads.add(promise);
    void promise.finally(() => pendingServerPreloads.delete(promise));
  }
  const Component = lazy(() =>
    loaded
      ? // A synchronous thenable: React's lazy reads it as resolved in the same render.
        ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!) } as unknown as Promise<{
          default: ComponentType<Props>;
        }>)
      : preload(),
  );
  // `preload()` lets a route fetch the code before a client-side navigation renders it (no fallback flash).
  return Object.assign(Component, { preload: () => (loaded ? Promise.resolve(loaded) : preload()) });
}

/**
 * Wraps a split component in `<div data-island style="display:contents">`, marked `data-hydrated` once it runs in
 * the browser: browser tests (and anyone debugging) can tell when the split parts of a page have become interactive.
 */
function withIslandMarker<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function Island(props: Props) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (ref.current) ref.current.dataset.hydrated = 'true';
    }, []);
    return createElement('div', { ref, 'data-island': '', className: 'contents' }, createElement(Component, props));
  }
  Island.displayName = `Island(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Island;
}
