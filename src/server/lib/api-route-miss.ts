/**
 * A request no API route answers (docs/architecture.md §6, issue 8 §3): an API client gets JSON, never a page. A path some
 * route serves with other methods answers 405 with `Allow`; anything else 404. With pages served, the SSR
 * catch-all (`url: '*'`) matches every path for every page method, so it hands API paths back here
 * (`reply.callNotFound()`) and is left out when the allowed methods are worked out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** `/api`, `/api/…`, the legacy `/jots` and `/jots/…` — not `/api-tester`, which is a page. */
const API_PATH = /^\/(?:api|jots)(?:\/|$)/;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export function isApiPath(path: string): boolean {
  return API_PATH.test(path);
}

/**
 * Fastify's `rewriteUrl`: a page path that is not UTF-8 once decoded (a lone surrogate, `%ED%A0%80`) names no page,
 * so it gets the site's 404 page (docs/api.md), where Fastify's router answered 400 before any route. API paths keep
 * the router's 400. Any path the page routes do not know renders the not-found page.
 */
export function pagePathOrNotFound(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  if (isApiPath(path)) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return NOT_FOUND_PAGE_PATH;
  }
}

/** A path no page route serves (the rewrite target of an undecodable page path). */
export const NOT_FOUND_PAGE_PATH = '/_not-found';

/** The methods a real route serves on this concrete path (Fastify adds HEAD for every GET). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    if (!route) return false;
    // A root catch-all's wildcard holds the whole path, leading slash included; a route under a prefix
    // (`/assets/*`) captures only what follows it.
    const wildcard = (route.params as Record<string, string | undefined>)['*'];
    return !wildcard?.startsWith('/');
  });
}

/** Sends the JSON 405 or 404 for a request no route answered. */
export function answerRouteMiss(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '/';
  const allow = allowedMethods(app, path);
  if (allow.length > 0) {
    return reply
      .status(405)
      .header('Allow', allow.join(', '))
      .send({ error: `Method ${request.method} is not allowed on ${path}; use ${allow.join(', ')}` });
  }
  return reply.status(404).send({ error: `Route ${request.method} ${path} not found` });
}
