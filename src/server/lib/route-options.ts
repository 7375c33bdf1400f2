/**
 * The options a group of routes shares — the document's tag and credentials, the rate limit, who may call — written
 * once per group: `route({ summary, description, body, response })` puts them around one route's own schema. A
 * route that differs from its group (no rate limit, another tag) writes its options out instead.
 */
import type { FastifyContextConfig, FastifyRequest, FastifySchema } from 'fastify';
import type { USER_SECURITY } from './openapi.ts';

export interface RouteGroup {
  tags: string[];
  /** The credentials the OpenAPI document names (lib/openapi.ts); none for a public route. */
  security?: typeof USER_SECURITY;
  /** The rate limit (`app.rateLimitFor(…)`) and other route config. */
  config?: FastifyContextConfig;
  /** Who may call: `app.requireUser`, `app.requirePermission(…)`. */
  onRequest?: (request: FastifyRequest) => Promise<void>;
}

export function routeGroup({ tags, security, config, onRequest }: RouteGroup) {
  return <Schema extends FastifySchema>(schema: Schema) => ({
    ...(config === undefined ? {} : { config }),
    ...(onRequest === undefined ? {} : { onRequest }),
    schema: { tags, ...(security === undefined ? {} : { security }), ...schema },
  });
}
