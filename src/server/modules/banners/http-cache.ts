/**
 * Public reads with Cache-Control and an ETag (DESIGN §6): a matching If-None-Match gets 304 and no body.
 * The body is JSON already, sent as it is (Fastify does not serialise a string again).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etagOf(body: string, prefix = ''): string {
  return `"${prefix}${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag = etagOf(body) }: { body: string; etag?: string },
  cacheControl: string,
) {
  reply.header('Cache-Control', cacheControl).header('ETag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
