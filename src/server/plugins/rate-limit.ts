import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientNetworkKey } from '../lib/client-network.ts';
import type { Redis } from '../lib/redis.ts';

/**
 * Per-client limits of docs/architecture.md §6, per minute; RATE_LIMIT_MULTIPLIER raises them (tests). A client is
 * its network: the IPv4 address or the IPv6 /64 (decision 0043).
 */
export const RATE_LIMITS = {
  auth: 10,
  publicForm: 5,
  jotIngest: 120,
  // GET /metrics: a scrape every second still passes.
  metrics: 60,
  default: 600,
} as const;

export type RateLimitKind = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route-level `config.rateLimit` for one of the limits of docs/architecture.md §6. */
    rateLimitFor(kind: RateLimitKind): { max: number; timeWindow: string };
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { multiplier: number; redis?: Redis }) => {
    const limitFor = (kind: RateLimitKind) => ({
      max: Math.max(1, Math.round(RATE_LIMITS[kind] * options.multiplier)),
      timeWindow: '1 minute',
    });
    app.decorate('rateLimitFor', limitFor);
    await app.register(rateLimit, {
      global: true,
      ...limitFor('default'),
      // Every address of an IPv6 /64 is one client (decision 0043); route-level limits inherit this key.
      keyGenerator: (request) => clientNetworkKey(request.ip),
      // Limit headers only on the 429 itself (with Retry-After): three fewer headers on every answer of the hot paths.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      // With Redis the counters are shared by every instance; if Redis fails, requests pass rather than fail.
      ...(options.redis ? { redis: options.redis, nameSpace: 'jotit-rate-limit-', skipOnError: true } : {}),
      // Static assets and health probes are not rate limited.
      allowList: (request) => request.url.startsWith('/assets/') || request.url === '/healthz' || request.url === '/readyz',
      // Thrown into the central error handler, which sends `{ error }`; the plugin adds Retry-After.
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`), {
          statusCode: 429,
        }),
    });
  },
  { name: 'rate-limit' },
);
