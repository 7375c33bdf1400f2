/**
 * Serves every page through React Router's request handler (docs/architecture.md §2 "SSR inside Fastify").
 * Production loads the built bundle from build/; development runs Vite in middleware mode in this process.
 * The server never imports web source: it loads the build (or Vite's virtual module) at run time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { JotItLoadContext, SharedPageReads, WebServices } from '../../shared/load-context.ts';
import { everyPathRouteOf, sharedPageRouteOf } from '../lib/every-path-route.ts';
import { isApiPath } from '../lib/api-route-miss.ts';
import type { ContentTag } from '../lib/content-events.ts';
import { tooManyRequests } from '../lib/http-errors.ts';
import { type PageCache, pageCacheKey, type ReadVariance, routePageKey, varianceValue } from '../lib/page-cache.ts';
import { taggingServices } from '../lib/page-tags.ts';
import type { RenderBudget } from '../lib/render-budget.ts';
import { clientNetworkKey } from '../lib/client-network.ts';
import { requestMetaOf } from './auth.ts';

export interface SsrOptions {
  mode: 'production' | 'development';
  /** Project root holding build/ (production) or vite.config.ts (development). */
  root: string;
  services: WebServices;
  /** Cache of the pages every visitor sees alike (lib/page-cache.ts); the per-request nonce is put back in. */
  pageCache?: PageCache;
  /** The ceiling on pages rendered per request for one client network (lib/render-budget.ts); none: no ceiling. */
  renderBudget?: RenderBudget;
}

const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The most a page's form may send (issue 23 §1): the largest public form, a 5,000-character message of 3-byte
 * characters URL-encoded (9 bytes each), is about 46 KB. A body past this is answered 413 without being kept.
 */
export const PAGE_BODY_MAX_BYTES = 64 * 1024;

export const BUILD_MISSING_MESSAGE = 'The web build is missing: run `npm run build` first.';

/** The web build's folder (react-router.config.ts reads the same variable). */
export const BUILD_DIR = process.env.JOTIT_BUILD_DIR ?? 'build';

export const ssrPlugin = fp(
  async (app: FastifyInstance, options: SsrOptions) => {
    let loadBuild: () => Promise<ServerBuild>;
    /** The production build, loaded once. */
    let build: ServerBuild | undefined;

    if (options.mode === 'production') {
      const serverEntry = path.join(options.root, BUILD_DIR, 'server/index.js');
      if (!existsSync(serverEntry)) throw new Error(BUILD_MISSING_MESSAGE);
      const loaded = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      build = loaded;
      loadBuild = async () => loaded;
      // Hashed file names: cache for a year (docs/architecture.md §2).
      await app.register(fastifyStatic, {
        root: path.join(options.root, BUILD_DIR, 'client/assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        preCompressed: true,
        wildcard: false,
        decorateReply: false,
      });
      await app.register(fastifyStatic, {
        root: path.join(options.root, BUILD_DIR, 'client'),
        prefix: '/static-root/',
        serve: false,
        decorateReply: true,
      });
      for (const file of ['favicon.svg', 'favicon.ico', 'og-image.png', 'apple-touch-icon.png']) {
        if (!existsSync(path.join(options.root, BUILD_DIR, 'client', file))) continue;
        app.get(`/${file}`, (_request, reply) => reply.header('Cache-Control', 'public, max-age=86400').sendFile(file));
      }
    } else {
      const { createServer } = await import('vite');
      const middie = (await import('@fastify/middie')).default;
      const vite = await createServer({ root: options.root, server: { middlewareMode: true }, appType: 'custom' });
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite.close());
      loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    }

    // Given the build itself (production), React Router derives its route tables and static handler once; given a
    // function (development: Vite may rebuild), it derives them again on every request — about a tenth of a page's
    // CPU (issue 35's profile).
    const handleRequest = createRequestHandler(build ?? loadBuild, options.mode);
    // The route of a page that is the same at every path it matches (the not-found page), found in the build's
    // route table before rendering, so every unknown path is one stored page (decision 0060). Production only.
    const everyPathRoute = build ? everyPathRouteOf(build) : () => null;
    // The route of a page that may be another address's (an unknown post, a filter value that filters nothing),
    // asked before rendering so each is one stored page (decision 0077). Production only.
    const sharedPageRoute = build ? sharedPageRouteOf(build) : () => null;
    /** The key and URL a page request is stored under and rendered with, when its route says it is another's page. */
    const sharedPageOf = async (pathname: string, url: string): Promise<{ baseKey: string; renderUrl: string; isMissing: boolean } | null> => {
      const route = sharedPageRoute(pathname);
      if (!route) return null;
      const queryAt = url.indexOf('?');
      const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
      // A failing read is the render's to report (its loader reads the same): the address is then its own page.
      const shared = await route.sharedWith({ params: route.params, query, services: options.services }).catch(() => null);
      if (!shared) return null;
      if ('missing' in shared) return { baseKey: routePageKey(`${route.routeId}#missing`), renderUrl: pathname, isMissing: true };
      const sameAs = pageCacheKey('GET', shared.sameAs);
      return sameAs ? { baseKey: options.pageCache!.readKey(sameAs), renderUrl: sameAs, isMissing: false } : null;
    };

    /**
     * React Router's load context under v8 middleware: a RouterContextProvider holding our context under the key
     * the build exports (src/web/lib/server-context.ts; matched by identity, so it comes from the build).
     */
    const routerContextOf = async (context: JotItLoadContext) => {
      const { serverContext } = (await loadBuild()).entry.module as { serverContext?: RouterContext<JotItLoadContext> };
      if (!serverContext) throw new Error('The web build does not export serverContext from entry.server.tsx: run `npm run build`.');
      const provider = new RouterContextProvider();
      provider.set(serverContext, context);
      return provider;
    };

    /**
     * Renders a page through React Router; a GET of a page that says it is shared is stored (under `baseKey`).
     * `url`: the URL it is rendered with (the request's, or its cache key's when that leaves out query parameters
     * the page does not read).
     */
    const renderPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      cache: PageCache | undefined,
      baseKey: string | null,
      url: string,
      /** Keyed as its route's page of a missing item: stored only as that 404, and for every such address. */
      isMissingPage = false,
    ) => {
      const ticket = cache?.begin();
      const { ipAddress, userAgent } = requestMetaOf(request);
      const body = hasBody(request) ? await readPageBody(request, PAGE_BODY_MAX_BYTES) : undefined;
      // What the loaders read (lib/page-tags.ts) and whether the route shares the page: what the cache keeps.
      const tags = new Set<ContentTag>();
      const variances: ReadVariance[] = [];
      let isShared = false;
      let reads: SharedPageReads | undefined;
      const loadContext: JotItLoadContext = {
        cspNonce: reply.scriptNonce,
        visitor: { ipAddress, userAgent },
        services: cache ? taggingServices(options.services, tags) : options.services,
        bodyTooLarge: body === null,
        sharePage: (pageReads) => {
          isShared = true;
          reads = isMissingPage && pageReads ? { ...pageReads, atEveryPath: true } : pageReads;
        },
        varyOn: (variance) => {
          const value = varianceValue(variance, request.headers);
          variances.push({ variance, value });
          return value;
        },
        // The request's id is on the line; its URL and body are not (a query string may carry anything).
        reportError: (error) =>
          request.log.error({ err: error instanceof Error ? error : new Error(String(error)) }, 'page request failed'),
      };
      const response = await handleRequest(toWebRequest(request, reply, body, url), await routerContextOf(loadContext));
      if (response.status === 404) request.log.info({ path: request.url.split('?')[0] }, 'page not found');
      // The item appeared between the question and the render: that page is its address's, not the missing one.
      const mayStore = !isMissingPage || response.status === 404;
      if (cache && ticket && baseKey && request.method === 'GET' && mayStore) {
        const page = { status: response.status, headers: [...response.headers.entries()], body: await response.text(), isShared, tags, variances, reads };
        await cache.set(baseKey, page, reply.scriptNonce, ticket);
        for (const [name, value] of page.headers) reply.header(name, value);
        return reply.status(page.status).header('X-Page-Cache', 'miss').send(page.body);
      }
      // The page is complete once rendered (entry.server.tsx waits for onAllReady): sent as one buffer, it is
      // compressed in one synchronous call instead of chunk by chunk on a stream (issue 13's profile).
      if (
        request.method === 'GET' &&
        response.body &&
        (response.headers.get('content-type') ?? '').startsWith('text/html')
      ) {
        reply.status(response.status);
        for (const [name, value] of response.headers.entries()) {
          if (name.toLowerCase() !== 'set-cookie') reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(Buffer.from(await response.arrayBuffer()));
      }
      return reply.send(response);
    };

    // Pages read the body themselves (React Router actions), so this encapsulated scope keeps it raw.
    await app.register(async (pages) => {
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      pages.route({
        method: [...PAGE_METHODS],
        url: '*',
        schema: { hide: true },
        handler: async (request, reply) => {
          // API paths answer JSON, never a page: the not-found handler picks 404 or 405 (lib/api-route-miss.ts).
          if (isApiPath(request.url.split('?')[0] ?? '/')) return reply.callNotFound();
          const cache = options.pageCache;
          const budget = options.renderBudget;
          // What the page reads (decision 0060): its path and the query parameters it names, or, for the not-found
          // page, nothing of the URL at all; a miss is rendered with that URL, not the request's.
          const requestKey = cache ? pageCacheKey(request.method, request.url) : null;
          const pathname = request.url.split('?')[0] ?? '/';
          const pathKey = requestKey && cache!.readKey(requestKey);
          // The routes are matched only when nothing is stored under the path's own key: a page stored there is
          // never the not-found page, which is stored under its route's key alone.
          const isStored = pathKey !== null && cache!.has(cache!.keyOf(pathKey, request.headers));
          const routeId = pathKey && !isStored ? everyPathRoute(pathname) : null;
          // Then, for a page its route may say is another's (decision 0077), that page's key and URL.
          const shared = pathKey && !isStored && !routeId ? await sharedPageOf(pathname, request.url) : null;
          const baseKey = shared?.baseKey ?? (routeId ? routePageKey(routeId) : pathKey);
          const renderUrl = shared?.renderUrl ?? (routeId ? pathname : baseKey && baseKey !== requestKey ? baseKey : request.url);
          const key = cache && baseKey ? cache.keyOf(baseKey, request.headers) : null;
          // A network past its render budget is served stored pages, even stale ones, and renders nothing.
          let network: string | null = null;
          const mayRender = () => {
            if (!budget) return true;
            network ??= clientNetworkKey(request.ip);
            return budget.waitMs(network) === 0;
          };
          let rendering = false;
          if (cache && key) {
            const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
            let hit = cache.get(key, reply.scriptNonce, acceptEncoding, () => request.method === 'GET' && mayRender());
            if (!hit && request.method === 'GET' && !cache.has(key)) {
              // Not stored at all: one request renders, the others wait for it (lib/page-cache.ts).
              const pending = cache.waitForRender(key);
              if (pending) {
                await pending;
                hit = cache.get(key, reply.scriptNonce, acceptEncoding);
              } else rendering = true;
            }
            if (hit) {
              if (hit.status === 404) request.log.info({ path: pathname }, 'page not found');
              for (const [name, value] of hit.headers) reply.header(name, value);
              return reply.status(hit.status).header('X-Page-Cache', 'hit').send(hit.body);
            }
          }
          if (!mayRender()) {
            if (rendering) cache!.rendered(key!);
            const seconds = Math.ceil(budget!.waitMs(network!) / 1000);
            throw tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
          }
          const started = performance.now();
          try {
            return await renderPage(request, reply, cache, baseKey, renderUrl, shared?.isMissing);
          } finally {
            if (rendering) cache!.rendered(key!);
            if (budget && network) budget.charge(network, performance.now() - started);
          }
        },
      });
    });
  },
  { name: 'ssr', dependencies: ['security'] },
);

const hasBody = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * A page request's body, read whole while it stays within `limit` bytes (plain or chunked); null when it is larger:
 * reading stops at the first chunk past the limit (nothing past it is kept) and the rest is drained and dropped
 * while the page answers 413, so the client reads the answer instead of a reset connection. The request timeout
 * (config HTTP_REQUEST_TIMEOUT_MS) bounds how long a client may keep sending.
 */
function readPageBody(request: FastifyRequest, limit: number): Promise<Buffer | null> {
  const raw = request.raw;
  const drop = () => {
    raw.removeAllListeners('data');
    raw.on('data', () => {}).resume();
  };
  if (Number(request.headers['content-length']) > limit) {
    drop();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      cleanUp();
      chunks.length = 0;
      drop();
      resolve(null);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    raw.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, body: Buffer | null | undefined, path: string): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(path, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  // A page GET is rendered without the visitor's cookies and credentials, so its HTML cannot depend on them and the
  // page cache may serve it to every visitor, whatever cookies a CDN or script added; a page that renders by a
  // cookie reads it through the load context's `varyOn` (decision 0045). Form posts (actions) keep them.
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || (isRead && (name === 'cookie' || name === 'authorization'))) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // The length and framing of the body read here, not the client's.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(body === undefined ? {} : { body: new Uint8Array(body ?? []) }),
  });
}
