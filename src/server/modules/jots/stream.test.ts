/**
 * The live jot stream (GET /api/jots/stream) and the jot feed across instances (issue 14, decision 0015).
 * The single-instance part runs on both databases; the cross-instance part needs PostgreSQL (LISTEN/NOTIFY: two
 * PGlite apps in one process have no shared bus) and is skipped on PGlite. Streams are read over real HTTP.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OpenStream, openJotStream as openStream } from '../../../../tests/fixtures/jot-stream.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { JOT_STREAM_URL } from '../../../shared/constants.ts';
import { createKey, jotCount, sendV2, type TestKey } from '../../../../tests/fixtures/test-kit.ts';
import { createTestAdmin } from '../../../../tests/fixtures/users.ts';
import { TOO_MANY_STREAMS } from '../../lib/sse.ts';

async function listen(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}

const isStream = (value: OpenStream | IncomingMessage): value is OpenStream => 'event' in value;

describe(`the live jot stream on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let baseUrl: string;
  let key: TestKey;

  beforeAll(async () => {
    testApp = await createTestApp({ SSE_HEARTBEAT_MS: '100', SSE_MAX_PER_IP: '2', RATE_LIMIT_MULTIPLIER: '100' });
    const admin = await createTestAdmin(testApp.app);
    key = await createKey(testApp.app, admin.headers);
    baseUrl = await listen(testApp);
  });
  afterAll(() => testApp?.close());

  it('streams the count on connect and each committed jot, uncompressed, with heartbeats and security headers', async () => {
    const stream = await openStream(baseUrl);
    if (!isStream(stream)) throw new Error(`stream answered ${stream.statusCode}`);
    try {
      const headers = stream.response.headers;
      expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(headers['cache-control']).toBe('no-cache, no-transform');
      expect(headers['x-accel-buffering']).toBe('no');
      expect(headers['content-encoding']).toBeUndefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
      const before = await stream.event(() => true);
      expect(before.count).toBe(await jotCount(testApp.app));

      const sent = await sendV2(testApp.app, key, { text: 'never on the stream' });
      const pushed = await stream.event((snapshot) => snapshot.latest?.id === sent.id);
      expect(pushed.count).toBe(before.count + 1);
      expect(pushed.count).toBe(await jotCount(testApp.app));
      expect(Object.keys(pushed.latest!).sort()).toEqual(['created_at', 'id', 'sender_city', 'sender_country', 'sender_state']);
      await stream.comment();
    } finally {
      stream.close();
    }
  });

  it('refuses more than SSE_MAX_PER_IP streams from one address with 429, and frees a slot on disconnect', async () => {
    const first = await openStream(baseUrl);
    const second = await openStream(baseUrl);
    if (!isStream(first) || !isStream(second)) throw new Error('the first two streams were refused');
    const third = await openStream(baseUrl);
    expect(isStream(third)).toBe(false);
    expect((third as IncomingMessage).statusCode).toBe(429);
    first.close();
    // The server frees the slot when it sees the socket close: retry until it has.
    await expect
      .poll(
        async () => {
          const next = await openStream(baseUrl);
          if (isStream(next)) next.close();
          return isStream(next);
        },
        { timeout: 2000, interval: 50 },
      )
      .toBe(true);
    second.close();
  });

  it('counts one IPv6 /64 as one client: its third stream is refused whatever address it comes from (decision 0043)', async () => {
    // app.inject from chosen addresses; payloadAsStream resolves once the stream's head is written.
    const open = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: JOT_STREAM_URL, remoteAddress, payloadAsStream: true });
    const streams = [await open('2001:db8:34:5::a'), await open('2001:db8:34:5:ffff::b')];
    try {
      expect(streams.map((stream) => stream.statusCode)).toEqual([200, 200]);
      const third = await open('2001:0db8:0034:0005:0000:0000:0000:000c');
      expect(third.statusCode).toBe(429);
      expect(JSON.parse(String(await text(third.stream())))).toEqual({ error: TOO_MANY_STREAMS });
      const otherNetwork = await open('2001:db8:34:6::a');
      streams.push(otherNetwork);
      expect(otherNetwork.statusCode).toBe(200);
    } finally {
      for (const stream of streams) stream.raw.res.destroy();
    }
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('the jot feed across instances (PostgreSQL LISTEN/NOTIFY; skipped on PGlite)', () => {
  let first: TestApp;
  let second: TestApp;
  let secondUrl: string;
  let key: TestKey;

  beforeAll(async () => {
    // Polling effectively off (1 h): only the bus can bring another instance's jots within the test's 2 s.
    const env = { FEED_POLL_MS: '3600000', RATE_LIMIT_MULTIPLIER: '100' };
    first = await createTestApp(env);
    second = await createTestApp(env, { database: first.database });
    const admin = await createTestAdmin(first.app);
    key = await createKey(first.app, admin.headers);
    secondUrl = await listen(second);
    await vi.waitFor(() => expect(first.app.clusterBus.connected && second.app.clusterBus.connected).toBe(true), { timeout: 5000 });
    expect(first.app.clusterBus.kind).toBe('postgres');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('pushes a jot committed on one instance to a stream on another, and the other count converges within 2 s', async () => {
    const stream = await openStream(secondUrl);
    if (!isStream(stream)) throw new Error(`stream answered ${stream.statusCode}`);
    try {
      const before = await stream.event(() => true);
      const sent = await sendV2(first.app, key, { text: 'sent to the first instance' });
      const pushed = await stream.event((snapshot) => snapshot.latest?.id === sent.id, 2000);
      expect(pushed.count).toBe(before.count + 1);
      expect(await jotCount(second.app)).toBe(await jotCount(first.app));
    } finally {
      stream.close();
    }
  });

  it('sends one notification per commit batch, not one per jot', async () => {
    const notifications: string[] = [];
    const unsubscribe = second.app.clusterBus.subscribe((topic, data) => {
      if (topic === 'jots') notifications.push(data);
    });
    try {
      const before = await jotCount(second.app);
      // Sent together: the writer commits them in few batches.
      await Promise.all(Array.from({ length: 40 }, (_, index) => sendV2(first.app, key, { text: `burst ${index}` })));
      await expect.poll(() => jotCount(second.app), { timeout: 2000, interval: 50 }).toBe(before + 40);
      await expect.poll(() => notifications.reduce((sum, data) => sum + Number(data), 0), { timeout: 2000, interval: 50 }).toBe(40);
      expect(notifications.length).toBeLessThan(40);
    } finally {
      unsubscribe();
    }
  });
});
