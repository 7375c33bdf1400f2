/**
 * Site analytics (issue 40) as `npm start` serves it (SSR from build/, the page cache on): what a page view counts,
 * what it never counts, the daily salt, what is stored (no IP, no User-Agent), the beacon's bad input, the buffer's
 * failure path, the owner/admin reads and the funnel from a visit to a download.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../../tests/fixtures/event-stream.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestStaff, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { SqlRunner } from '../../db/client.ts';
import { analyticsDaily, analyticsDownloadsDaily, analyticsEvents, analyticsSalts, leads } from '../../db/schema.ts';
import { maintainAnalytics } from '../../jobs/analytics-maintenance.ts';
import { EventBuffer } from './event-buffer.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const OFFICE = '10.40.0.99';
const DAY = '2026-11-20';

describe(`site analytics on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let clock = Date.parse(`${DAY}T10:00:00Z`);

  beforeAll(async () => {
    testApp = await createTestApp(
      // A short heartbeat: the live stream's reader is asked again at each one.
      { RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn', ANALYTICS_EXCLUDED_IPS: OFFICE, DOWNLOAD_URL: 'https://downloads.example/JotIt-Setup.exe', SSE_HEARTBEAT_MS: '200' },
      { ssr: true },
    );
    app = testApp.app;
    app.services.now = () => new Date(clock);
    admin = await createTestAdmin(app);
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    clock = Date.parse(`${DAY}T10:00:00Z`);
    await app.analyticsBuffer.flush();
    await testApp.database.db.delete(analyticsEvents);
    await testApp.database.db.delete(leads);
    for (const table of [analyticsDaily, analyticsDownloadsDaily]) await testApp.database.db.delete(table);
  });

  const page = (url: string, remoteAddress: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, remoteAddress, headers: { 'user-agent': BROWSER, ...headers } });
  const events = () => testApp.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
  /** Counting happens after the answer is sent and is written in batches: waits for `count` events to be stored. */
  const storedEvents = async (count: number) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      await app.analyticsBuffer.flush();
      const stored = await events();
      if (stored.length >= count) return stored;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return events();
  };
  const sentinel = async (path: string) => {
    await page(path, '10.40.9.9');
    const stored = await storedEvents(1);
    return stored.filter((event) => event.path !== path);
  };
  const get = (url: string) => app.inject({ method: 'GET', url, headers: admin.headers });

  it('a cached / served to 3 visitors counts 3 visitors and 3 views; a bot, a prefetch, an admin, HEAD, Sec-GPC and the office count none', async () => {
    // The office's request renders the page and stores it (not counted: ANALYTICS_EXCLUDED_IPS).
    expect((await page('/', OFFICE)).statusCode).toBe(200);
    for (const address of ['10.40.0.1', '10.40.0.2', '2001:db8:40::1']) {
      const response = await page('/', address);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-page-cache']).toBe('hit');
    }
    const counted = await storedEvents(3);
    expect(counted).toHaveLength(3);
    expect(new Set(counted.map((event) => event.visitorHash)).size).toBe(3);
    expect(counted.every((event) => event.kind === 'view' && event.path === '/' && event.device === 'desktop' && event.browser === 'Chrome')).toBe(true);
    const summary = (await get(`/api/admin/analytics/summary?from=${DAY}&to=${DAY}`)).json<{ current: { visitors: number; views: number } }>();
    expect(summary.current).toMatchObject({ visitors: 3, views: 3 });

    await testApp.database.db.delete(analyticsEvents);
    await page('/', '10.40.1.1', { 'user-agent': BOT });
    await page('/', '10.40.1.2', { 'sec-purpose': 'prefetch' });
    await page('/', '10.40.1.3', { purpose: 'prefetch' });
    await page('/', '10.40.1.4', { 'sec-gpc': '1' });
    await page('/', '10.40.1.5', {}, 'HEAD');
    await page('/', '10.40.1.6', admin.headers);
    await page('/', OFFICE);
    await page('/about', '10.40.1.7', { 'user-agent': '' });
    const editor = await createTestStaff(app, 'editor');
    await page('/', '10.40.1.8', editor.headers);
    // The staff check is asynchronous: give it time to (not) count before the sentinel.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sentinel('/sentinel-after-uncounted')).toEqual([]);
  });

  it('counts a 404 as a path not found, a referrer by its domain (never the site itself), UTM values, device and browser; a flood counts 30 a minute', async () => {
    await page('/no-such-page?x=1', '10.41.0.1');
    await page('/blog?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring', '10.41.0.2', { referer: 'https://www.news.example/issue/3?id=9', 'user-agent': PHONE });
    await page('/about', '10.41.0.3', { referer: 'http://jotit.test/blog' });
    const stored = await storedEvents(3);
    expect(stored.map(({ kind, path, referrerDomain, utmSource, utmMedium, utmCampaign, device, browser }) => ({ kind, path, referrerDomain, utmSource, utmMedium, utmCampaign, device, browser }))).toEqual([
      { kind: 'not_found', path: '/no-such-page', referrerDomain: null, utmSource: null, utmMedium: null, utmCampaign: null, device: 'desktop', browser: 'Chrome' },
      { kind: 'view', path: '/blog', referrerDomain: 'news.example', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring', device: 'mobile', browser: 'Safari' },
      { kind: 'view', path: '/about', referrerDomain: null, utmSource: null, utmMedium: null, utmCampaign: null, device: 'desktop', browser: 'Chrome' },
    ]);
    const notFound = (await get(`/api/admin/analytics/lists/not-found?from=${DAY}&to=${DAY}`)).json<{ rows: unknown[] }>();
    expect(notFound.rows).toEqual([{ value: '/no-such-page', visitors: 1, views: 1 }]);

    await testApp.database.db.delete(analyticsEvents);
    for (let n = 0; n < 40; n++) await page('/about', '10.41.1.1');
    expect(await storedEvents(30)).toHaveLength(30);
  });

  it('the next UTC day the same visitor is a new one: the salt is replaced, the old one deleted, nothing stored links the two', async () => {
    await page('/about', '10.42.0.1');
    const [first] = await storedEvents(1);
    const [firstSalt] = await testApp.database.db.select().from(analyticsSalts);
    clock = Date.parse('2026-11-21T00:00:05Z');
    await page('/about', '10.42.0.1');
    const [, second] = await storedEvents(2);
    expect(second!.visitorHash).not.toBe(first!.visitorHash);
    const salts = await testApp.database.db.select().from(analyticsSalts);
    expect(salts).toEqual([{ day: '2026-11-21', salt: expect.any(String) }]);
    expect(salts[0]!.salt).not.toBe(firstSalt!.salt);
    // Yesterday's salt is gone: its hash cannot be recomputed to find today's visitor in yesterday's events.
    const summary = (await get('/api/admin/analytics/summary?from=2026-11-20&to=2026-11-21')).json<{ current: { visitors: number; visits: number } }>();
    expect(summary.current).toMatchObject({ visitors: 2, visits: 2 });
  });

  it('no column of the analytics tables holds an IP address or a User-Agent after traffic (raw events and roll-ups)', async () => {
    const addresses = ['10.43.0.1', '2001:db8:43::7'];
    for (const address of addresses) {
      await page('/about?utm_source=scan', address, { referer: 'https://scan.example/' });
      await page('/blog', address, { 'user-agent': PHONE });
      await app.inject({ method: 'POST', url: '/api/analytics/event', remoteAddress: address, headers: { 'user-agent': PHONE }, payload: { path: '/help' } });
      await app.inject({ method: 'GET', url: '/download?utm_source=scan', remoteAddress: address, headers: { 'user-agent': BROWSER } });
    }
    await storedEvents(8);
    await maintainAnalytics(testApp.database.db, new Date(clock + 3_600_000));
    expect((await testApp.database.db.select().from(analyticsDaily)).length).toBeGreaterThan(0);
    for (const table of ['analytics_events', 'analytics_daily', 'analytics_downloads_daily', 'analytics_salts']) {
      const result = await testApp.database.db.execute(sql.raw(`select row_to_json(t)::text as row from ${table} t`));
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ row: string }>;
      expect(rows.length, table).toBeGreaterThan(0);
      for (const { row } of rows) {
        for (const needle of [...addresses, '2001:db8:43', BROWSER, PHONE, 'Mozilla', 'AppleWebKit', 'iPhone OS']) expect(row, table).not.toContain(needle);
      }
    }
  });

  it('the beacon counts a client navigation of this site only; garbage, other sites and large bodies → 400/413, never a 5xx', async () => {
    const beacon = (payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/event',
        remoteAddress: '10.44.0.1',
        headers: { 'user-agent': BROWSER, 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    expect((await beacon({ path: '/blog/hello?utm_source=beacon' })).statusCode).toBe(204);
    for (const bad of [
      { path: 'https://evil.example/' },
      { path: '//evil.example/x' },
      { path: '/\\evil.example' },
      { path: 'blog' },
      { path: '/a\u0000b' },
      { path: '/x', extra: 1 },
      { path: 5 },
      {},
      '{not json',
      '"/blog"',
    ]) {
      const response = await beacon(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await beacon({ path: `/${'a'.repeat(2100)}` })).statusCode).toBe(413);
    expect((await beacon({ path: '/blog' }, { 'sec-gpc': '1' })).statusCode).toBe(204);
    const stored = await storedEvents(1);
    expect(stored.map(({ path, utmSource }) => ({ path, utmSource }))).toEqual([{ path: '/blog/hello', utmSource: 'beacon' }]);
  });

  it('the funnel of one source: a visit with UTM, then a lead, its confirmation and a download click', async () => {
    const visitor = { remoteAddress: '10.45.0.1', headers: { 'user-agent': BROWSER } };
    await app.inject({ method: 'GET', url: '/?utm_source=podcast&utm_campaign=launch', ...visitor });
    await app.inject({ method: 'GET', url: '/blog', ...visitor });
    await page('/', '10.45.0.2', { referer: 'https://search.example/?q=jotit' });
    // What the lead form stores (features/marketing/api/attribution.ts): the first touch's UTM values.
    await testApp.database.db.insert(leads).values([
      { email: 'ada@example.com', source: 'homepage-hero', utmSource: 'Podcast', utmCampaign: 'launch', subscribedAt: new Date(clock), confirmedAt: new Date(clock + 60_000) },
      { email: 'bob@example.com', source: 'homepage-cta', referrer: 'https://www.search.example/?q=notes', subscribedAt: new Date(clock) },
    ]);
    const download = await app.inject({ method: 'GET', url: '/download', ...visitor });
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toBe('https://downloads.example/JotIt-Setup.exe');
    await storedEvents(4);

    const bySource = (await get(`/api/admin/analytics/funnel?from=${DAY}&to=${DAY}&by=source`)).json<{ rows: unknown[] }>();
    expect(bySource.rows).toEqual([
      { value: 'podcast', visits: 1, leads: 1, confirmed: 1, downloads: 1, leadRate: 1, downloadRate: 1 },
      { value: 'search.example', visits: 1, leads: 1, confirmed: 0, downloads: 0, leadRate: 1, downloadRate: 0 },
    ]);
    const byCampaign = (await get(`/api/admin/analytics/funnel?from=${DAY}&to=${DAY}&by=campaign&source=podcast`)).json<{ rows: unknown[] }>();
    expect(byCampaign.rows).toEqual([{ value: 'launch', visits: 1, leads: 1, confirmed: 1, downloads: 1, leadRate: 1, downloadRate: 1 }]);
    const byEntry = (await get(`/api/admin/analytics/funnel?from=${DAY}&to=${DAY}&by=entry-page`)).json<{ rows: Array<{ value: string; downloads: number }> }>();
    expect(byEntry.rows).toContainEqual(expect.objectContaining({ value: '/', visits: 2, downloads: 1 }));
  });

  it('summary with the previous period, lists with filters, CSV and visitors now', async () => {
    await page('/?utm_source=ads', '10.46.0.1');
    await page('/blog', '10.46.0.1');
    await page('/about', '10.46.0.2', { referer: 'https://forum.example/t/1' });
    clock = Date.parse('2026-11-19T10:00:00Z');
    await page('/about', '10.46.0.3');
    clock = Date.parse(`${DAY}T10:00:30Z`);
    await storedEvents(4);

    const summary = (await get(`/api/admin/analytics/summary?from=${DAY}&to=${DAY}`)).json<{
      current: Record<string, number>;
      previous: Record<string, number>;
      series: unknown[];
    }>();
    expect(summary.current).toEqual({ visitors: 2, views: 3, visits: 2, viewsPerVisit: 1.5, bounceRate: 0.5, visitDurationSeconds: 0 });
    expect(summary.previous).toMatchObject({ visitors: 1, views: 1, visits: 1, bounceRate: 1 });
    expect(summary.series).toEqual([{ date: DAY, visitors: 2, views: 3 }]);

    const sources = (await get(`/api/admin/analytics/lists/sources?from=${DAY}&to=${DAY}`)).json<{ rows: unknown[] }>();
    expect(sources.rows).toEqual([
      { value: 'ads', visitors: 1, views: 2 },
      { value: 'forum.example', visitors: 1, views: 1 },
    ]);
    const entry = (await get(`/api/admin/analytics/lists/entry-pages?from=${DAY}&to=${DAY}&source=ads`)).json<{ rows: unknown[] }>();
    expect(entry.rows).toEqual([{ value: '/', visitors: 1, views: 2 }]);
    const pages = (await get(`/api/admin/analytics/lists/pages?from=${DAY}&to=${DAY}&page=/blog`)).json<{ rows: unknown[] }>();
    expect(pages.rows).toEqual([{ value: '/blog', visitors: 1, views: 1 }]);

    const csv = await get(`/api/admin/analytics/lists/pages?from=${DAY}&to=${DAY}`.replace('pages?', 'pages/csv?'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="JotIt-analytics-pages-${DAY}-${DAY}.csv"`);
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).toBe('Value,Visitors,Views');

    expect((await get('/api/admin/analytics/live')).json()).toEqual({ visitors: 2, minutes: 5 });
    for (const url of ['/api/admin/analytics/summary?from=2026-12-01&to=2026-11-01', '/api/admin/analytics/lists/sources?from=2026-09-01&to=2026-11-20&page=/&country=de', '/api/admin/analytics/funnel?by=source&from=2026-09-01&to=2026-11-20&page=/&source=ads', '/api/admin/analytics/summary?from=2024-01-01&to=2026-01-01', '/api/admin/analytics/lists/nope', '/api/admin/analytics/funnel?by=week']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });

  it('visitors now arrive live over the admin stream after a counted view, fresh again after a reconnect; owner/admin only, also once open', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/analytics/live/stream`;
    /** The stream's `live` events as they come; `next(match)` waits on one (a sentinel, never a timer). */
    const open = async (headers: Record<string, string>) => {
      const stream = await openEventStream<{ visitors: number }>(url, 'live', headers);
      const next = async (match: (visitors: number) => boolean) => (await stream.next((data) => match(data.visitors))).visitors;
      return { response: stream.response, next, close: stream.close };
    };

    const first = await open(admin.headers);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(await first.next(() => true)).toBe(0);
    await page('/about', '10.48.0.1');
    expect(await first.next((visitors) => visitors === 1)).toBe(1);
    first.close();
    const again = await open(admin.headers);
    expect(await again.next(() => true)).toBe(1);
    again.close();

    const editor = await createTestStaff(app, 'editor');
    for (const [headers, status] of [[{}, 401], [editor.headers, 403]] as const) {
      const refused = await open(headers);
      expect(refused.response.statusCode).toBe(status);
      refused.close();
    }

    // Signed out while watching: the stream ends at the next heartbeat, not when the tab closes.
    const leaving = await createTestAdmin(app);
    const watched = await openEventStream<{ visitors: number }>(url, 'live', leaving.headers);
    expect(watched.response.statusCode).toBe(200);
    const signOut = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${leaving.sessionId}`, headers: leaving.headers });
    expect(signOut.statusCode, signOut.body).toBe(204);
    await watched.ended;
  });

  it('a write that fails keeps the events (logged once a minute, counted in /metrics) and writes them on recovery; past the bound the oldest are dropped and counted', async () => {
    const db = testApp.database.db;
    let failures = 0;
    let dropped = 0;
    const errors: unknown[] = [];
    const log = { ...app.log, error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyInstance['log'];
    const buffer = new EventBuffer({ sql: testApp.database.sql, log, onWriteFailed: () => (failures += 1), onDropped: (count) => (dropped += count), max: 3 });
    const event = (path: string) => ({ at: new Date(clock), kind: 'view', visitorHash: `hash-${path}`, path, device: 'desktop', browser: 'Chrome' });
    await db.execute(sql`alter table analytics_events rename to analytics_events_away`);
    try {
      buffer.push(event('/1'));
      buffer.push(event('/2'));
      await buffer.flush();
      await buffer.flush();
      expect(failures).toBe(2);
      expect(errors).toHaveLength(1);
      expect(buffer.size).toBe(2);
      buffer.push(event('/3'));
      buffer.push(event('/4'));
      expect(dropped).toBe(1);
    } finally {
      await db.execute(sql`alter table analytics_events_away rename to analytics_events`);
    }
    await buffer.flush();
    expect((await events()).map((stored) => stored.path)).toEqual(['/2', '/3', '/4']);
    const metrics = await app.metrics.render();
    expect(metrics).toContain('jotit_analytics_write_failures_total');
    expect(metrics).toContain('jotit_analytics_events_dropped_total');
  });

  it('events arriving while a batch is written wait for a full batch or the flush: a busy second is a few inserts, not one per write ended', async () => {
    // The buffer's own database, with every statement it sends counted (no timer: only pushes and the flush write).
    let inserts = 0;
    const counted: SqlRunner = {
      query: <Row,>(text: string, values?: unknown[]) => ((inserts += 1), testApp.database.sql.query<Row>(text, values)),
    };
    const buffer = new EventBuffer({ sql: counted, log: app.log, onWriteFailed: () => {}, onDropped: () => {} });
    const push = (n: number) =>
      buffer.push({ at: new Date(clock), kind: 'view', visitorHash: `burst-${n}`, path: '/burst', device: 'desktop', browser: 'Chrome' });
    const burst = async () => (await events()).filter((stored) => stored.path === '/burst').length;
    // The 500th event starts a write; 30 more arrive while it runs. The old writer then wrote those 30 at once (a
    // second insert), and the 470 after them at the flush (a third).
    for (let n = 0; n < 530; n += 1) push(n);
    await expect.poll(burst).toBe(500);
    for (let n = 530; n < 1000; n += 1) push(n);
    await buffer.flush();
    expect(inserts).toBe(2);
    expect(await burst()).toBe(1000);
  });

  it('raw events older than 30 days are pruned by the maintenance job; the roll-ups stay', async () => {
    await page('/about', '10.47.0.1');
    await storedEvents(1);
    const later = new Date(clock + 31 * 86_400_000);
    await maintainAnalytics(testApp.database.db, new Date(clock + 3_600_000));
    const rolled = await testApp.database.db.select().from(analyticsDaily);
    expect(rolled).toContainEqual(expect.objectContaining({ dim: 'page', value: '/about', source: '', country: '', visits: 1, views: 1 }));
    const done = await maintainAnalytics(testApp.database.db, later);
    expect(done.pruned).toBeGreaterThanOrEqual(1);
    expect(await events()).toEqual([]);
    expect((await testApp.database.db.select().from(analyticsDaily)).length).toBe(rolled.length);
  });
});
