/**
 * `GET /api/jots/stream` (issue 14, beyond the spec's 5 s polling): Server-Sent Events with the jot count and the
 * newest public jot, pushed as jots are committed on any instance (this instance's commits at once, the others'
 * through the cluster bus, see feed.ts). The figures are the in-memory feed's, the same that
 * `GET /api/jots/count` and `GET /api/jots?limit=10` answer, so the home page shows the same numbers either way.
 *
 * - One `jots` event on connect and after each change: `data: {"count":N,"latest":PublicJot|null}`. Bursts of
 *   commits are coalesced into one event per `PUSH_GAP_MS`.
 * - A comment line every SSE_HEARTBEAT_MS (15 s) keeps proxies and browsers from timing an idle stream out.
 * - At most SSE_MAX_PER_IP open streams per client network (IPv4 address or IPv6 /64, decision 0043) on this
 *   instance (429 beyond); a client that stops reading is dropped once its unsent data passes `MAX_BUFFERED`.
 *   Streams end when the app closes.
 * - Not compressed (a compressor would hold events back), `X-Accel-Buffering: no` for nginx, the lean JSON
 *   routes' security headers (an event stream needs no CSP of its own; the page's `connect-src 'self'` allows it).
 * See docs/decisions/0015-cluster-bus-and-live-stream.md.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientNetworkKey } from '../../lib/client-network.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { JOT_STREAM_URL } from '../../../shared/constants.ts';
import type { FeedSnapshot, JotFeed } from './feed.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';

export const TOO_MANY_STREAMS = 'Too many open streams from this address';
const PUSH_GAP_MS = 100;
const MAX_BUFFERED = 64 * 1024;
// How long a browser waits before reconnecting after the stream broke.
const RETRY_MS = 5000;

const eventOf = (snapshot: FeedSnapshot) => `event: jots\ndata: ${JSON.stringify(snapshot)}\n\n`;

export async function jotStreamRoutes(app: FastifyInstance, { feed }: { feed: JotFeed }) {
  const { heartbeatMs, maxPerIp } = app.services.config.stream;
  const clients = new Set<ServerResponse>();
  const openPerIp = new Map<string, number>();
  let pushTimer: NodeJS.Timeout | null = null;

  const send = (response: ServerResponse, chunk: string) => {
    if (response.writableLength > MAX_BUFFERED) {
      response.destroy();
      return;
    }
    response.write(chunk);
  };
  const unsubscribe = feed.subscribe(() => {
    if (pushTimer || clients.size === 0) return;
    pushTimer = setTimeout(() => {
      pushTimer = null;
      const event = eventOf(feed.snapshot());
      for (const response of clients) send(response, event);
    }, PUSH_GAP_MS);
  });
  const heartbeat = setInterval(() => {
    for (const response of clients) send(response, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    unsubscribe();
    clearInterval(heartbeat);
    if (pushTimer) clearTimeout(pushTimer);
    for (const response of clients) response.end();
    clients.clear();
  });

  app.get(
    JOT_STREAM_URL,
    {
      ...LEAN_JSON_ROUTE,
      onRequest: jsonSecurityHeaders,
      schema: {
        tags: ['jots'],
        summary: 'Live jot count (Server-Sent Events)',
        description:
          'A `text/event-stream` of `jots` events, `{"count":N,"latest":PublicJot|null}`, on connect and whenever jots are ' +
          `committed on any instance; a comment line every ${Math.round(heartbeatMs / 1000)} s. At most ${maxPerIp} open streams per address (429 beyond).`,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('The event stream'), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const ip = clientNetworkKey(request.ip);
      const open = openPerIp.get(ip) ?? 0;
      if (open >= maxPerIp) return reply.code(429).header('retry-after', '30').send({ error: TOO_MANY_STREAMS });
      openPerIp.set(ip, open + 1);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      clients.add(response);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clients.delete(response);
        const left = (openPerIp.get(ip) ?? 1) - 1;
        if (left > 0) openPerIp.set(ip, left);
        else openPerIp.delete(ip);
      };
      response.on('close', release);
      response.write(`retry: ${RETRY_MS}\n\n`);
      response.write(eventOf(feed.snapshot()));
    },
  );
}
