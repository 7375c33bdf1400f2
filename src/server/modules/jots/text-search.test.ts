/**
 * The payload search's time slices (text-search.ts) must give exactly the order an ordered query gives: first page,
 * offset pages, cursor pages, with many matches (count capped: slices) and with few (one bitmap read). The jots
 * span five years, sparse in the past and with a burst of non-matching jots at the newest end (the launch-day
 * case), and share created_at three at a time so the id breaks ties inside a slice.
 */
import type { FastifyInstance } from 'fastify';
import { ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { JOT_TEXT_COUNT_CAP, type JotPage, type JotSearch, PAYLOAD_SEARCH_OFFSET_MAX } from '../../../shared/schemas/jots.ts';
import { jots } from '../../db/schema.ts';
import { newestTextMatchIds } from './text-search.ts';

const MATCHING = 1_500;
const BURST = 600;

describe(`payload search slices on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    const { sql } = app.services.database;
    // Five years back to now, in steps that shrink towards now (denser recently), three rows per timestamp; every
    // 7th is a "rare word" jot; then a burst of jots without the word in the last minute.
    await sql.query(
      `insert into jots (protocol_version, encrypted_payload, jot_text, created_at)
       select 'v2', 'payload-' || g, case when g % 7 = 0 then 'Needle and a rare quill ' || g else 'a NEEDLE in jot ' || g end,
              now() - interval '2 minutes' - ((($1::int - g) / 3) ^ 2) * interval '1 minute'
       from generate_series(1, $1::int) as g`,
      [MATCHING],
    );
    await sql.query(
      `insert into jots (protocol_version, encrypted_payload, jot_text, created_at)
       select 'v2', 'burst-' || g, 'Launch day jot ' || g, now() - interval '1 minute' + g * interval '1 millisecond'
       from generate_series(1, $1::int) as g`,
      [BURST],
    );
  });
  afterAll(() => testApp?.close());

  const expectedIds = async (pattern: string) =>
    (
      await app.services.database.sql.query<{ id: string }>(
        `select id from jots where jot_text ilike $1 order by created_at desc, id desc`,
        [pattern],
      )
    ).rows.map((row) => Number(row.id));
  const search = async (body: JotSearch) => {
    const response = await app.inject({ method: 'POST', url: '/api/jots-search', headers: admin.headers, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JotPage>();
  };
  const idsOf = (page: JotPage) => page.jots.map((jot) => jot.id);

  it('pages a word with many matches (count capped) exactly as the ordered query does', async () => {
    const expected = await expectedIds('%needle%');
    expect(expected.length).toBe(MATCHING);
    const first = await search({ field: 'payload', value: 'needle', limit: 50 });
    expect(first).toMatchObject({ total: JOT_TEXT_COUNT_CAP, totalCapped: true, prevCursor: null });
    expect(idsOf(first)).toEqual(expected.slice(0, 50));
    for (const offset of [1, 50, 333, 700, PAYLOAD_SEARCH_OFFSET_MAX]) {
      const page = await search({ field: 'payload', value: 'needle', limit: 50, offset });
      expect(idsOf(page)).toEqual(expected.slice(offset, offset + 50));
      // Deep pages count the matches they collect (one past the cap) instead of a separate count: the same answer.
      expect(page).toMatchObject({ total: JOT_TEXT_COUNT_CAP, totalCapped: true });
    }
    // Cursor pages down to the oldest match; the last one says there is nothing older.
    let page = first;
    let seen = idsOf(first);
    while (page.nextCursor) {
      page = await search({ field: 'payload', value: 'needle', limit: 200, after: page.nextCursor });
      seen = [...seen, ...idsOf(page)];
    }
    expect(seen).toEqual(expected);
  });

  it('pages a word with few matches (exact count) the same way', async () => {
    const expected = await expectedIds('%rare quill%');
    expect(expected.length).toBe(Math.floor(MATCHING / 7));
    const first = await search({ field: 'payload', value: 'RARE QUILL', limit: 20 });
    expect(first).toMatchObject({ total: expected.length, totalCapped: false });
    expect(idsOf(first)).toEqual(expected.slice(0, 20));
    expect(idsOf(await search({ field: 'payload', value: 'rare quill', limit: 20, offset: 190 }))).toEqual(expected.slice(190, 210));
    const second = await search({ field: 'payload', value: 'rare quill', limit: 20, after: first.nextCursor! });
    expect(idsOf(second)).toEqual(expected.slice(20, 40));
    // Back by the cursor of that page (the ordered walk, oldest first).
    expect(idsOf(await search({ field: 'payload', value: 'rare quill', limit: 20, before: second.prevCursor! }))).toEqual(expected.slice(0, 20));
    const past = await search({ field: 'payload', value: 'rare quill', limit: 20, offset: expected.length });
    expect(past.jots).toEqual([]);
    expect(past.nextCursor).toBeNull();
  });

  it('finds the newest matches behind a burst of jots without the word', async () => {
    const expected = await expectedIds('%needle%');
    const page = await search({ field: 'payload', value: 'needle', limit: 10 });
    expect(idsOf(page)).toEqual(expected.slice(0, 10));
    expect(await search({ field: 'payload', value: 'launch day', limit: 5 })).toMatchObject({ total: BURST, totalCapped: false });
    // A deep offset into a word with fewer matches than the cap: every match collected, so the count is exact.
    const launch = await expectedIds('%launch day%');
    const deep = await search({ field: 'payload', value: 'launch day', limit: 50, offset: 560 });
    expect(deep).toMatchObject({ total: BURST, totalCapped: false, nextCursor: null });
    expect(idsOf(deep)).toEqual(launch.slice(560));
  });

  it('asks whether the count is exact only when the first slice falls short (a failed count cannot go unhandled)', async () => {
    const expected = await expectedIds('%needle%');
    const where = ilike(jots.jotText, '%needle%');
    const failedCount = vi.fn(() => Promise.reject(new Error('count failed')));
    const ids = await newestTextMatchIds(app.services.database.db, where, undefined, 10, failedCount);
    expect(ids).toEqual(expected.slice(0, 10));
    expect(failedCount).not.toHaveBeenCalled();
    // Falling short, the slices ask, and the count's failure is theirs.
    await expect(newestTextMatchIds(app.services.database.db, where, undefined, 1_000, failedCount)).rejects.toThrow('count failed');
    expect(failedCount).toHaveBeenCalledOnce();
  });
});
