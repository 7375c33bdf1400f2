/**
 * Request ids and slow requests (issue 14 §4): every answer carries `X-Request-Id`; the id is the current request
 * for logs written by the services it calls (lib/request-context.ts); a request slower than SLOW_REQUEST_MS is
 * logged at warn with its route pattern, method, status and duration (never the raw URL's query, never a body).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER, runInRequestContext } from '../lib/request-context.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';

export interface RequestLogOptions {
  slowRequestMs: number;
}

export const requestLogPlugin = fp(
  async (app: FastifyInstance, options: RequestLogOptions) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      runInRequestContext(request.id, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const durationMs = reply.elapsedTime;
      if (durationMs > options.slowRequestMs) {
        request.log.warn(
          {
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            method: request.method,
            statusCode: reply.statusCode,
            durationMs: Math.round(durationMs),
          },
          'slow request',
        );
      }
      done();
    });
  },
  { name: 'request-log' },
);
