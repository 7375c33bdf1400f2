import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { answerRouteMiss } from '../lib/api-route-miss.ts';
import { type FieldError, HttpError } from '../lib/http-errors.ts';

// The database is away (stopped, restarting, unreachable): PostgreSQL's admin_shutdown, crash_shutdown and
// cannot_connect_now, connection exceptions (class 08), and node-postgres's own connection failures.
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether `error` (or an error it wraps, as Drizzle's DrizzleQueryError does) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** A failed validation's issues as `details: [{ field, message }]`; a strict schema's unknown fields one by one, named. */
export function validationDetails(validation: ReadonlyArray<{ instancePath: string; keyword: string; params: unknown; message?: string }>): FieldError[] {
  return validation.flatMap((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    // Nothing is silently dropped (decision 0028): each unknown field gets its own detail.
    const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(unknown)) {
      return unknown.map((key) => {
        const name = field ? `${field}.${String(key)}` : String(key);
        return { field: name, message: `Unknown field "${name}"` };
      });
    }
    return [{ field, message: issue.message ?? 'Invalid value' }];
  });
}

/**
 * The one error handler of the API (CONTRIBUTING.md habit 3): every failure becomes `{ "error": "human text" }`
 * with the right status; 5xx details are logged with the request id and never sent.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = validationDetails(error.validation);
        return reply.status(400).send({ error: details[0]?.message ?? 'Invalid request', details });
      }
      if (error instanceof HttpError) {
        const body: Record<string, unknown> = { ...error.extra, error: error.message };
        if (error.details !== undefined) body.details = error.details;
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send(body);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ error: 'Internal server error' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500 && isDatabaseUnavailable(error)) {
        // A database restart is temporary: 503 tells clients and load balancers to try again.
        request.log.error({ err: error }, 'database unavailable');
        return reply.status(503).header('Retry-After', '5').send({ error: 'Service temporarily unavailable, please try again shortly' });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ error: 'Internal server error' });
      }
      // Fastify's own 4xx (bad JSON, body too large, rate limit, unsupported media type): its message is safe.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is not valid JSON'
            : error.message;
      return reply.status(status).send({ error: message });
    });

    // Unknown routes count against the rate limit too, so scanning for routes is throttled. JSON 404, or 405 with
    // Allow when the path exists with other methods (also for API paths the SSR catch-all hands back).
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => answerRouteMiss(app, request, reply));
  },
  { name: 'errors', dependencies: ['rate-limit'] },
);
