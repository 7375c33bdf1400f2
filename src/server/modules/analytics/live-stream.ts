/**
 * `GET /api/admin/analytics/live/stream` (issue 40 §4, decision 0068): "visitors now" live, as Server-Sent Events
 * on the same terms as the jot stream (one channel, lib/sse.ts): `retry`, a comment line every SSE_HEARTBEAT_MS,
 * at most SSE_MAX_PER_IP streams per network, a reader that stops reading is dropped.
 *
 * - One `live` event, `{"visitors":N,"minutes":5}`, on connect (read fresh, so a reconnect is never stale) and
 *   whenever the figure changes. It is read again after this instance stores a batch of events (at most once a
 *   second: the buffer writes every second) and on each heartbeat, which also lets visitors age out of the five
 *   minutes and brings other instances' counts within a heartbeat. Nothing is read while no one listens.
 * - Owner/admin only (`dashboard.read`): the admin screen reads it with `fetch` and its bearer token (an
 *   EventSource cannot send one).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { createSseChannel } from '../../lib/sse.ts';
import { liveVisitors } from './service.ts';

export const LIVE_STREAM_URL = '/api/admin/analytics/live/stream';
const READ_GAP_MS = 1000;

export interface LiveStream {
  /** Events were stored: read the figure again soon (coalesced). */
  changed(): void;
}

const eventOf = (figure: { visitors: number; minutes: number }) => `event: live\ndata: ${JSON.stringify(figure)}\n\n`;

export async function liveStreamRoutes(app: FastifyInstance, holder: { stream?: LiveStream }) {
  const { services } = app;
  const { heartbeatMs, maxPerIp } = services.config.stream;
  let last: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let reading = false;
  const current = async () => eventOf(await liveVisitors(services.database.db, services.now()));
  const channel = createSseChannel(app, { heartbeatMs, maxPerIp, onHeartbeat: () => void read() });

  async function read() {
    if (reading || channel.size === 0) return;
    reading = true;
    try {
      const event = await current();
      if (event !== last) {
        last = event;
        channel.broadcast(event);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'visitors now could not be read for the live stream');
    } finally {
      reading = false;
    }
  }
  holder.stream = {
    changed() {
      if (timer || channel.size === 0) return;
      timer = setTimeout(() => {
        timer = null;
        void read();
      }, READ_GAP_MS);
      timer.unref();
    },
  };

  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
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
    // Read before the stream opens: a failure is an ordinary 500, and the first event is this moment's figure.
    // At every heartbeat the reader is asked again whether it may still read the figure (a sign-out ends the stream).
    (request, reply) =>
      channel.open(request, reply, current, { recheck: () => app.recheckPermission(request, 'dashboard.read') }),
  );
}
