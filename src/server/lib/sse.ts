/**
 * One Server-Sent Events channel: what the jot stream (modules/jots/stream.ts, decision 0015) and the analytics
 * "visitors now" stream (modules/analytics/live-stream.ts, decision 0068) share, written once.
 *
 * - `retry` first (how long a browser waits before reconnecting), then the stream's first event.
 * - A comment line every `heartbeatMs` keeps proxies and browsers from timing an idle stream out.
 * - At most `maxPerIp` open streams per client network (IPv4 address or IPv6 /64, decision 0043) on this instance:
 *   429 beyond, with the same words on every stream.
 * - A reader that stops reading is dropped once its unsent data passes 64 KB.
 * - Not compressed (a compressor would hold events back), `X-Accel-Buffering: no` for nginx; the streams end when
 *   the app closes.
 * - A stream may be opened on a `topic` (the document an editor has open, decision 0081): a broadcast to a topic
 *   reaches only its streams, and `onClose` says when one of them ended.
 * - A stream that only some callers may read passes `recheck`: run again at every heartbeat, so a session signed
 *   out, a role taken away or a document deleted ends the stream within one heartbeat, not when the reader leaves
 *   (decision 0085). A refusal (401, 403, 404) or a failed check ends it; the browser's reconnect then meets the
 *   route's own answer.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientNetworkKey } from './client-network.ts';

export const TOO_MANY_STREAMS = 'Too many open streams from this address';
const MAX_BUFFERED = 64 * 1024;
const RETRY_MS = 5000;

export interface SseChannel {
  /** How many streams are open on this instance. */
  readonly size: number;
  /** Writes `chunk` (a whole event) to every open stream, or to those opened on `topic`. */
  broadcast(chunk: string, topic?: string): void;
  /**
   * Answers `request` with a stream (or a 429 past the network's limit) whose first event is `first()`. `first` runs
   * before the stream opens, so its failure is an ordinary error answer.
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    first: () => string | Promise<string>,
    options?: StreamOptions,
  ): Promise<FastifyReply | undefined>;
}

export interface StreamOptions {
  topic?: string;
  onClose?(): void;
  /** The route's access check, run again: it rejects when the reader may no longer read the stream, which ends it. */
  recheck?(): Promise<unknown>;
}

export function createSseChannel(
  app: FastifyInstance,
  options: { heartbeatMs: number; maxPerIp: number; /** Runs after each heartbeat is written. */ onHeartbeat?(): void },
): SseChannel {
  /** Each open stream and how it was opened (its topic, its access check). */
  const clients = new Map<ServerResponse, StreamOptions>();
  /** Streams whose access check is running: one at a time each, however slow the database. */
  const checking = new Set<ServerResponse>();
  const recheck = (response: ServerResponse, check: () => Promise<unknown>) => {
    if (checking.has(response)) return;
    checking.add(response);
    check().then(
      () => checking.delete(response),
      () => {
        checking.delete(response);
        response.end();
      },
    );
  };
  const openPerIp = new Map<string, number>();

  const send = (response: ServerResponse, chunk: string) => {
    if (response.writableLength > MAX_BUFFERED) {
      response.destroy();
      return;
    }
    response.write(chunk);
  };
  /** A network's stream has ended (or never opened): one fewer counts against its limit. */
  const giveBack = (ip: string) => {
    const left = (openPerIp.get(ip) ?? 1) - 1;
    if (left > 0) openPerIp.set(ip, left);
    else openPerIp.delete(ip);
  };
  const heartbeat = setInterval(() => {
    for (const [response, stream] of clients) {
      send(response, ': heartbeat\n\n');
      if (stream.recheck) recheck(response, stream.recheck);
    }
    options.onHeartbeat?.();
  }, options.heartbeatMs);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const response of clients.keys()) response.end();
    clients.clear();
  });

  return {
    get size() {
      return clients.size;
    },
    broadcast(chunk, topic) {
      for (const [response, opened] of clients) if (topic === undefined || opened.topic === topic) send(response, chunk);
    },
    async open(request, reply, first, stream = {}) {
      const ip = clientNetworkKey(request.ip);
      const open = openPerIp.get(ip) ?? 0;
      if (open >= options.maxPerIp) return reply.code(429).header('retry-after', '30').send({ error: TOO_MANY_STREAMS });
      // Counted before `first` runs, so requests arriving together cannot all pass the limit; given back if it fails.
      openPerIp.set(ip, open + 1);
      let event: string;
      try {
        event = await first();
      } catch (error) {
        giveBack(ip);
        throw error;
      }

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      clients.set(response, stream);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clients.delete(response);
        giveBack(ip);
        stream.onClose?.();
      };
      response.on('close', release);
      // A reader gone while `first` ran: its 'close' has passed, so it is released now (else it would count for ever).
      if (response.destroyed || request.raw.socket?.destroyed) release();
      response.write(`retry: ${RETRY_MS}\n\n`);
      response.write(event);
      return undefined;
    },
  };
}
