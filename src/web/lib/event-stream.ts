import { useEffect, useState } from 'react';
import { readAuthToken } from '~/lib/api-client';

/** Wait before opening the stream again after it ended or failed (the server's `retry` is the same). */
const RECONNECT_MS = 5000;

/** Answers that will not change by asking again: signed out, not allowed, or the document is gone. */
const FINAL_STATUSES = new Set([401, 403, 404]);

/**
 * The newest `event` of a Server-Sent Events stream of ours (lib/sse.ts on the server), read with `fetch` and the
 * bearer token, since an EventSource cannot send one. Each event's JSON replaces the last; a stream that ends or
 * fails is opened again after RECONNECT_MS (a 429 after its Retry-After), and its first event is the state of that
 * moment. What was shown is cleared when the stream fails, and for good on a 401, 403 or 404. Nothing is opened
 * while `url` is null.
 */
export function useEventStream<Data>(url: string | null, event: string): Data | undefined {
  const [data, setData] = useState<Data>();
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const pattern = new RegExp(`^event: ${event}\\ndata: (.*)$`, 'm');
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      let waitMs = RECONNECT_MS;
      try {
        const token = readAuthToken();
        const response = await fetch(url, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (FINAL_STATUSES.has(response.status)) {
          setData(undefined);
          return;
        }
        if (response.status === 429) waitMs = Math.max(RECONNECT_MS, Number(response.headers.get('retry-after') ?? 0) * 1000);
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const found = pattern.exec(buffer.slice(0, end));
            if (found) setData(JSON.parse(found[1]!) as Data);
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Ended, refused or offline: what it said may be stale; try again below (an unmount aborts and stops here).
        if (!controller.signal.aborted) setData(undefined);
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void connect(), waitMs);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [url, event]);
  return data;
}
