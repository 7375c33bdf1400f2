/**
 * `GET /api/jots/stream` (issue 14, beyond the spec's 5 s polling): Server-Sent Events with the jot count and the
 * newest public jot, pushed as jots are committed on any instance (this instance's commits at once, the others'
 * through the cluster bus, see feed.ts). The figures are the in-memory feed's, the same that
 * `GET /api/jots/count` and `GET /api/jots?limit=10` answer, so the home page shows the same numbers either way.
 *
 * - One `jots` event on connect and after each change: `data: {"count":N,"latest":PublicJot|null}`. Bursts of
 *   commits are coalesced into one event per `PUSH_GAP_MS`.
 * - The stream's terms (a heartbeat every SSE_HEARTBEAT_MS, at most SSE_MAX_PER_IP per network, slow readers
 *   dropped, no compression) are lib/sse.ts's; the lean JSON routes' security headers (an event stream needs no CSP
 *   of its own; the page's `connect-src 'self'` allows it).
 * See docs/decisions/0015-cluster-bus-and-live-stream.md.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { createSseChannel } from '../../lib/sse.ts';
import { JOT_STREAM_URL } from '../../../shared/constants.ts';
import type { FeedSnapshot, JotFeed } from './feed.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';

const PUSH_GAP_MS = 100;

const eventOf = (snapshot: FeedSnapshot) => `event: jots\ndata: ${JSON.stringify(snapshot)}\n\n`;

export async function jotStreamRoutes(app: FastifyInstance, { feed }: { feed: JotFeed }) {
  const { heartbeatMs, maxPerIp } = app.services.config.stream;
  const channel = createSseChannel(app, { heartbeatMs, maxPerIp });
  let pushTimer: NodeJS.Timeout | null = null;

  const unsubscribe = feed.subscribe(() => {
    if (pushTimer || channel.size === 0) return;
    pushTimer = setTimeout(() => {
      pushTimer = null;
      channel.broadcast(eventOf(feed.snapshot()));
    }, PUSH_GAP_MS);
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    if (pushTimer) clearTimeout(pushTimer);
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
    (request, reply) => channel.open(request, reply, () => eventOf(feed.snapshot())),
  );
}
