/**
 * The server's context for loaders and actions (plugins/ssr.ts): under React Router's v8 middleware the load
 * context is a RouterContextProvider, and the server puts one JotItLoadContext in it under this key. Loaders read
 * it with `context.get(serverContext)`. The server takes the key from the build (entry.server.tsx exports it): it
 * never imports web source, and a key is matched by identity.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { JotItLoadContext } from '../../shared/load-context';

export const serverContext = createContext<JotItLoadContext>();

/** A route module's `handle`: `sameForEveryone` lets the server store the page for every anonymous visitor. */
export interface PageHandle {
  sameForEveryone?: boolean;
}

/** The `handle` of a page every anonymous visitor sees alike (lib/page-cache.ts on the server stores it). */
export const SAME_FOR_EVERYONE: PageHandle = { sameForEveryone: true };

/** The server's context of a loader or action. */
export const serverContextOf = (context: Readonly<RouterContextProvider>): JotItLoadContext => context.get(serverContext);
