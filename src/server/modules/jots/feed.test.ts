/**
 * The in-memory jot feed (feed.ts) following jots that other instances write: a bus notification re-reads only the
 * rows above the last full count, a batch that commits late with lower ids is counted by the next full count, and
 * the count never goes down in between. Rows are written with SQL, as another instance's writer would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type FeedSnapshot, JotFeed } from './feed.ts';

describe(`jot feed following other instances on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let feed: JotFeed;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());
  afterEach(() => feed?.stop());

  const insert = (ids: number[]) =>
    database.sql.query(
      `insert into jots (id, protocol_version, encrypted_payload, created_at)
       select id, 'v2', 'feed-' || id, now() from unnest($1::int[]) as id`,
      [ids],
    );
  const countOf = async () => Number((await database.sql.query<{ n: string }>('select count(*) as n from jots')).rows[0]!.n);
  /** Resolves with the first snapshot the feed announces that satisfies `check` (the feed's own sentinel). */
  const announced = (check: (snapshot: FeedSnapshot) => boolean) =>
    new Promise<FeedSnapshot>((resolve) => {
      const unsubscribe = feed.subscribe((snapshot) => {
        if (!check(snapshot)) return;
        unsubscribe();
        resolve(snapshot);
      });
    });

  it('counts what another instance announced, newest jot included', async () => {
    await insert([1, 2, 3]);
    feed = new JotFeed(database.db, { tickMs: 3_600_000 });
    await feed.start();
    expect(feed.count).toBe(3);
    await insert([4, 5]);
    const next = announced((snapshot) => snapshot.count === 5);
    feed.remoteCommitted();
    expect((await next).latest?.id).toBe(5);
    expect(feed.count).toBe(await countOf());
  });

  it('counts a batch that committed late with lower ids at the next full count, never going down meanwhile', async () => {
    await database.sql.query('delete from jots');
    await insert([10, 11, 20]);
    feed = new JotFeed(database.db, { tickMs: 3_600_000 });
    await feed.start();
    const seen: number[] = [];
    feed.subscribe((snapshot) => seen.push(snapshot.count));
    // A batch that was in flight during the full count: ids below its max(id).
    await insert([12, 13]);
    await insert([21]);
    const next = announced((snapshot) => snapshot.latest?.id === 21);
    feed.remoteCommitted();
    await next;
    expect(feed.count).toBe(4);
    await feed.refresh();
    expect(feed.count).toBe(6);
    expect(feed.count).toBe(await countOf());
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
