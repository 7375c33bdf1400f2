/**
 * Admin lists and searches at scale (issue 13, decision 0013): keyset cursors, the last page from the other end and
 * offset pages past the middle must give exactly the rows offset paging gives; counts past 10,000 are capped and
 * say so. 10,050 jots are written with one SQL statement (created_at shared by three rows at a time, so the id
 * must break ties).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createClient, type Headers } from '../../../../tests/fixtures/test-kit.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import {
  JOT_COUNT_CAP,
  JOT_TEXT_COUNT_CAP,
  type JotPage,
  type JotSearch,
  PAYLOAD_SEARCH_OFFSET_MAX,
  PAYLOAD_SEARCH_OFFSET_MESSAGE,
} from '../../../shared/schemas/jots.ts';

const ROWS = JOT_COUNT_CAP + 50;
const CLIENT_ROWS = 130;

describe(`admin jot paging and counts on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;
  let client: Headers & { id: string };
  /** Every id, newest first, as the database orders them. */
  let allIds: number[] = [];
  let oddIds: number[] = [];
  let clientIds: number[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
    const created = await createClient(app, admin.headers);
    client = { ...created.headers, id: created.clientId };
    const { sql } = app.services.database;
    await sql.query(
      `insert into jots (protocol_version, encrypted_payload, client_id, jot_text, app_version, plugin, sender_country, created_at)
       select 'v2', 'payload-' || g, case when g % 77 < 1 or g <= $1 then $2 else 'other-client' end, 'row ' || g, 'Bulk',
              case when g % 2 = 1 then 'Odd' else 'Even' end, 'DE', timestamptz '2026-01-01' + (g / 3) * interval '1 second'
       from generate_series(1, $3::int) as g`,
      [CLIENT_ROWS, client.id, ROWS],
    );
    await app.jotFeed.refresh();
    const ids = async (where: string, values: unknown[] = []) =>
      (await sql.query<{ id: string }>(`select id from jots ${where} order by created_at desc, id desc`, values)).rows.map((row) => Number(row.id));
    allIds = await ids('');
    oddIds = await ids(`where plugin = 'Odd'`);
    clientIds = await ids('where client_id = $1', [client.id]);
  });
  afterAll(() => testApp?.close());

  const list = async (query: string, headers: Headers = admin.headers) => {
    const response = await app.inject({ method: 'GET', url: `/api/jots?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JotPage>();
  };
  const search = async (body: JotSearch, headers: Headers = admin.headers) => {
    const response = await app.inject({ method: 'POST', url: '/api/jots-search', headers, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JotPage>();
  };
  const idsOf = (page: JotPage) => page.jots.map((jot) => jot.id);

  /** Walks 4 pages forward by cursor, then back to the first, checking each against the offset slice. */
  async function walk(read: (paging: string | Record<string, unknown>) => Promise<JotPage>, expected: number[], asQuery: boolean) {
    const paging = (fields: Record<string, unknown>) =>
      asQuery ? new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString() : fields;
    const limit = 50;
    let page = await read(paging({ limit }));
    expect(idsOf(page)).toEqual(expected.slice(0, limit));
    expect(page.prevCursor).toBeNull();
    const pages = [page];
    for (let index = 1; index < 4; index += 1) {
      page = await read(paging({ limit, after: page.nextCursor }));
      expect(idsOf(page)).toEqual(expected.slice(index * limit, (index + 1) * limit));
      expect(idsOf(page)).toEqual(idsOf(await read(paging({ limit, offset: index * limit }))));
      pages.push(page);
    }
    for (let index = 2; index >= 0; index -= 1) {
      page = await read(paging({ limit, before: page.prevCursor }));
      expect(idsOf(page)).toEqual(idsOf(pages[index]!));
    }
    expect(page.prevCursor).toBeNull();
    // The last page, by `last` and by offset (a short one too: offset past the middle reads from the other end).
    const last = await read(paging({ limit, last: true }));
    expect(idsOf(last)).toEqual(expected.slice(-limit));
    expect(last.nextCursor).toBeNull();
    expect(idsOf(await read(paging({ limit, offset: expected.length - limit })))).toEqual(expected.slice(-limit));
    const short = await read(paging({ limit, offset: expected.length - 20 }));
    expect(idsOf(short)).toEqual(expected.slice(-20));
    expect(short.nextCursor).toBeNull();
    expect(idsOf(await read(paging({ limit, offset: expected.length })))).toEqual([]);
    const beforeLast = await read(paging({ limit, before: last.prevCursor }));
    expect(idsOf(beforeLast)).toEqual(expected.slice(-2 * limit, -limit));
    const deep = Math.floor(expected.length * 0.7);
    expect(idsOf(await read(paging({ limit, offset: deep })))).toEqual(expected.slice(deep, deep + limit));
  }

  it('gives the same rows by cursor, by offset and from the end, for the admin list', async () => {
    await walk((query) => list(query as string), allIds, true);
    const first = await list('limit=50');
    expect(first).toMatchObject({ total: ROWS, totalCapped: false });
  });

  it('gives the same rows by cursor, by offset and from the end, for a search', async () => {
    await walk((paging) => search({ field: 'Plugin', value: 'odd', ...(paging as object) }), oddIds, false);
  });

  it("keeps an API client to its own jots, whatever the cursor says", async () => {
    await walk((query) => list(query as string, client), clientIds, true);
    // A cursor taken from someone else's jot still pages through the client's own jots only.
    const foreign = allIds.find((id) => !clientIds.includes(id))!;
    const page = await list(`limit=50&after=${foreign}`, client);
    expect(idsOf(page).every((id) => clientIds.includes(id))).toBe(true);
  });

  it('caps a count past 10,000 and says so; smaller counts stay exact', async () => {
    const capped = await search({ field: 'AppVersion', value: 'BULK', limit: 10 });
    expect(capped).toMatchObject({ total: JOT_COUNT_CAP, totalCapped: true });
    expect(idsOf(capped)).toEqual(allIds.slice(0, 10));
    expect(await search({ field: 'Plugin', value: 'Odd', limit: 1 })).toMatchObject({ total: oddIds.length, totalCapped: false });
    expect(await list('limit=1', client)).toMatchObject({ total: clientIds.length, totalCapped: false });
    expect(await search({ field: 'payload', value: 'ROW 123', limit: 50 })).toMatchObject({ total: 11, totalCapped: false });
    // The payload ("contains") search stops counting sooner.
    const text = await search({ field: 'payload', value: 'row', limit: 5 });
    expect(text).toMatchObject({ total: JOT_TEXT_COUNT_CAP, totalCapped: true });
    expect(idsOf(text)).toEqual(allIds.slice(0, 5));
  });

  it('pages a payload search by offset within its counted matches, and past them by cursor only', async () => {
    const deepest = await search({ field: 'payload', value: 'row', limit: 5, offset: PAYLOAD_SEARCH_OFFSET_MAX });
    expect(idsOf(deepest)).toEqual(allIds.slice(PAYLOAD_SEARCH_OFFSET_MAX, PAYLOAD_SEARCH_OFFSET_MAX + 5));
    const past = await app.inject({
      method: 'POST',
      url: '/api/jots-search',
      headers: admin.headers,
      payload: { field: 'payload', value: 'row', limit: 5, offset: PAYLOAD_SEARCH_OFFSET_MAX + 1 },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: PAYLOAD_SEARCH_OFFSET_MESSAGE });
    // The cursor goes on from the deepest offset page; an ignored offset beside a cursor is not refused.
    const onward = await search({ field: 'payload', value: 'row', limit: 5, offset: 5000, after: deepest.nextCursor! });
    expect(idsOf(onward)).toEqual(allIds.slice(PAYLOAD_SEARCH_OFFSET_MAX + 5, PAYLOAD_SEARCH_OFFSET_MAX + 10));
    // Other fields keep their deep offsets.
    const plugin = await search({ field: 'AppVersion', value: 'bulk', limit: 5, offset: 5000 });
    expect(idsOf(plugin)).toEqual(allIds.slice(5000, 5005));
  });

  it('refuses a malformed cursor', async () => {
    for (const query of ['after=abc', 'before=-1', 'after=0', 'after=1e5', 'last=maybe']) {
      expect((await app.inject({ method: 'GET', url: `/api/jots?${query}`, headers: admin.headers })).statusCode).toBe(400);
    }
    const response = await app.inject({ method: 'POST', url: '/api/jots-search', headers: admin.headers, payload: { field: 'Plugin', value: 'Odd', after: 'x' } });
    expect(response.statusCode).toBe(400);
  });

  it('gives anonymous callers and non-admins the public view whatever paging they ask', async () => {
    for (const headers of [{}, user.headers]) {
      for (const query of ['last=true&limit=5', `after=${allIds[10]}&limit=5`]) {
        const response = await app.inject({ method: 'GET', url: `/api/jots?${query}`, headers });
        expect(response.statusCode).toBe(200);
        const body = response.json<Array<Record<string, unknown>>>();
        expect(Array.isArray(body)).toBe(true);
        expect(body[0]).not.toHaveProperty('jotText');
      }
    }
    const anonymous = await app.inject({ method: 'POST', url: '/api/jots-search', payload: { field: 'Plugin', value: 'Odd', last: true } });
    expect(anonymous.statusCode).toBe(401);
    const nonAdmin = await app.inject({ method: 'POST', url: '/api/jots-search', headers: user.headers, payload: { field: 'Plugin', value: 'Odd', last: true } });
    expect(nonAdmin.statusCode).toBe(403);
  });

  it('serves the payload search from a trigram index (pg_trgm, on PGlite too)', async () => {
    const { rows } = await app.services.database.sql.query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = 'jots' and indexname = 'jots_text_trgm_idx'`,
      [],
    );
    expect(rows).toHaveLength(1);
  });
});
