/**
 * The cross-instance bus (issue 14, decision 0015): small notifications between the app instances that share one
 * database — "content of this kind changed", "a jot batch was committed". Redis pub/sub when REDIS_URL is set,
 * else PostgreSQL LISTEN/NOTIFY on PostgreSQL, else in-process only (PGlite is one process).
 *
 * - Fire and forget: `publish` never throws and never waits for the transport; a lost notification only delays a
 *   cache until its own refresh interval (callers keep one for exactly that case: see `connected`).
 * - Each instance tags what it sends with its own id and ignores its own messages: local listeners were already
 *   told by the sender itself, so nothing is delivered twice.
 * - Reconnects on its own (ioredis re-subscribes; the PostgreSQL listener reopens with a back-off), and tells
 *   subscribers when it is back (`onReconnect`), since messages sent meanwhile are lost.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Redis } from './redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notifications to and from the other instances (content changes, jot commits). */
    clusterBus: ClusterBus;
  }
}

/** `webhooks`: an endpoint changed (each instance re-reads which events have subscribers; issue 41). */
export type BusTopic = 'content' | 'jots' | 'webhooks';
const TOPICS = new Set<string>(['content', 'jots', 'webhooks']);
export type BusHandler = (topic: BusTopic, data: string) => void;

export interface ClusterBus {
  readonly kind: 'redis' | 'postgres' | 'local';
  /** True while notifications from the other instances can arrive (always true in-process). */
  readonly connected: boolean;
  /** Sends to the other instances; never throws. */
  publish(topic: BusTopic, data: string): void;
  /** Messages from the other instances (never this instance's own). Returns an unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /** Called after the transport came back from a loss (messages may have been missed meanwhile). */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface ClusterBusOptions {
  redis?: Redis;
  /** PostgreSQL connection string (LISTEN/NOTIFY) when there is no Redis. */
  postgresUrl?: string;
  /** Runs `select pg_notify($1, $2)` (the app's pool), so publishing never holds the listener's connection. */
  notify?: (channel: string, payload: string) => Promise<unknown>;
  /** Channel name; tests give each run its own. Default `jotit_bus` (with the Redis client's key prefix, if any). */
  channel?: string;
  onError?: (error: unknown) => void;
}

interface Envelope {
  from: string;
  topic: BusTopic;
  data: string;
}

const DEFAULT_CHANNEL = 'jotit_bus';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours are a few dozen.
const MAX_PAYLOAD = 7900;

export function createClusterBus(options: ClusterBusOptions = {}): ClusterBus {
  const instanceId = randomBytes(8).toString('hex');
  const handlers = new Set<BusHandler>();
  const reconnectListeners = new Set<() => void>();
  const onError = options.onError ?? (() => {});

  function deliver(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instanceId || !TOPICS.has(envelope.topic)) return;
    for (const handler of handlers) {
      try {
        handler(envelope.topic, String(envelope.data));
      } catch (error) {
        onError(error);
      }
    }
  }
  function reconnected(): void {
    for (const listener of reconnectListeners) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  }
  const encode = (topic: BusTopic, data: string) => JSON.stringify({ from: instanceId, topic, data } satisfies Envelope);
  const common = {
    subscribe(handler: BusHandler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    onReconnect(listener: () => void) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
  };

  if (options.redis) {
    const redis = options.redis;
    // Pub/sub channels ignore the database number: name it in the channel so deployments (or test runs) on other
    // databases of one Redis do not hear each other.
    const channel = options.channel ?? `${redis.options.keyPrefix ?? ''}${DEFAULT_CHANNEL}:${redis.options.db ?? 0}`;
    // A connection in subscriber mode can run no other command: a second one, with the same settings.
    const subscriber = redis.duplicate();
    let everReady = false;
    subscriber.on('error', onError);
    subscriber.on('message', (received: string, message: string) => {
      if (received === channel) deliver(message);
    });
    // Subscribe once the connection is ready (and again after each reconnect): with the offline queue off, a
    // SUBSCRIBE sent before then fails and ioredis would never resubscribe (seen across real processes).
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).catch(onError);
      if (everReady) reconnected();
      everReady = true;
    });
    return {
      kind: 'redis',
      ...common,
      get connected() {
        return subscriber.status === 'ready' && redis.status === 'ready';
      },
      publish(topic, data) {
        redis.publish(channel, encode(topic, data)).catch(onError);
      },
      async close() {
        handlers.clear();
        subscriber.disconnect();
      },
    };
  }

  if (options.postgresUrl && options.notify) {
    const channel = options.channel ?? DEFAULT_CHANNEL;
    const notify = options.notify;
    let client: pg.Client | null = null;
    let listening = false;
    let closed = false;
    let everListened = false;
    let retryMs = 200;
    let retryTimer: NodeJS.Timeout | null = null;

    const scheduleReconnect = () => {
      if (closed || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 5000);
    };
    const connect = async () => {
      const next = new pg.Client({ connectionString: options.postgresUrl, connectionTimeoutMillis: 2000, keepAlive: true });
      const lost = (error?: unknown) => {
        if (error) onError(error);
        if (client !== next) return;
        client = null;
        listening = false;
        next.removeAllListeners('notification');
        void next.end().catch(() => {});
        scheduleReconnect();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload) deliver(message.payload);
      });
      client = next;
      try {
        await next.connect();
        // An identifier, not a value: quoted, and only ever our own channel name.
        await next.query(`listen "${channel.replace(/"/g, '""')}"`);
        if (closed) {
          await next.end();
          return;
        }
        listening = true;
        retryMs = 200;
        if (everListened) reconnected();
        everListened = true;
      } catch (error) {
        lost(error);
      }
    };
    void connect();
    return {
      kind: 'postgres',
      ...common,
      get connected() {
        return listening;
      },
      publish(topic, data) {
        const payload = encode(topic, data);
        if (Buffer.byteLength(payload) > MAX_PAYLOAD) return onError(new Error('bus message too large'));
        notify(channel, payload).catch(onError);
      },
      async close() {
        closed = true;
        handlers.clear();
        if (retryTimer) clearTimeout(retryTimer);
        const current = client;
        client = null;
        listening = false;
        await current?.end().catch(() => {});
      },
    };
  }

  return {
    kind: 'local',
    ...common,
    connected: true,
    publish() {},
    async close() {
      handlers.clear();
    },
  };
}
