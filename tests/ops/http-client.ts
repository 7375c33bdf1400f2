/**
 * What the operations tests (tests/ops) use to talk to a real server process: one JSON call over HTTP, and the
 * time a raw socket takes to be closed by the server.
 */
import type net from 'node:net';

export interface CallInit {
  method?: string;
  /** A bearer token. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `X-Forwarded-For` (the processes trust the proxy), so each call can come from its own client. */
  ip?: string;
}

/** One request to `url` on `baseUrl` (10 s at most): its status, its text, and the text as JSON (null when it is not). */
export async function call(baseUrl: string, url: string, init: CallInit = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  const response = await fetch(new URL(url, baseUrl), {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json: json as Record<string, unknown>, text };
}

/** Resolves with how long after the call `socket` closed, or Infinity if it is still open after `withinMs`. */
export function closeOf(socket: net.Socket, withinMs: number): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - start);
    });
  });
}
