/**
 * The server's context for loaders and actions (plugins/ssr.ts): under React Router's v8 middleware the load
 * context is a RouterContextProvider, and the server puts one JotItLoadContext in it under this key. Loaders read
 * it with `context.get(serverContext)`. The server takes the key from the build (entry.server.tsx exports it): it
 * never imports web source, and a key is matched by identity.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { JotItLoadContext, SharedPageKey, SharedPageQuestion } from '../../shared/load-context';

export const serverContext = createContext<JotItLoadContext>();

/**
 * A route module's `handle`: `sameForEveryone` lets the server store the page for every visitor; `query` names the
 * query parameters the page renders by (its loader or components read them). The server keys a shared page by
 * those alone and renders it without the others, so `/?utm_source=…` is the page `/` (decision 0060). A shared page
 * that reads a parameter it does not list renders as if it were absent.
 */
export interface PageHandle {
  sameForEveryone?: boolean;
  query?: readonly string[];
  /**
   * The page is the same at every path its route matches (the not-found page of the `*` route): the server stores
   * it once for all of them, with its status (decision 0060).
   */
  sameAtEveryPath?: boolean;
  /**
   * Asked by the server before it renders this page at an address nothing is stored for (decision 0077): null when
   * the address is a page of its own, else the page it is (the route's not-found page for an unknown item, or another
   * address's page), which is stored once for all of them. It runs on every such request, so it must answer from
   * the content reads kept in memory (the server's content memo), as the loader does.
   */
  sharedWith?(question: SharedPageQuestion): Promise<SharedPageKey | null>;
}

/** The `handle` of a page every visitor sees alike, whatever its query string (lib/page-cache.ts stores it). */
export const SAME_FOR_EVERYONE: PageHandle = { sameForEveryone: true };

/** The server's context of a loader or action. */
export const serverContextOf = (context: Readonly<RouterContextProvider>): JotItLoadContext => context.get(serverContext);
