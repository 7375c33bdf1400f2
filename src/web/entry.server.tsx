import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce';
import { type PageHandle, serverContext } from '~/lib/server-context';

/** The key the server puts its load context under (plugins/ssr.ts reads it from the build). */
export { serverContext };

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending (`onAllReady`): crawlers and first paint get complete HTML, and the
 * status code (404, 500) is known before the first byte. Every inline script carries the CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerLoadContext: RouterContextProvider,
) {
  const loadContext = routerLoadContext.get(serverContext);
  const nonce = loadContext.cspNonce;
  // The page's route (the deepest match) says whether every visitor sees it alike; every matched route names the
  // query parameters it reads (lib/server-context.ts).
  const { matches } = routerContext.staticHandlerContext;
  const page = matches.at(-1)?.route.handle as PageHandle | undefined;
  if (page?.sameForEveryone) {
    const query = matches.flatMap((match) => (match.route.handle as PageHandle | undefined)?.query ?? []);
    loadContext.sharePage({ query, atEveryPath: page.sameAtEveryPath === true });
  }
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole page is sent at once (onAllReady), so React must not "outline" large Suspense boundaries into
        // hidden segments swapped in by script: that made content jump in after the first paint (layout shift).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
          // Everything is rendered: React writes it out at once, into one buffer that the server sends (and
          // compresses) whole. A stream here (PassThrough, then a web ReadableStream the server read back) cost
          // more CPU and garbage than the copy (issue 35's profile).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(new Response(lowPriorityModulePreloads(Buffer.concat(chunks)), { headers: responseHeaders, status: statusCode }));
              done();
            },
          });
          body.on('error', reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          loadContext.reportError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

const MODULE_PRELOAD = '<link rel="modulepreload"';
/**
 * The page's module preloads (React Router's `<Scripts>`, which takes no attributes for them) fetched at low priority:
 * the page is complete and its forms work before hydration, so the stylesheet and the largest image go first on a slow
 * connection, and the code follows (decision 0084). The links say `suppressHydrationWarning`, so the extra attribute
 * is no mismatch.
 */
export function lowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (html.indexOf(MODULE_PRELOAD) === -1) return html;
  return Buffer.from(html.toString().replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`));
}

/**
 * A loader's or action's error goes to the app's logger (React Router would print it with console.error, over
 * several lines and with a database error's parameters). Thrown responses (a 404) and cancelled requests are not
 * errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  context.get(serverContext).reportError(error);
};
