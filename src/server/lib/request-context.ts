/**
 * The request id on every log line of a request (issue 14 §4). Fastify's `request.log` already binds `reqId`;
 * lines written through `app.log` by services a request calls (mailer, caches, …) get it from here: an
 * AsyncLocalStorage run by the request's first hook, read by the logger's `mixin`.
 *
 * The id is the trusted proxy's `X-Request-Id` when TRUST_PROXY is on and the value is sane, else a random UUID
 * (unique across instances, unlike Fastify's per-process counter). Answers carry it as `X-Request-Id`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const storage = new AsyncLocalStorage<string>();

// Printable ASCII without spaces or quotes, bounded: nothing a proxy could use to forge log structure.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the proxy's id only when the proxy is trusted. */
export function createRequestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const header = request.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof header === 'string' && SANE_REQUEST_ID.test(header)) return header;
    return randomUUID();
  };
}

/**
 * Runs `next` (a Fastify hook's `done`: the rest of the request's chain up to its next asynchronous step) with
 * `requestId` as the current request, for it and everything it starts (body parsing, handler, services); nothing
 * outside is affected. Called from the request's first hook.
 */
export function runInRequestContext(requestId: string, next: () => void): void {
  if (storage.getStore() === requestId) next();
  else storage.run(requestId, next);
}

/** The id of the request being handled, if any (jobs queued by a request carry it; jobs/queue.ts). */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}

/** Runs `work` (a queued job) as part of request `requestId`: its log lines carry that request's id. */
export function runAsRequest<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  return storage.run(requestId, work);
}

// pino's own symbol for a logger's bound fields (a JSON fragment), found once on the first logger seen.
let chindings: symbol | undefined;
function findChindings(logger: object): symbol | undefined {
  for (let target: object | null = logger; target; target = Object.getPrototypeOf(target) as object | null) {
    const found = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'pino.chindings');
    if (found) return found;
  }
  return undefined;
}

/** pino `mixin`: adds `reqId` to lines of loggers that do not already bind it (request.log does). */
export function requestIdMixin(_merge: object, _level: number, logger: unknown): object {
  const requestId = storage.getStore();
  if (!requestId) return {};
  chindings ??= findChindings(logger as object);
  const bound = chindings && (logger as Record<symbol, unknown>)[chindings];
  if (typeof bound === 'string' && bound.includes('"reqId":')) return {};
  return { reqId: requestId };
}
