import { useEffect, useState } from 'react';
import { readAuthToken } from '~/lib/api-client';

/** Wait before opening the stream again after it ended or failed (the server's `retry` is the same). */
const RECONNECT_MS = 5000;

export interface LiveVisitors {
  visitors: number;
  minutes: number;
}

/**
 * "Visitors now", live: `GET /api/admin/analytics/live/stream` (owner/admin, Server-Sent Events) read with `fetch`,
 * since an EventSource cannot send the bearer token. Each `live` event replaces the figure; a stream that ends or
 * fails is opened again after RECONNECT_MS, and its first event is the figure of that moment.
 */
export function useLiveVisitors(): { data: LiveVisitors | undefined } {
  const [data, setData] = useState<LiveVisitors>();
  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const token = readAuthToken();
        const response = await fetch('/api/admin/analytics/live/stream', {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = /^event: live\ndata: (.*)$/m.exec(buffer.slice(0, end));
            if (data) setData(JSON.parse(data[1]!) as LiveVisitors);
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Ended, refused or offline: try again below (an unmount aborts and stops here).
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, []);
  return { data };
}
