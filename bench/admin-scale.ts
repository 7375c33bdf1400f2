/**
 * Admin at scale (issue 13): the back-office reads an operator uses, on PostgreSQL with 1,000,000 jots and 100,000
 * leads. `seedAtScale` fills a database with SQL `generate_series` (seconds, not minutes); `measureAdminAtScale`
 * times each admin request sequentially (one at a time, so the figure is the request's own latency, not queueing)
 * and returns one `Row` per request with budget 'p95 < 50 ms' (the leads CSV export: '< 3 s').
 *
 * Spread of the seeded jots: 500 client ids, 20 app versions, 2 plugins, 5 countries (and a few rows with a rare
 * value of each, for the "rare" searches), text made of common words plus a per-row hex word, created over the
 * last 365 days. Leads: 100,000 over 2 years, 6 sources, a few with a rare name.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { PAYLOAD_SEARCH_OFFSET_MAX } from '../src/shared/schemas/jots.ts';
import { percentile, processMemory, roundTenth, type Row, withPgClient } from './lib.ts';

export const SCALE_JOTS = Number(process.env.BENCH_SCALE_JOTS ?? 1_000_000);
export const SCALE_LEADS = Number(process.env.BENCH_SCALE_LEADS ?? 100_000);
const SCALE_LABEL = `admin@${SCALE_JOTS >= 1_000_000 ? `${SCALE_JOTS / 1_000_000}M` : `${SCALE_JOTS / 1000}k`}`;
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 20);
const WARMUP = 2;
export const BUDGET_MS = 50;
export const EXPORT_BUDGET_MS = 3000;

// Rare values: a handful of rows each, so a search for them must find them through an index, not a scan.
export const RARE = {
  appVersion: '9.9.9-rare',
  plugin: 'RarePlugin',
  clientId: 'client-rare',
  country: 'IS',
  word: 'zanzibarquokka',
  leadName: 'Quetzalcoatl',
} as const;

const WORDS = [
  'meeting',
  'grocery',
  'idea',
  'reminder',
  'call',
  'invoice',
  'draft',
  'review',
  'todo',
  'bug',
  'release',
  'lunch',
  'budget',
  'travel',
  'book',
  'article',
  'follow',
  'up',
  'client',
  'design',
  'deploy',
  'fix',
  'email',
  'plan',
  'report',
  'sprint',
  'notes',
  'weekend',
  'birthday',
  'gift',
  'recipe',
  'password',
  'server',
  'backup',
  'music',
  'movie',
  'garden',
  'doctor',
  'flight',
  'hotel',
];

/** Fills the (migrated, empty) database at `databaseUrl` with jots and leads at scale, then VACUUM ANALYZE. */
export async function seedAtScale(databaseUrl: string): Promise<void> {
  await withPgClient(databaseUrl, async (client) => {
    const words = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;
    const pick = (salt: number) => `(${words})[1 + ((g * ${salt} + ${salt * 7}) % ${WORDS.length})]`;
    // created_at: newest is g = N (now), g = 1 a year ago, a little jitter so ties are rare but possible.
    await client.query(`
      insert into jots (protocol_version, build_guid_name, encrypted_payload, client_id, app_name, window_title,
                        jot_text, app_version, plugin, sender_ip, sender_city, sender_state, sender_country,
                        processed_at, created_at)
      select 'v2', 'bench-build',
             encode(decode(md5(g::text) || md5((g * 31)::text) || md5((g * 97)::text) || md5((g * 13)::text), 'hex'), 'base64'),
             case when g % 100003 = 0 then '${RARE.clientId}' else 'client-' || (g % 500) end,
             'JotApp',
             'Window ' || (g % 37),
             initcap(${pick(3)}) || ' ' || ${pick(7)} || ' ' || ${pick(11)} || ' ' || substr(md5(g::text), 1, 8)
               || case when g % 99991 = 0 then ' ${RARE.word}' else '' end,
             case when g % 100019 = 0 then '${RARE.appVersion}' else '1.' || (g % 20) || '.0' end,
             case when g % 100043 = 0 then '${RARE.plugin}' when g % 2 = 0 then 'Outlook' else 'Chrome' end,
             '10.0.' || (g % 250) || '.' || (g % 200),
             (array['Berlin','Paris','Austin','Toronto','Sydney'])[1 + g % 5],
             null,
             case when g % 100057 = 0 then '${RARE.country}' else (array['DE','FR','US','CA','AU'])[1 + g % 5] end,
             now() - ((${SCALE_JOTS} - g) * interval '365 days' / ${SCALE_JOTS}),
             now() - ((${SCALE_JOTS} - g) * interval '365 days' / ${SCALE_JOTS}) + ((g % 3) * interval '1 microsecond')
      from generate_series(1, ${SCALE_JOTS}) as g`);
    await client.query(`
      insert into leads (email, first_name, last_name, source, subscribed_at, convertkit_subscriber_id, utm_source, referrer)
      select 'lead' || g || '@' || (array['example.com','mail.test','corp.example','inbox.test'])[1 + g % 4],
             case when g % 25013 = 0 then '${RARE.leadName}' else (array['Ada','Grace','Linus','Alan','Barbara','Ken','Margaret','Dennis'])[1 + g % 8] end,
             (array['Lovelace','Hopper','Torvalds','Turing','Liskov','Thompson','Hamilton','Ritchie'])[1 + (g * 7) % 8],
             (array['homepage','blog','help','pricing','campaign-spring','affiliate'])[1 + g % 6],
             now() - ((${SCALE_LEADS} - g) * interval '730 days' / ${SCALE_LEADS}),
             case when g % 3 = 0 then null else g end,
             case when g % 5 = 0 then 'newsletter' else null end,
             case when g % 7 = 0 then 'https://news.example/' else null end
      from generate_series(1, ${SCALE_LEADS}) as g`);
    await client.query('vacuum analyze jots');
    await client.query('vacuum analyze leads');
  });
}

/**
 * An admin user in the database at `databaseUrl` and a bearer token for it, signed with the app's JWT_SECRET
 * (bench/app-server.ts uses BENCH_JWT_SECRET from bench/secret.ts).
 */
export async function createBenchAdminToken(databaseUrl: string, jwtSecret: string): Promise<string> {
  return withPgClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; token_version: number }>(
      // \`is_admin\` is derived from the role by the database (decision 0050).
      `insert into users (username, email, password_hash, role, is_approved, email_confirmed_at)
       values ($1, $2, 'not-a-hash', 'admin', true, now())
       on conflict (lower(email)) do update set role = 'admin' returning id, token_version`,
      ['bench-admin', 'bench-admin@example.com'],
    );
    // The token names a session row (decision 0051), as one from sign-in does.
    const sessionId = randomBytes(16).toString('base64url');
    await client.query(`insert into sessions (id, user_id, token_version, device) values ($1, $2, $3, 'bench')`, [
      sessionId,
      rows[0]!.id,
      rows[0]!.token_version,
    ]);
    return await new SignJWT({ ver: rows[0]!.token_version, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(rows[0]!.id))
      .setIssuer('jotit')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(jwtSecret));
  });
}

/** Resident memory of a process in whole MB (Linux), or null. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    return Math.round(processMemory(pid).rssMb);
  } catch {
    return null;
  }
}

interface Probe {
  name: string;
  method?: 'GET' | 'POST';
  path: string | (() => Promise<string> | string);
  body?: unknown;
  /** The status the probe must get when it is not a 2xx (a refusal is timed too). */
  status?: number;
}

export interface AdminScaleOptions {
  /** The app's process id, to sample its RSS during the CSV export. */
  pid?: number;
}

/**
 * Times every admin read at scale (`appUrl` with a seeded database, `adminToken` an admin's bearer token).
 * Sequential, SAMPLES (20) timed requests after 2 warm-ups each.
 */
export async function measureAdminAtScale(
  appUrl: string,
  adminToken: string,
  options: AdminScaleOptions = {},
): Promise<Row[]> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const request = async (method: string, path: string, body?: unknown, status?: number) => {
    const response = await fetch(`${appUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (status !== undefined ? response.status !== status : !response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const json = async <T>(method: string, path: string, body?: unknown) =>
    JSON.parse(await request(method, path, body)) as T;

  // Cursors for the keyset probes, from real responses (undefined when the API has no cursors).
  type Page = { jots: Array<{ id: number }>; total: number; nextCursor?: string | null };
  const first = await json<Page>('GET', '/api/jots?limit=50');
  const middleOffset = Math.floor(SCALE_JOTS / 2);
  const middle = await json<Page>('GET', `/api/jots?limit=50&offset=${middleOffset}`);
  const middleCursor = (middle as { prevCursor?: string | null }).prevCursor ?? null;
  const hasCursors = first.nextCursor !== undefined;
  const searchPage = (field: string, value: string) => ({ field, value, limit: 50 });
  const searchCursor = hasCursors
    ? (await json<Page>('POST', '/api/jots-search', searchPage('payload', 'meeting'))).nextCursor
    : null;

  const probes: Probe[] = [
    { name: 'GET /api/jots first page', path: '/api/jots?limit=50&offset=0' },
    // What the admin UI no longer does on Next/Previous (it follows the cursors): only a typed URL or an API client.
    { name: 'GET /api/jots middle page (offset; not the UI Next/Prev)', path: `/api/jots?limit=50&offset=${middleOffset}` },
    { name: 'GET /api/jots last page (offset)', path: `/api/jots?limit=50&offset=${Math.max(0, first.total - 50)}` },
    ...(hasCursors
      ? [
          {
            name: 'GET /api/jots next page (cursor)',
            path: `/api/jots?limit=50&after=${encodeURIComponent(first.nextCursor ?? '')}`,
          },
          {
            name: 'GET /api/jots middle page (cursor)',
            path: `/api/jots?limit=50&after=${encodeURIComponent(middleCursor ?? '')}`,
          },
          { name: 'GET /api/jots last page (cursor)', path: '/api/jots?limit=50&last=true' },
        ]
      : []),
    ...(
      [
        ['AppVersion', '1.7.0', RARE.appVersion],
        ['Plugin', 'outlook', RARE.plugin],
        ['ClientId', 'CLIENT-42', RARE.clientId],
        ['SenderCountry', 'de', RARE.country],
        ['payload', 'meeting', RARE.word],
      ] as const
    ).flatMap(([field, common, rare]) => [
      {
        name: `POST /api/jots-search ${field} common`,
        method: 'POST' as const,
        path: '/api/jots-search',
        body: searchPage(field, common),
      },
      {
        name: `POST /api/jots-search ${field} rare`,
        method: 'POST' as const,
        path: '/api/jots-search',
        body: searchPage(field, rare),
      },
    ]),
    {
      // Refused with 400 since decision 0013's addendum (no trigram under 3 characters): times the refusal.
      name: 'POST /api/jots-search payload 2 chars (refused, 400)',
      method: 'POST',
      path: '/api/jots-search',
      body: searchPage('payload', 'zq'),
      status: 400,
    },
    {
      // The deepest offset a payload search serves (its counted matches); past it the cursor row below pages on.
      name: `POST /api/jots-search payload deepest offset (${PAYLOAD_SEARCH_OFFSET_MAX - 49}; API only)`,
      method: 'POST',
      path: '/api/jots-search',
      body: { ...searchPage('payload', 'meeting'), offset: PAYLOAD_SEARCH_OFFSET_MAX - 49 },
    },
    {
      name: 'POST /api/jots-search payload offset past the counted matches (refused, 400)',
      method: 'POST',
      path: '/api/jots-search',
      body: { ...searchPage('payload', 'meeting'), offset: 5000 },
      status: 400,
    },
    ...(hasCursors
      ? [
          {
            name: 'POST /api/jots-search payload next page (cursor)',
            method: 'POST' as const,
            path: '/api/jots-search',
            body: { ...searchPage('payload', 'meeting'), after: searchCursor },
          },
          {
            name: 'POST /api/jots-search Plugin last page (cursor)',
            method: 'POST' as const,
            path: '/api/jots-search',
            body: { ...searchPage('Plugin', 'outlook'), last: true },
          },
        ]
      : []),
    { name: 'GET /api/leads first page', path: '/api/leads?limit=50' },
    { name: 'GET /api/leads last page', path: `/api/leads?limit=50&offset=${SCALE_LEADS - 50}` },
    { name: 'GET /api/leads q common', path: '/api/leads?limit=50&q=grace' },
    { name: 'GET /api/leads q rare', path: `/api/leads?limit=50&q=${RARE.leadName.toLowerCase()}` },
    { name: 'GET /api/leads source filter', path: '/api/leads?limit=50&source=blog' },
    {
      name: 'GET /api/leads synced=false + dates',
      path: '/api/leads?limit=50&synced=false&from=2026-01-01&to=2026-06-30',
    },
    { name: 'GET /api/leads/sources', path: '/api/leads/sources' },
    { name: 'GET /api/admin/stats', path: '/api/admin/stats' },
  ];

  // One pass over every request first: the first probe should not pay for a cold cache the others do not.
  for (const probe of probes) {
    await request(probe.method ?? 'GET', typeof probe.path === 'string' ? probe.path : await probe.path(), probe.body, probe.status);
  }
  const rows: Row[] = [];
  for (const probe of probes) {
    const method = probe.method ?? 'GET';
    const path = typeof probe.path === 'string' ? probe.path : await probe.path();
    for (let index = 0; index < WARMUP; index += 1) await request(method, path, probe.body, probe.status);
    const times: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const started = performance.now();
      await request(method, path, probe.body, probe.status);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95)!;
    rows.push({
      scenario: `${SCALE_LABEL} ${probe.name} (p95 ${roundTenth(p95)} ms)`,
      requestsPerSecond: 1000 / (times.reduce((sum, time) => sum + time, 0) / times.length),
      p50Ms: roundTenth(percentile(times, 0.5)!),
      p99Ms: roundTenth(percentile(times, 0.99)!),
      anchor: null,
      ratio: null,
      budget: `p95 < ${BUDGET_MS} ms`,
      pass: p95 < BUDGET_MS,
    });
    process.stdout.write(`  ${probe.name}: p50 ${roundTenth(percentile(times, 0.5)!)} ms, p95 ${roundTenth(p95)} ms\n`);
  }

  // The leads CSV export: every lead, timed to the last byte, with the app's RSS sampled meanwhile.
  const rssBefore = rssMb(options.pid);
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(options.pid) ?? 0);
  }, 50);
  const started = performance.now();
  const csv = await request('GET', '/api/leads/export.csv');
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  const lines = csv.split('\n').filter(Boolean).length - 1;
  const memory = rssBefore === null ? '' : `, RSS ${rssBefore} -> peak ${rssPeak} MB`;
  process.stdout.write(`  leads CSV export: ${lines} rows in ${Math.round(exportMs)} ms${memory}\n`);
  rows.push({
    scenario: `${SCALE_LABEL} leads CSV export ${lines.toLocaleString('en-US')} rows${memory}`,
    requestsPerSecond: 1000 / exportMs,
    p50Ms: Math.round(exportMs),
    p99Ms: Math.round(exportMs),
    anchor: null,
    ratio: null,
    budget: `< ${EXPORT_BUDGET_MS / 1000} s, flat RSS`,
    // "Flat": the export may not grow the process by more than a few tens of MB whatever the number of rows.
    pass: exportMs < EXPORT_BUDGET_MS && lines === SCALE_LEADS && (rssBefore === null || rssPeak - rssBefore < 64),
  });
  return rows;
}
