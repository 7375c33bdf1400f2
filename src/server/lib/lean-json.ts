/**
 * The hot paths of docs/architecture.md §8 (the two public reads the home page polls, and ingestion): helmet rebuilds its headers
 * on every request (the page CSP carries a per-request nonce), which alone costs a large share of a request this
 * small. These JSON answers skip helmet and compression (small bodies: not worth a brotli pass per poll) and get the
 * headers that matter for JSON as fixed strings instead. See docs/decisions/0006-jot-hot-paths.md.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

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
