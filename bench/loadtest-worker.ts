/**
 * One load-generator thread of `npm run loadtest` (bench/loadtest.ts). Roles:
 *
 *   visitors  a shard of the simulated visitors: each loads `/` once at its arrival time, then polls as the home
 *             page does (src/web/features/jot-counter, src/web/features/banners): GET /api/jots?limit=10 at once
 *             (no initial data) and every 5 s, GET /api/jots/count every 5 s and GET /api/banners/active every 30 s
 *             (both seeded by the server's HTML, staleTime 30 s). Like react-query's refetchInterval, a poll whose
 *             previous request is still in flight is skipped (counted as `skipped`). With `cookies`, each visitor
 *             sends a `__cf_bm` and a `_ga` cookie of its own with every request, as browsers behind a CDN do.
 *   apps      the desktop apps: each sends a fresh v2 envelope to POST /api/v2/jots every second, whatever the
 *             previous request is doing (open model).
 *   leads     the lead form: GET /api/captcha/challenge, solve it as the browser widget does, POST /api/leads.
 *
 * Every request goes over a bounded undici Pool of keep-alive connections, as a reverse proxy forwards browser
 * traffic to an instance; each simulated client has its own X-Forwarded-For address (the app runs with
 * TRUST_PROXY), so the per-IP rate limits apply as in production. Latency is measured from the moment the request
 * is handed to the pool (so waiting for a busy connection counts) to the end of the body; how late the generator
 * itself dispatched against its schedule is recorded separately (`lateness`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Challenge } from 'altcha-lib';
import { Pool } from 'undici';
import { encryptV2 } from '../src/shared/jot-crypto.ts';
import { solveChallengePayload } from '../tests/fixtures/captcha.ts';

export type Role = 'visitors' | 'apps' | 'leads';
export type Kind = 'page' | 'count' | 'list' | 'banners' | 'ingest' | 'captcha' | 'lead';

export interface WorkerInput {
  role: Role;
  baseUrl: string;
  /** Epoch ms at which the run starts (shared by every thread). */
  startAt: number;
  seconds: number;
  rampSeconds: number;
  visitors: number;
  shard: number;
  shards: number;
  connections: number;
  apps: number;
  leadsPerMinute: number;
  /** False: visitors arrive with the page already loaded (isolates the polled reads from page rendering). */
  pages: boolean;
  /** True: every visitor sends a CDN's and an analytics cookie of its own with every request (decision 0045). */
  cookies: boolean;
  buildGuid: { name: string; value: string };
  runId: string;
}

export interface KindResult {
  /** Latency of every completed request, ms. */
  latencies: number[];
  /** Dispatch lateness against the schedule, ms (scheduled requests only). */
  lateness: number[];
  statuses: Record<string, number>;
  /** Failures without an HTTP answer (connection errors, timeouts), and a few of their messages. */
  errors: number;
  errorSamples: string[];
  sent: number;
  skipped: number;
  /** Requests dispatched in each second of the run. */
  sentPerSecond: number[];
  bytes: number;
}

export interface WorkerOutput {
  kinds: Partial<Record<Kind, KindResult>>;
  jotIds: number[];
  leadEmails: string[];
}

export const POLL_MS = { count: 5000, list: 5000, banners: 30_000 } as const;
const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 15_000;
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const now = () => performance.timeOrigin + performance.now();

/** A distinct address per simulated client, in a private range per role. */
export function clientIp(prefix: number, index: number): string {
  return `${prefix}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Min-heap of scheduled events by time. */
class EventHeap<T extends { at: number }> {
  private items: T[] = [];
  get size() {
    return this.items.length;
  }
  peek(): T | undefined {
    return this.items[0];
  }
  push(item: T) {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.at <= item.at) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]!.at < items[left]!.at ? right : left;
      if (items[child]!.at >= last.at) break;
      items[index] = items[child]!;
      index = child;
    }
    items[index] = last;
    return top;
  }
}

/** A kind with nothing measured yet; `sentPerSecond` has a slot per second of a `seconds` run (none without). */
export function emptyKind(seconds?: number): KindResult {
  return {
    latencies: [],
    lateness: [],
    statuses: {},
    errors: 0,
    errorSamples: [],
    sent: 0,
    skipped: 0,
    sentPerSecond: seconds === undefined ? [] : Array.from({ length: Math.ceil(seconds) + 1 }, () => 0),
    bytes: 0,
  };
}

export async function runWorker(input: WorkerInput): Promise<WorkerOutput> {
  const endAt = input.startAt + input.seconds * 1000;
  const pool = new Pool(input.baseUrl, {
    connections: input.connections,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 30_000,
  });
  const kinds: Partial<Record<Kind, KindResult>> = {};
  const kindResult = (kind: Kind) => (kinds[kind] ??= emptyKind(input.seconds));
  const jotIds: number[] = [];
  const leadEmails: string[] = [];
  let inFlight = 0;

  /** Sends one request; resolves to its status and body (body only when `keep`), or null on a transport error. */
  async function send(
    kind: Kind,
    options: { path: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
    scheduledAt: number | null,
    keep = false,
  ): Promise<{ status: number; body: string } | null> {
    const result = kindResult(kind);
    const dispatchedAt = now();
    if (scheduledAt !== null) result.lateness.push(dispatchedAt - scheduledAt);
    result.sent += 1;
    const second = Math.floor((dispatchedAt - input.startAt) / 1000);
    if (second >= 0 && second < result.sentPerSecond.length) result.sentPerSecond[second]! += 1;
    inFlight += 1;
    try {
      const response = await pool.request({
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
      });
      let body = '';
      let bytes = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (keep) body += chunk.toString();
      }
      result.latencies.push(now() - dispatchedAt);
      result.bytes += bytes;
      const status = String(response.statusCode);
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      return { status: response.statusCode, body };
    } catch (error) {
      result.errors += 1;
      if (result.errorSamples.length < 5)
        result.errorSamples.push(error instanceof Error ? error.message : String(error));
      return null;
    } finally {
      inFlight -= 1;
    }
  }

  if (input.role === 'visitors') await runVisitors(input, endAt, send, kindResult);
  else if (input.role === 'apps') await runApps(input, endAt, send, jotIds);
  else await runLeads(input, endAt, send, leadEmails);

  // Requests still in flight when the schedule ends finish (or time out) before the figures are sent.
  const drainUntil = now() + DRAIN_TIMEOUT_MS;
  while (inFlight > 0 && now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20));
  await pool.destroy();
  return { kinds, jotIds, leadEmails };
}

type Send = (
  kind: Kind,
  options: { path: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  scheduledAt: number | null,
  keep?: boolean,
) => Promise<{ status: number; body: string } | null>;

/**
 * Runs `fire` for each event at its time, until the end of the run. Events may be added while it runs (a page that
 * loads schedules its polls), so the loop never sleeps more than MAX_SLEEP_MS.
 */
const MAX_SLEEP_MS = 5;
function runSchedule<T extends { at: number }>(
  heap: EventHeap<T>,
  endAt: number,
  fire: (event: T) => void,
): Promise<void> {
  return new Promise((resolve) => {
    const tick = () => {
      const current = now();
      while (heap.size > 0 && heap.peek()!.at <= current) fire(heap.pop()!);
      const next = heap.peek();
      if (!next && now() >= endAt) return resolve();
      const wait = Math.min(MAX_SLEEP_MS, (next?.at ?? endAt) - now());
      if (wait <= 0) setImmediate(tick);
      else setTimeout(tick, Math.max(1, Math.floor(wait)));
    };
    tick();
  });
}

type PollKind = 'count' | 'list' | 'banners';
interface VisitorEvent {
  at: number;
  visitor: number;
  kind: 'page' | PollKind;
}

const PATHS: Record<PollKind, string> = {
  count: '/api/jots/count',
  list: '/api/jots?limit=10',
  banners: '/api/banners/active',
};

async function runVisitors(
  input: WorkerInput,
  endAt: number,
  send: Send,
  kindResult: (kind: Kind) => KindResult,
): Promise<void> {
  const heap = new EventHeap<VisitorEvent>();
  const spacing = (input.rampSeconds * 1000) / input.visitors;
  for (let visitor = input.shard; visitor < input.visitors; visitor += input.shards) {
    const at = input.startAt + visitor * spacing;
    if (at < endAt) heap.push({ at, visitor, kind: 'page' });
  }
  // Polls in flight, per visitor and kind: a poll due while the last one is still out is skipped, as react-query does.
  const busy = new Set<string>();
  // Behind Cloudflare every browser carries its bot-management cookie, and analytics add their own: one per visitor.
  const cookieOf = (visitor: number): Record<string, string> =>
    input.cookies ? { cookie: `__cf_bm=${input.runId}${visitor.toString(36)}-1764400000-1.0.1.1; _ga=GA1.1.${visitor}.1764400000` } : {};
  const apiHeaders = (visitor: number) => ({
    accept: 'application/json',
    'accept-encoding': ACCEPT_ENCODING,
    'user-agent': BROWSER_UA,
    'x-forwarded-for': clientIp(10, visitor),
    ...cookieOf(visitor),
  });
  const poll = (visitor: number, kind: PollKind, scheduledAt: number | null) => {
    const key = `${visitor}:${kind}`;
    if (busy.has(key)) {
      kindResult(kind).skipped += 1;
      return;
    }
    busy.add(key);
    void send(kind, { path: PATHS[kind], headers: apiHeaders(visitor) }, scheduledAt).finally(() => busy.delete(key));
  };
  const schedulePoll = (visitor: number, kind: PollKind, at: number) => {
    if (at < endAt) heap.push({ at, visitor, kind });
  };

  await runSchedule(heap, endAt, (event) => {
    if (event.kind !== 'page') {
      poll(event.visitor, event.kind, event.at);
      schedulePoll(event.visitor, event.kind, event.at + POLL_MS[event.kind]);
      return;
    }
    const visitor = event.visitor;
    const mount = (mountedAt: number) => {
      // The page is in: the widgets mount. The latest-ideas list has no initial data and fetches at once.
      if (mountedAt >= endAt) return;
      poll(visitor, 'list', null);
      schedulePoll(visitor, 'list', mountedAt + POLL_MS.list);
      schedulePoll(visitor, 'count', mountedAt + POLL_MS.count);
      schedulePoll(visitor, 'banners', mountedAt + POLL_MS.banners);
    };
    if (!input.pages) return mount(event.at);
    void send(
      'page',
      {
        path: '/',
        headers: {
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-encoding': ACCEPT_ENCODING,
          'accept-language': 'en-US,en;q=0.9',
          'user-agent': BROWSER_UA,
          'x-forwarded-for': clientIp(10, visitor),
          ...cookieOf(visitor),
        },
      },
      event.at,
    ).then((response) => {
      if (response?.status === 200) mount(now());
    });
  });
}

async function runApps(input: WorkerInput, endAt: number, send: Send, jotIds: number[]): Promise<void> {
  const heap = new EventHeap<{ at: number; app: number; sequence: number }>();
  for (let app = 0; app < input.apps; app += 1) {
    const at = input.startAt + (app * 1000) / input.apps;
    if (at < endAt) heap.push({ at, app, sequence: 0 });
  }
  await runSchedule(heap, endAt, (event) => {
    const body = JSON.stringify({
      payload: encryptV2(
        {
          text: `Load test jot ${event.sequence} from app ${event.app}`,
          appName: 'JotApp',
          clientId: `loadtest-app-${event.app}`,
          appVersion: '1.5.0',
          plugin: 'offline',
        },
        input.buildGuid.name,
        input.buildGuid.value,
      ),
    });
    void send(
      'ingest',
      {
        path: '/api/v2/jots',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'JotIt/1.5.0 (Windows NT 10.0; Win64; x64)',
          'x-forwarded-for': clientIp(172, event.app),
        },
        body,
      },
      event.at,
      true,
    ).then((response) => {
      if (response?.status === 201) jotIds.push((JSON.parse(response.body) as { id: number }).id);
    });
    if (event.at + 1000 < endAt) heap.push({ at: event.at + 1000, app: event.app, sequence: event.sequence + 1 });
  });
}

async function runLeads(input: WorkerInput, endAt: number, send: Send, leadEmails: string[]): Promise<void> {
  const heap = new EventHeap<{ at: number; lead: number }>();
  const spacing = 60_000 / input.leadsPerMinute;
  for (let lead = 0; input.startAt + lead * spacing < endAt; lead += 1)
    heap.push({ at: input.startAt + lead * spacing, lead });
  const pending: Promise<void>[] = [];
  const submit = async (lead: number, scheduledAt: number) => {
    const headers = {
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'user-agent': BROWSER_UA,
      'x-forwarded-for': clientIp(192, lead),
    };
    const challenge = await send('captcha', { path: '/api/captcha/challenge', headers }, scheduledAt, true);
    if (challenge?.status !== 200) return;
    const captcha = await solveChallengePayload(JSON.parse(challenge.body) as Challenge);
    const email = `lead-${input.runId}-${lead}@example.com`;
    const answer = await send(
      'lead',
      {
        path: '/api/leads',
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Load Tester', email, source: 'homepage-hero', captcha }),
      },
      null,
      true,
    );
    if (answer?.status === 200) leadEmails.push(email);
  };
  await runSchedule(heap, endAt, (event) => {
    pending.push(submit(event.lead, event.at));
  });
  await Promise.all(pending);
}

// Started by bench/loadtest.ts: say "ready" once loaded, receive the common start time, run, send the figures.
if (parentPort && workerData) {
  const port = parentPort;
  port.once('message', (message: { startAt: number }) => {
    void runWorker({ ...(workerData as WorkerInput), startAt: message.startAt }).then((output) =>
      port.postMessage(output),
    );
  });
  port.postMessage('ready');
}
