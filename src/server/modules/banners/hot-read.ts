/**
 * `GET /api/banners/active`, which every page's banner strip polls, answered from memory before Fastify's request
 * lifecycle like the jot count (decision 0009; docs/architecture.md §8: hot reads ≥ 0.8 of a bare Fastify route).
 * Through Fastify it cost about five bare routes (helmet, compression hooks, the global hooks; decision 0046). Same
 * body, headers, ETag and 304 as the lean route in routes.ts, which still answers everything else (app.inject in
 * tests, a HEAD, the first poll before the banners are loaded).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerJsonFromMemory } from '../../lib/lean-json.ts';
import type { HotRead } from '../../plugins/metrics.ts';
import type { ActiveBanners } from './active-banners.ts';

export const ACTIVE_BANNERS_URL = '/api/banners/active';
export const ACTIVE_BANNERS_CACHE = 'public, max-age=5, must-revalidate';

/** Answers the poll and returns true, or returns false to let Fastify handle the request. */
export function answerActiveBanners(
  request: IncomingMessage,
  response: ServerResponse,
  banners: ActiveBanners | undefined,
  onAnswered: (read: HotRead, status: 200 | 304) => void = () => {},
): boolean {
  if (!banners || request.method !== 'GET' || request.url !== ACTIVE_BANNERS_URL) return false;
  const cached = banners.currentIfLoaded();
  if (!cached) return false;
  onAnswered('banners', answerJsonFromMemory(request, response, cached, ACTIVE_BANNERS_CACHE));
  return true;
}
