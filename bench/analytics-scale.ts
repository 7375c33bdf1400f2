/**
 * Site analytics at scale (issue 40 §2, decisions 0068, 0071 and 0082), part of `npm run bench:admin`: 1,000,000 page
 * views a day for 90 days, and each dashboard read timed through HTTP (p95 < 100 ms).
 *
 * What is seeded (SQL `generate_series`, minutes not hours):
 * - raw events for yesterday (a whole UTC day, BENCH_ANALYTICS_VIEWS_PER_DAY = 1,000,000 views) and today up to
 *   now at the same rate;
 * - visits as a site sees them: ~45 % of one view, else 2 + an exponential number (mean ~3 views a visit), views
 *   45–90 s apart; 300 paths (a few much more read), 60 % direct, 25 % from 40 referring domains, 15 % with one of
 *   25 UTM sources (half with one of 10 campaigns), 60 countries, 3 devices, 8 browsers, 1 % not found, downloads
 *   from 1.5 % of visits;
 * - the roll-up job run over them all but the last three minutes (timed: a first run over a day and more), then
 *   the first of those minutes written and rolled up (timed: the job's run of every minute), and the last two
 *   written, not rolled: the most a read finds past the roll-up when the job runs every minute (continued visits
 *   included, so their visitor-days are read whole);
 * - yesterday's roll-up rows copied to the 89 days before it (90 days of roll-ups; the older raw events are not
 *   seeded: no dashboard read touches rolled raw events).
 */
import { openDatabase } from '../src/server/db/client.ts';
import { rollUpAnalytics } from '../src/server/jobs/analytics-maintenance.ts';
import { percentile, roundTenth, type Row, withPgClient } from './lib.ts';

export const ANALYTICS_VIEWS_PER_DAY = Number(process.env.BENCH_ANALYTICS_VIEWS_PER_DAY ?? 1_000_000);
const ANALYTICS_DAYS = 90;
/** Mean views of a visit in the seed below (0.45 × 1 + 0.55 × (2 + 2.6)). */
const VIEWS_PER_VISIT = 2.98;
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 20);
const WARMUP = 2;
export const ANALYTICS_BUDGET_MS = 100;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const LABEL = `analytics@${ANALYTICS_VIEWS_PER_DAY >= 1_000_000 ? `${ANALYTICS_VIEWS_PER_DAY / 1_000_000}M` : `${ANALYTICS_VIEWS_PER_DAY / 1000}k`}/day×${ANALYTICS_DAYS}d`;

const iso = (date: Date) => date.toISOString();

/** Visits starting uniformly in [from, until), as events (views, a few not found, some downloads). */
export const insertVisits = (visits: number, from: Date, until: Date, tag: string) => `
  insert into analytics_events (at, kind, visitor_hash, path, referrer_domain, utm_source, utm_medium, utm_campaign, country, device, browser)
  with visits as (
    select md5('${tag}' || g) as hash,
           '${iso(from)}'::timestamptz + random() * (timestamptz '${iso(until)}' - timestamptz '${iso(from)}') as start_at,
           case when random() < 0.45 then 1 else least(20, 2 + floor(-ln(1 - random()) * 2.6))::int end as n,
           random() as kind_of_source, floor(40 * power(random(), 2))::int as referrer, floor(25 * power(random(), 2))::int as utm,
           case when random() < 0.5 then floor(10 * random())::int end as campaign,
           case when random() < 0.02 then null else floor(60 * power(random(), 2.5))::int end as country,
           random() as device, floor(8 * power(random(), 2))::int as browser, floor(300 * power(random(), 3))::int as entry,
           random() < 0.015 as downloads
    from generate_series(1, ${visits}) as g
  ), events as (
    select visits.*, k, least(start_at + (k - 1) * interval '45 seconds' * (1 + random()), timestamptz '${iso(until)}' - interval '1 millisecond') as at,
           case when k = 1 then entry else floor(300 * power(random(), 2))::int end as page
    from visits cross join lateral generate_series(1, n + downloads::int) as k
  )
  select at,
         case when downloads and k = n + 1 then 'download' when random() < 0.01 then 'not_found' else 'view' end,
         hash,
         case when downloads and k = n + 1 then '/download'
              when page < 6 then (array['/', '/pricing', '/features', '/download-page', '/about', '/help'])[page + 1]
              else '/blog/post-' || page end,
         case when k = 1 and kind_of_source >= 0.6 and kind_of_source < 0.85 then 'site' || referrer || '.example' end,
         case when k = 1 and kind_of_source >= 0.85 then 'source' || utm end,
         case when k = 1 and kind_of_source >= 0.85 then 'cpc' end,
         case when k = 1 and kind_of_source >= 0.85 and campaign is not null then 'campaign' || campaign end,
         case when country is null then null else chr(65 + country % 26) || chr(65 + country / 26) end,
         case when device < 0.55 then 'desktop' when device < 0.95 then 'mobile' else 'tablet' end,
         (array['Chrome', 'Safari', 'Edge', 'Firefox', 'Samsung Internet', 'Opera', 'Chromium', 'Other'])[browser + 1]
  from events`;

/**
 * Seeds the (migrated) database at `databaseUrl` with 90 days of site analytics at ANALYTICS_VIEWS_PER_DAY;
 * returns what it seeded and the roll-up job's time.
 */
export async function seedAnalyticsAtScale(databaseUrl: string, now = new Date()): Promise<string[]> {
  const notes: string[] = [];
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const yesterday = new Date(today.getTime() - DAY_MS);
  const minuteAgo = (minutes: number) => iso(new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - minutes * MINUTE_MS));
  const visitsPerDay = Math.round(ANALYTICS_VIEWS_PER_DAY / VIEWS_PER_VISIT);
  await withPgClient(databaseUrl, async (client) => {
    await client.query('select setseed(0.4)');
    await client.query(insertVisits(visitsPerDay, yesterday, today, 'y'));
    const todays = Math.round((visitsPerDay * (now.getTime() - today.getTime())) / DAY_MS);
    if (todays > 0) await client.query(insertVisits(todays, today, now, 't'));
    // The last three minutes' events wait aside while the rest is rolled up.
    await client.query(`create table bench_analytics_later as select * from analytics_events where at >= '${minuteAgo(3)}'`);
    await client.query(`delete from analytics_events where at >= '${minuteAgo(3)}'`);
    await client.query('vacuum analyze analytics_events');
  });
  const database = await openDatabase({ databaseUrl, pgliteDir: '' });
  const writeLater = (from: string, until: string) =>
    withPgClient(databaseUrl, async (client) => {
      const written = await client.query(`insert into analytics_events select * from bench_analytics_later where at >= '${from}' and at < '${until}'`);
      await client.query('analyze analytics_events');
      return (written.rowCount ?? 0).toLocaleString('en-US');
    });
  try {
    let started = performance.now();
    let done = await rollUpAnalytics(database.db);
    notes.push(`roll-up job, first run (yesterday and today): ${Math.round(performance.now() - started)} ms, ${done.events.toLocaleString('en-US')} events, ${done.rows.toLocaleString('en-US')} rows`);
    const minute = await writeLater(minuteAgo(3), minuteAgo(2));
    started = performance.now();
    done = await rollUpAnalytics(database.db);
    notes.push(`roll-up job, one minute (${minute} events): ${Math.round(performance.now() - started)} ms, ${done.rows.toLocaleString('en-US')} rows changed`);
    notes.push(`raw events past the roll-up (two minutes, not rolled): ${await writeLater(minuteAgo(2), iso(new Date(now.getTime() + DAY_MS)))}`);
  } finally {
    await database.close();
  }
  await withPgClient(databaseUrl, async (client) => {
    const day = iso(yesterday).slice(0, 10);
    const { rows } = await client.query<{ n: string; pages: string; pairs: string }>(
      `select count(*) as n, count(*) filter (where page <> '') as pages, count(*) filter (where source <> '' and country <> '') as pairs
       from analytics_daily where day = $1`,
      [day],
    );
    const [one] = rows;
    notes.push(
      `roll-up rows of one day: ${Number(one!.n).toLocaleString('en-US')} (under a page filter ${Number(one!.pages).toLocaleString('en-US')}, under source and country ${Number(one!.pairs).toLocaleString('en-US')})`,
    );
    await client.query(
      `insert into analytics_daily (kind, dim, page, source, country, day, value, visits, views, bounces, duration_ms)
       select kind, dim, page, source, country, day - back, value, visits, views, bounces, duration_ms
       from analytics_daily cross join generate_series(1, ${ANALYTICS_DAYS - 1}) as back where day = $1`,
      [day],
    );
    await client.query(
      `insert into analytics_downloads_daily (day, source, campaign, entry_path, country, downloads)
       select day - back, source, campaign, entry_path, country, downloads
       from analytics_downloads_daily cross join generate_series(1, ${ANALYTICS_DAYS - 1}) as back where day = $1`,
      [day],
    );
    await client.query('drop table bench_analytics_later');
    await client.query('vacuum analyze analytics_events');
    await client.query('vacuum analyze analytics_daily');
    await client.query('vacuum analyze analytics_downloads_daily');
    const size = await client.query<{ n: string; size: string }>(
      `select count(*) as n, pg_size_pretty(pg_total_relation_size('analytics_daily')) as size from analytics_daily`,
    );
    notes.push(`analytics_daily: ${Number(size.rows[0]!.n).toLocaleString('en-US')} rows, ${size.rows[0]!.size}`);
  });
  return notes;
}

/** Times each dashboard read (sequential, SAMPLES after WARMUP each) through HTTP with an admin's token. */
export async function measureAnalyticsAtScale(appUrl: string, adminToken: string, now = new Date()): Promise<Row[]> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const request = async (path: string) => {
    const response = await fetch(`${appUrl}${path}`, { headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const day = (daysBack: number) => iso(new Date(now.getTime() - daysBack * DAY_MS)).slice(0, 10);
  const ninety = `from=${day(ANALYTICS_DAYS - 1)}&to=${day(0)}`;
  const base = '/api/admin/analytics';
  const probes: Array<[string, string]> = [
    ['summary, last 30 days (and the 30 before)', `${base}/summary`],
    ['summary, 90 days', `${base}/summary?${ninety}`],
    ['summary, source filter', `${base}/summary?source=source1`],
    ['summary, page filter', `${base}/summary?page=/pricing`],
    ...['pages', 'entry-pages', 'referrers', 'sources', 'campaigns', 'countries', 'devices', 'browsers', 'not-found'].map(
      (list): [string, string] => [`list ${list}, last 30 days`, `${base}/lists/${list}`],
    ),
    ['list pages, 90 days', `${base}/lists/pages?${ninety}`],
    // Decision 0082: source with country, and a page with another list, rolled up (the busiest page, '/', too).
    ['summary, source + country filters', `${base}/summary?source=(direct)&country=AA`],
    ['list pages, source + country filters', `${base}/lists/pages?source=(direct)&country=AA`],
    ['list entry-pages, source + country, 90 days', `${base}/lists/entry-pages?source=(direct)&country=AA&${ninety}`],
    ['list entry-pages, page filter', `${base}/lists/entry-pages?page=/pricing`],
    ['list referrers, page filter /', `${base}/lists/referrers?page=/`],
    ['list countries, page filter, 90 days', `${base}/lists/countries?page=/pricing&${ninety}`],
    ['funnel by source, page filter', `${base}/funnel?by=source&page=/pricing`],
    ['funnel by entry page, source + country filters', `${base}/funnel?by=entry-page&source=(direct)&country=AA`],
    // Still read from the raw events: a page with source or country and another list (decision 0082).
    ['list entry-pages, page + country filters', `${base}/lists/entry-pages?page=/pricing&country=AA`],
    ['list pages CSV, 90 days', `${base}/lists/pages/csv?${ninety}`],
    ['funnel by source', `${base}/funnel?by=source`],
    ['funnel by campaign, 90 days', `${base}/funnel?by=campaign&${ninety}`],
    ['funnel by entry page', `${base}/funnel?by=entry-page`],
    ['visitors now', `${base}/live`],
  ];
  for (const [, path] of probes) await request(path);
  const rows: Row[] = [];
  for (const [name, path] of probes) {
    for (let index = 0; index < WARMUP; index += 1) await request(path);
    const times: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const started = performance.now();
      await request(path);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95)!;
    rows.push({
      scenario: `${LABEL} ${name} (p95 ${roundTenth(p95)} ms)`,
      requestsPerSecond: 1000 / (times.reduce((sum, time) => sum + time, 0) / times.length),
      p50Ms: roundTenth(percentile(times, 0.5)!),
      p99Ms: roundTenth(percentile(times, 0.99)!),
      anchor: null,
      ratio: null,
      budget: `p95 < ${ANALYTICS_BUDGET_MS} ms`,
      pass: p95 < ANALYTICS_BUDGET_MS,
    });
    process.stdout.write(`  ${name}: p50 ${roundTenth(percentile(times, 0.5)!)} ms, p95 ${roundTenth(p95)} ms\n`);
  }
  return rows;
}
