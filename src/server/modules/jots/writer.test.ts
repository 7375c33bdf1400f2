import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { jots } from '../../db/schema.ts';
import type { FeedJot } from './feed.ts';
import { type NewJot, JotWriter } from './writer.ts';

const jot = (text: string): NewJot => ({
  protocolVersion: 'v2',
  buildGuidName: 'build',
  encryptedPayload: `payload of ${text}`,
  clientId: null,
  appName: 'JotApp',
  windowTitle: null,
  jotText: text,
  appVersion: null,
  plugin: null,
  senderIp: null,
  senderUserAgent: null,
  senderCity: 'Oslo',
  senderState: null,
  senderCountry: 'NO',
  dedupKey: null,
});

describe(`group commit of jot inserts on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('puts concurrent jots into few inserts and gives each caller its own row', async () => {
    const batches: FeedJot[][] = [];
    const writer = new JotWriter(database.sql, { maxConcurrent: 2, feed: { recordInserted: (rows) => batches.push([...rows]) } });
    const written = await Promise.all(Array.from({ length: 100 }, (_, index) => writer.write(jot(`jot ${index}`))));
    expect(batches.flat()).toHaveLength(100);
    expect(batches.length).toBeLessThan(20);
    const rows = await database.db.select().from(jots);
    const textById = new Map(rows.map((row) => [row.id, row.jotText]));
    written.forEach((row, index) => expect(textById.get(row.id)).toBe(`jot ${index}`));
    const stored = rows.find((row) => row.id === written[0]!.id)!;
    expect(written[0]).toEqual({ id: stored.id, createdAt: stored.createdAt, senderCity: 'Oslo', senderState: null, senderCountry: 'NO' });
    expect(stored.processedAt).toBeInstanceOf(Date);
    expect(stored.protocolVersion).toBe('v2');
  });

  it('a bad row fails alone; its neighbours in the batch are stored', async () => {
    const writer = new JotWriter(database.sql, { maxConcurrent: 1 });
    const results = await Promise.allSettled([
      writer.write(jot('good 1')),
      writer.write({ ...jot('bad'), protocolVersion: null as never }),
      writer.write(jot('good 2')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const texts = (await database.db.select().from(jots)).map((row) => row.jotText);
    expect(texts).toContain('good 1');
    expect(texts).toContain('good 2');
    expect(texts).not.toContain('bad');
  });

  it('stores a keyed jot once: copies in the same batch, in a later batch or already stored share its row', async () => {
    const committed: FeedJot[] = [];
    const writer = new JotWriter(database.sql, { maxConcurrent: 2, feed: { recordInserted: (rows) => committed.push(...rows) } });
    const keyed = (text: string, key: string) => ({ ...jot(text), dedupKey: key });
    const earlier = await writer.write(keyed('stored before', 'key-0'));
    const written = await Promise.all([
      writer.write(jot('plain 1')),
      writer.write(keyed('first copy', 'key-1')),
      writer.write(keyed('retry of stored', 'key-0')),
      writer.write(jot('plain 2')),
      writer.write(keyed('second copy', 'key-1')),
      writer.write(keyed('other', 'key-2')),
      writer.write(jot('plain 3')),
    ]);
    const [plain1, copy1, retry0, plain2, copy2, other, plain3] = written;
    expect(retry0).toEqual(earlier);
    expect(copy2).toEqual(copy1);
    expect(new Set(written.map((row) => row!.id)).size).toBe(6);
    // Only new rows reach the counter: earlier, plain 1–3, key-1 once and key-2.
    const byId = (a: number, b: number) => a - b;
    expect(committed.map((row) => row.id).sort(byId)).toEqual([earlier.id, plain1!.id, copy1!.id, plain2!.id, other!.id, plain3!.id].sort(byId));
    const rows = await database.db.select().from(jots);
    const textById = new Map(rows.map((row) => [row.id, row.jotText]));
    expect([plain1, copy1, plain2, other, plain3].map((row) => textById.get(row!.id))).toEqual(['plain 1', 'first copy', 'plain 2', 'other', 'plain 3']);
    expect(rows.filter((row) => row.dedupKey === 'key-1')).toHaveLength(1);
    expect(rows.filter((row) => row.dedupKey === 'key-0')).toHaveLength(1);
  });

  it('two writers (two instances) racing with the same key store one row and answer one id', async () => {
    const first = new JotWriter(database.sql, { maxConcurrent: 2 });
    const second = new JotWriter(database.sql, { maxConcurrent: 2 });
    const written = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? first : second).write({ ...jot('raced'), dedupKey: 'race-key' })),
    );
    expect(new Set(written.map((row) => row.id)).size).toBe(1);
    const rows = await database.db.select().from(jots);
    expect(rows.filter((row) => row.dedupKey === 'race-key')).toHaveLength(1);
  });
});
