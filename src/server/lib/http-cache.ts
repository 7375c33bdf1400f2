/**
 * Public reads with Cache-Control and an ETag (docs/architecture.md §6): a body kept serialised in memory is sent as it is, and
 * a matching If-None-Match gets 304 and no body.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON body, already serialised, and its ETag. */
export interface CachedBody {
  body: string;
  etag: string;
}

/** A short strong ETag of a body; the prefix keeps the ETags of different resources apart. */
export function etagOf(body: string, prefix = ''): string {
  return `"${prefix}${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/** If-None-Match holds our ETag (a list, weak forms and * included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** Sends a serialised JSON body with its ETag and Cache-Control, or 304 when the client has it already. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag = etagOf(body) }: { body: string; etag?: string },
  cacheControl: string,
) {
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  // Already JSON: a string with a JSON content type is sent as it is, without serialising again.
  return reply.type(JSON_TYPE).send(body);
}
