/**
 * `/docs`: the interactive API reference (Scalar) over the OpenAPI document that @fastify/swagger builds from
 * the route schemas; the document itself at `/docs/openapi.json` (and `.yaml`).
 *
 * CSP: Scalar's page starts itself with one inline script. Rather than relaxing the policy, the page's
 * `<script>` tags get this response's nonce (the one helmet already puts in `script-src`). The reference's
 * bundle is served from our origin, its web fonts are off (they would come from a CDN that `font-src` refuses),
 * and it makes no calls to Scalar's services (telemetry off, no proxy: "Test request" calls this origin).
 */
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/brand.ts';

const BUNDLE_CACHE = 'public, max-age=86400';

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * The API only: operations without tags are the page and asset routes (the SSR catch-all, /favicon.svg), which
 * are not API endpoints. @fastify/swagger caches its document, so this works on a copy.
 */
export function apiOperationsOnly(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const tagged = Object.entries(operations).filter(
      ([, operation]) => Array.isArray((operation as { tags?: unknown }).tags) && (operation as { tags: unknown[] }).tags.length > 0,
    );
    if (tagged.length > 0) paths[path] = Object.fromEntries(tagged);
  }
  return { ...document, paths };
}

export async function apiDocsRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && typeof payload === 'string') {
      return payload.replaceAll('<script', `<script nonce="${reply.scriptNonce}"`);
    }
    if (request.url.endsWith('/js/scalar.js')) reply.header('Cache-Control', BUNDLE_CACHE);
    return payload;
  });

  await app.register(apiReference, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      pageTitle: `${PRODUCT_NAME} API reference`,
      content: () => apiOperationsOnly(app.swagger() as unknown as OpenApiDocument),
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: false,
      showDeveloperTools: 'never',
      documentDownloadType: 'json',
      metaData: { title: `${PRODUCT_NAME} API reference` },
    },
  });
}
