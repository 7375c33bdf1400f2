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
});

describe(`group commit of jot inserts on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('puts concurrent jots into few inserts and gives each caller its own row', async () => {
    const batches: FeedJot[][] = [];
    const writer = new JotWriter(database.sql, { maxConcurrent: 2, onCommitted: (rows) => batches.push(rows) });
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
});
