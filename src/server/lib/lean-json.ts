/**
 * The hot paths of docs/architecture.md §8 (the two public reads the home page polls, and ingestion): helmet rebuilds its headers
 * on every request (the page CSP carries a per-request nonce), which alone costs a large share of a request this
 * small. These JSON answers skip helmet and compression (small bodies: not worth a brotli pass per poll) and get the
 * headers that matter for JSON as fixed strings instead. See docs/decisions/0006-jot-hot-paths.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, JSON_TYPE } from './http-cache.ts';

/** Route options for a lean JSON route. */
export const LEAN_JSON_ROUTE = { helmet: false, compress: false, decompress: false } as const;

export const JSON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** onRequest hook of a lean route: the headers are set before anything can fail, so error answers carry them too. */
export function jsonSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.headers(JSON_SECURITY_HEADERS);
  done();
}

/** A ready JSON body and its ETag, kept in memory by its owner (the jot feed, the active banners). */
export interface JsonFromMemory {
  body: string;
  etag: string;
}

/**
 * Answers a polled read from memory on the raw response, before Fastify's request lifecycle (decision 0009): 200 with
 * the body, or 304 when `If-None-Match` names its ETag, with the lean JSON headers above. Returns the status sent.
 */
export function answerJsonFromMemory(
  request: IncomingMessage,
  response: ServerResponse,
  cached: JsonFromMemory,
  cacheControl: string,
  vary?: string,
): 200 | 304 {
  if (etagMatches(request.headers['if-none-match'], cached.etag)) {
    response.writeHead(304, headersFor(cached, cacheControl, vary, false));
    response.end();
    return 304;
  }
  response.writeHead(200, headersFor(cached, cacheControl, vary, true));
  response.end(cached.body);
  return 200;
}

// Header lists as flat [name, value, …] arrays, built once per body version: at tens of thousands of answers a
// second, building and validating a header object per answer was a measurable share of the work.
const headerCache = new WeakMap<JsonFromMemory, Map<string, string[]>>();

function headersFor(cached: JsonFromMemory, cacheControl: string, vary: string | undefined, withBody: boolean): string[] {
  let byKind = headerCache.get(cached);
  if (!byKind) {
    byKind = new Map();
    headerCache.set(cached, byKind);
  }
  const key = `${cacheControl}|${vary ?? ''}|${withBody}`;
  let headers = byKind.get(key);
  if (!headers) {
    headers = [...Object.entries(JSON_SECURITY_HEADERS).flat(), 'etag', cached.etag, 'cache-control', cacheControl];
    if (vary) headers.push('vary', vary);
    if (withBody) headers.push('content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(cached.body)));
    byKind.set(key, headers);
  }
  return headers;
}
