/**
 * `GET /api/admin/analytics/live/stream` (issue 40 §4, decision 0068): "visitors now" live, as Server-Sent Events
 * on the same terms as the jot stream (jots/stream.ts, decision 0015): `retry`, a comment line every
 * SSE_HEARTBEAT_MS, at most SSE_MAX_PER_IP streams per network, a reader that stops reading is dropped.
 *
 * - One `live` event, `{"visitors":N,"minutes":5}`, on connect (read fresh, so a reconnect is never stale) and
 *   whenever the figure changes. It is read again after this instance stores a batch of events (at most once a
 *   second: the buffer writes every second) and on each heartbeat, which also lets visitors age out of the five
 *   minutes and brings other instances' counts within a heartbeat. Nothing is read while no one listens.
 * - Owner/admin only (`dashboard.read`): the admin screen reads it with `fetch` and its bearer token (an
 *   EventSource cannot send one).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientNetworkKey } from '../../lib/client-network.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { liveVisitors } from './service.ts';

export const LIVE_STREAM_URL = '/api/admin/analytics/live/stream';
/** The jot stream's refusal, word for word. */
const TOO_MANY_STREAMS = 'Too many open streams from this address';
const MAX_BUFFERED = 64 * 1024;
const RETRY_MS = 5000;
const READ_GAP_MS = 1000;

export interface LiveStream {
  /** Events were stored: read the figure again soon (coalesced). */
  changed(): void;
}

export async function liveStreamRoutes(app: FastifyInstance, holder: { stream?: LiveStream }) {
  const { services } = app;
  const { heartbeatMs, maxPerIp } = services.config.stream;
  const clients = new Set<ServerResponse>();
  const openPerIp = new Map<string, number>();
  let last: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let reading = false;

  const send = (response: ServerResponse, chunk: string) => {
    if (response.writableLength > MAX_BUFFERED) {
      response.destroy();
      return;
    }
    response.write(chunk);
  };
  const eventOf = (figure: { visitors: number; minutes: number }) => `event: live\ndata: ${JSON.stringify(figure)}\n\n`;

  const read = async () => {
    if (reading || clients.size === 0) return;
    reading = true;
    try {
      const event = eventOf(await liveVisitors(services.database.db, services.now()));
      if (event !== last) {
        last = event;
        for (const response of clients) send(response, event);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'visitors now could not be read for the live stream');
    } finally {
      reading = false;
    }
  };
  holder.stream = {
    changed() {
      if (timer || clients.size === 0) return;
      timer = setTimeout(() => {
        timer = null;
        void read();
      }, READ_GAP_MS);
      timer.unref();
    },
  };
  const heartbeat = setInterval(() => {
    for (const response of clients) send(response, ': heartbeat\n\n');
    void read();
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    for (const response of clients) response.end();
    clients.clear();
  });

  app.get(
    LIVE_STREAM_URL,
    {
      ...LEAN_JSON_ROUTE,
      onRequest: [jsonSecurityHeaders, app.requirePermission('dashboard.read')],
      schema: {
        tags: ['analytics'],
        summary: 'Visitors in the last 5 minutes, live (Server-Sent Events; owner/admin)',
        description:
          'A `text/event-stream` of `live` events, `{"visitors":N,"minutes":5}`, on connect and whenever the figure changes ' +
          `(read again after events are stored and every ${Math.round(heartbeatMs / 1000)} s, with a comment line). ` +
          `At most ${maxPerIp} open streams per address (429 beyond).`,
        security: USER_SECURITY,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('The event stream'), ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const ip = clientNetworkKey(request.ip);
      const open = openPerIp.get(ip) ?? 0;
      if (open >= maxPerIp) return reply.code(429).header('retry-after', '30').send({ error: TOO_MANY_STREAMS });
      // Read before the stream opens: a failure is an ordinary 500, and the first event is this moment's figure.
      const first = eventOf(await liveVisitors(services.database.db, services.now()));
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
      response.on('close', () => {
        if (released) return;
        released = true;
        clients.delete(response);
        const left = (openPerIp.get(ip) ?? 1) - 1;
        if (left > 0) openPerIp.set(ip, left);
        else openPerIp.delete(ip);
      });
      response.write(`retry: ${RETRY_MS}\n\n`);
      response.write(first);
    },
  );
}
