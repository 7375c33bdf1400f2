/**
 * Offset anchors (offset-anchors.ts): a deep offset into the admin list read from the nearest anchor must give
 * exactly the rows a plain OFFSET gives, at every position, with ties on created_at, with unsettled (just written)
 * jots at the newest end, and after the table changed behind the chain's back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import type { Database, SqlRunner } from '../../db/client.ts';
import { OffsetAnchors } from './offset-anchors.ts';
import { listJotRecords } from './service.ts';

const OLD_ROWS = 1_000;
const RECENT_ROWS = 40;
const STEP = 70;
const LIMIT = 25;

describe(`offset anchors on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let db: Database;
  let sql: SqlRunner;

  const allIds = async () =>
    (await sql.query<{ id: string }>('select id from jots order by created_at desc, id desc')).rows.map((row) => Number(row.id));
  const page = async (anchors: OffsetAnchors | undefined, offset: number, total: number) =>
    (await listJotRecords(db, { limit: LIMIT, offset }, total, anchors)).jots.map((jot) => jot.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ db, sql } = testApp.app.services.database);
    await sql.query('delete from jots');
    // Old jots, three per created_at (the id breaks ties), then a few written "now" (not settled: never anchors).
    await sql.query(
      `insert into jots (protocol_version, encrypted_payload, jot_text, created_at)
       select 'v2', 'anchor-' || g, 'row ' || g, timestamptz '2026-01-01' + (g / 3) * interval '1 second'
       from generate_series(1, $1::int) as g`,
      [OLD_ROWS],
    );
    await sql.query(
      `insert into jots (protocol_version, encrypted_payload, jot_text)
       select 'v2', 'recent-' || g, 'recent ' || g from generate_series(1, $1::int) as g`,
      [RECENT_ROWS],
    );
  });
  afterAll(() => testApp?.close());

  it('gives the rows plain offsets give, at every offset', async () => {
    const expected = await allIds();
    const anchors = new OffsetAnchors(db, { step: STEP });
    for (let offset = 0; offset <= expected.length; offset += 7) {
      expect(await page(anchors, offset, expected.length), `offset ${offset}`).toEqual(expected.slice(offset, offset + LIMIT));
    }
    // The chain was built, and stopped before the unsettled newest jots.
    const last = await anchors.nearest(expected.length);
    expect(last).not.toBeNull();
    expect(last!.position % STEP).toBe(0);
    expect(last!.position).toBeLessThanOrEqual(OLD_ROWS);
    expect(expected.indexOf(last!.id)).toBe(expected.length - 1 - last!.position);
  });

  it('anchors only settled jots', async () => {
    const anchors = new OffsetAnchors(db, { step: STEP, settleMs: 60_000 });
    const expected = await allIds();
    const anchor = await anchors.nearest(expected.length);
    const newestOldId = expected[RECENT_ROWS]!;
    expect(anchor!.position).toBeLessThanOrEqual(OLD_ROWS - 1);
    expect(expected.indexOf(anchor!.id)).toBeGreaterThanOrEqual(expected.indexOf(newestOldId));
  });

  it('walks instead when an anchor row was deleted, and rebuilds the chain after its lifetime', async () => {
    let now = Date.now();
    const anchors = new OffsetAnchors(db, { step: STEP, ttlMs: 60_000, now: () => now });
    let expected = await allIds();
    const offset = expected.length - 5 * STEP - 10;
    expect(await page(anchors, offset, expected.length)).toEqual(expected.slice(offset, offset + LIMIT));
    const used = await anchors.nearest(5 * STEP);
    expect(used!.position).toBe(5 * STEP);

    // The anchor itself is deleted straight in the database: the read notices, walks, and the chain starts over.
    await sql.query('delete from jots where id = $1', [used!.id]);
    expected = await allIds();
    expect(await page(anchors, offset, expected.length)).toEqual(expected.slice(offset, offset + LIMIT));
    expect(await page(anchors, offset, expected.length)).toEqual(expected.slice(offset, offset + LIMIT));

    // Another old jot deleted: positions shift by one, which the chain sees once its minute is over.
    const victim = expected[expected.length - 10]!;
    await sql.query('delete from jots where id = $1', [victim]);
    expected = await allIds();
    now += 61_000;
    expect(await page(anchors, offset, expected.length)).toEqual(expected.slice(offset, offset + LIMIT));

    // Requests at once, across a rebuild (lifetime over) and a reset: each still gets its own rows.
    now += 61_000;
    const offsets = [150, 400, 620, 800, offset];
    const pages = await Promise.all(offsets.map((each) => page(anchors, each, expected.length)));
    anchors.reset();
    const again = await Promise.all(offsets.map((each) => page(anchors, each, expected.length)));
    offsets.forEach((each, index) => {
      expect(pages[index], `offset ${each}`).toEqual(expected.slice(each, each + LIMIT));
      expect(again[index], `offset ${each}`).toEqual(expected.slice(each, each + LIMIT));
    });
  });

  it('is not used for a filtered list, and a plain read agrees with an anchored one', async () => {
    const expected = await allIds();
    const anchors = new OffsetAnchors(db, { step: STEP });
    const offset = Math.floor(expected.length / 2);
    expect(await page(anchors, offset, expected.length)).toEqual(await page(undefined, offset, expected.length));
    const filtered = await listJotRecords(db, { limit: LIMIT, offset: 300, clientId: 'nobody' }, expected.length, anchors);
    expect(filtered.jots).toEqual([]);
  });
});
