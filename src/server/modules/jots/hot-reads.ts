/**
 * The two reads every visitor's browser polls every 5 s (docs/architecture.md §8: ≥ 0.8 of a bare Fastify route): the jot count
 * and the anonymous newest-10 list. They are answered from memory before Fastify's request lifecycle (its global
 * hooks cost more than the answer), with exactly the headers, body, ETag and 304 of the Fastify routes in routes.ts,
 * which still serve every other form of these requests (other limits, credentials, app.inject in tests).
 * See docs/decisions/0009-hot-reads-before-the-lifecycle.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody, JotFeed } from './feed.ts';
import type { HotRead } from '../../plugins/metrics.ts';
import { answerJsonFromMemory } from '../../lib/lean-json.ts';
import { PUBLIC_CACHE, VARY } from './routes.ts';

const COUNT_URL = '/api/jots/count';
// The home page's poll (spec §7: GET /api/jots?limit=10).
const RECENT_URL = '/api/jots?limit=10';

/** Answers a hot read and returns true, or returns false to let Fastify handle the request. */
export function answerHotRead(
  request: IncomingMessage,
  response: ServerResponse,
  feed: JotFeed | undefined,
  onAnswered: (read: HotRead, status: 200 | 304) => void = () => {},
): boolean {
  if (!feed || request.method !== 'GET') return false;
  let cached: CachedBody | null;
  let vary: string | undefined;
  let read: HotRead;
  if (request.url === COUNT_URL) {
    cached = feed.countResponse();
    read = 'count';
  } else if (request.url === RECENT_URL) {
    read = 'recent';
    // Credentials change the answer (admins and API clients get records): those go through Fastify.
    const headers = request.headers;
    if (headers.authorization || headers['x-client-id'] || headers['x-admin-client-id']) return false;
    cached = feed.pageResponse(10, 0);
    vary = VARY;
  } else {
    return false;
  }
  if (!cached) return false;

  onAnswered(read, answerJsonFromMemory(request, response, cached, PUBLIC_CACHE, vary));
  return true;
}
