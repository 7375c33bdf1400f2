import { Redis } from 'ioredis';

/**
 * The optional Redis connection (REDIS_URL): shared rate-limit counters across instances. Commands fail fast
 * while Redis is down (no offline queue), and callers fall back instead of blocking requests.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    // Keep reconnecting in the background, at most every 5 s.
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
}

export type { Redis };
