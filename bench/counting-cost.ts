/**
 * What the cookieless analytics costs a cached page (issue 40's budget: counting costs ≤ 5 % of cached-page
 * throughput). The same cached `GET /` of the same app, as a browser asks, in alternating slices (bench/lib.ts
 * `measurePair`):
 *
 *   not counted  each request from a new address (X-Forwarded-For; the app trusts its proxy) with a crawler's
 *                User-Agent: the counter's first check turns it away (isbot), so nothing is hashed or buffered
 *   counted      the same with a browser's User-Agent: each request is a new visitor, hashed, classified and
 *                buffered, and the buffer written in batches — the whole of counting
 *
 * A new address each request keeps every request under the counter's 30-a-minute flood limit per network, as many
 * visitors are. The row passes at ≥ 0.95 of the uncounted throughput, and when the counted requests were all counted.
 * It runs on an app server of its own, started with TRUST_PROXY (as docs/deploy.md runs it), so the other rows keep
 * measuring the app as it starts by default.
 */
import type autocannon from 'autocannon';
import { startNodeFlags } from '../tests/fixtures/app-process.ts';
import { measurePair, type Row, SECONDS, startChild, WARMUP_SECONDS, withPgClient } from './lib.ts';
import { PAGES_SETTINGS } from './pages.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const MINIMUM_RATIO = 0.95;

let visitor = 0;
/** A new address in 10.0.0.0/8 for each request. */
function asNewVisitor(userAgent: string) {
  return (request: autocannon.Request): autocannon.Request => {
    visitor += 1;
    const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    return { ...request, headers: { ...request.headers, 'user-agent': userAgent, 'x-forwarded-for': address } };
  };
}

/**
 * The counted `/` against the same page not counted; the app must run with TRUST_PROXY (bench/app-server.ts).
 * `storedEvents` reads how many analytics events the database holds: the row also checks that the counted requests
 * were counted (every one, warm-up included, once the buffer is written).
 */
async function measureCountingCost(
  appUrl: string,
  settings: typeof PAGES_SETTINGS,
  storedEvents: () => Promise<number>,
): Promise<Row> {
  const options = (userAgent: string): autocannon.Options => ({
    url: `${appUrl}/`,
    connections: settings.connections,
    headers: { 'accept-encoding': settings.browserEncoding },
    requests: [{ setupRequest: asNewVisitor(userAgent) }],
  });
  const before = await storedEvents();
  const [notCounted, counted] = await measurePair('GET / counted', options(CRAWLER), options(BROWSER));
  // The buffer is written at least every second.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const written = (await storedEvents()) - before;
  // Requests are counted by the second's average, so allow a tenth for the slices' edges.
  const countedRequests = counted.requestsPerSecond * (SECONDS + WARMUP_SECONDS);
  const ratio = counted.requestsPerSecond / notCounted.requestsPerSecond;
  const clean = counted.errors === 0 && counted.non2xx === 0 && notCounted.non2xx === 0 && written >= countedRequests * 0.9;
  return {
    scenario: `GET / cached, each request a new visitor, counted (${written.toLocaleString('en-US')} events for ~${Math.round(countedRequests).toLocaleString('en-US')} requests)`,
    requestsPerSecond: counted.requestsPerSecond,
    p50Ms: counted.p50,
    p99Ms: counted.p99,
    anchor: `same page not counted (a crawler): ${Math.round(notCounted.requestsPerSecond)}/s`,
    ratio,
    budget: `≥ ${MINIMUM_RATIO}`,
    pass: ratio >= MINIMUM_RATIO && clean,
  };
}

/** Starts an app server on `databaseUrl` behind a trusted proxy, measures the row, and stops it. */
export async function measureCountingCostOnItsOwnApp(databaseUrl: string): Promise<Row> {
  const app = await startChild('dist/bench/app-server.js', { DATABASE_URL: databaseUrl, PAGES: '1', TRUST_PROXY: 'true' }, startNodeFlags());
  try {
    const storedEvents = () =>
      withPgClient(databaseUrl, async (client) => Number((await client.query<{ n: string }>('select count(*) as n from analytics_events')).rows[0]!.n));
    return await measureCountingCost(`http://127.0.0.1:${app.port}`, PAGES_SETTINGS, storedEvents);
  } finally {
    app.child.kill('SIGTERM');
  }
}
