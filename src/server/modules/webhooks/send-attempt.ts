/**
 * One HTTP attempt of a delivery (issue 41 §4): POST to the address that was checked (address-guard.ts), a 10 s
 * limit on the whole exchange, at most 4 KB of the answer read (the rest is thrown away with the connection), no
 * redirect followed (a 3xx is a failed attempt like any other non-2xx). Never throws: the outcome says what happened.
 */
import http from 'node:http';
import https from 'node:https';
import { type CheckedTarget, pinnedLookup } from './address-guard.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_SNIPPET_BYTES = 4096;

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  /** The first bytes of the answer (null: no answer came). */
  snippet: string | null;
  /** Why no answer came: a timeout or a failed connection (null when one came). */
  error: string | null;
  durationMs: number;
}

export function sendAttempt(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        // A fresh connection each time: a pooled one could have been opened to another address.
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'JotIt-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({ ok: status >= 200 && status < 300, status, snippet: Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString('utf8'), error: null });
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_SNIPPET_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_SNIPPET_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => finish({ ok: false, status: null, snippet: null, error: `No answer within ${timeoutMs / 1000} s` }), timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, snippet: null, error: `Connection failed: ${error.message}` }));
    request.end(body);
  });
}
