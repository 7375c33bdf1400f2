import { type ComponentType, lazy } from 'react';

/** Server-side preloads still in flight; the root loader waits for them, so no page renders a pending boundary. */
export const pendingServerPreloads = new Set<Promise<unknown>>();

/**
 * `React.lazy` for components that must be in the server HTML but whose JavaScript may arrive after the first load
 * (DESIGN §8: 150 KB initial JavaScript on the home page).
 * - Server: the module is loaded at start-up and handed to React synchronously (a thenable that resolves at once),
 *   so the HTML holds the real content inside a completed Suspense boundary — no streamed swap, no layout shift.
 * - Browser: the first render suspends while the chunk loads; React keeps the server HTML in place meanwhile and
 *   hydrates it when the chunk arrives.
 */
export function lazyHydrated<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: { default: ComponentType<Props> } | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  if (import.meta.env.SSR) {
    const promise = preload();
    pendingServerPreloads.add(promise);
    void promise.finally(() => pendingServerPreloads.delete(promise));
  }
  return lazy(() =>
    loaded
      ? // A synchronous thenable: React's lazy reads it as resolved in the same render.
        ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!) } as unknown as Promise<{
          default: ComponentType<Props>;
        }>)
      : preload(),
  );
}
