/**
 * Migration 0010 (decision 0036): feedback and contact messages become one `messages` table with a `kind`. Rows
 * written into the old tables before the migration are all there after it, with every field and their ids, and new
 * messages are numbered after them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase, testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const MESSAGES_MIGRATION = '0010_messages';

/** A copy of the migrations folder that stops before the messages migration. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'jotit-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

const FEEDBACK = [
  { id: 1, name: 'Ada', email: 'ada@example.com', subject: 'Love it', message: 'Jots are great', ip: '203.0.113.1', ua: 'UA-1', read: true, archived: false },
  { id: 2, name: 'Bob', email: 'bob@example.com', subject: 'Bug', message: 'A crash', ip: null, ua: null, read: false, archived: true },
];
const CONTACT = [
  { id: 1, name: 'Cy', email: 'cy@example.com', company: 'Acme', subject: 'Pricing', message: 'Team plan?', ip: '198.51.100.7', ua: 'UA-2', read: false, archived: false },
  { id: 5, name: 'Di', email: 'di@example.com', company: null, subject: 'Press', message: 'Interview', ip: null, ua: 'UA-3', read: true, archived: true },
];
const CREATED = '2026-01-02T03:04:05.000Z';
const READ = '2026-01-03T00:00:00.000Z';
const ARCHIVED = '2026-01-04T00:00:00.000Z';

describe(`the messages migration on ${testDatabaseKind()}`, () => {
  let database: DatabaseHandle;
  let scratch: ScratchDatabase | undefined;
  let before: string;

  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jotit_messages');
      database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '', poolSize: 2 });
    } else {
      database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    }
    before = migrationsBefore(MESSAGES_MIGRATION);
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
    else await migrateNodePg(database.db, { migrationsFolder: before });

    for (const row of FEEDBACK) {
      await database.sql.query(
        'insert into feedback (id, name, email, subject, message, ip_address, user_agent, created_at, read_at, archived_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
        [row.id, row.name, row.email, row.subject, row.message, row.ip, row.ua, CREATED, row.read ? READ : null, row.archived ? ARCHIVED : null],
      );
    }
    for (const row of CONTACT) {
      await database.sql.query(
        'insert into contact_messages (id, name, email, company, subject, message, ip_address, user_agent, created_at, read_at, archived_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
        [row.id, row.name, row.email, row.company, row.subject, row.message, row.ip, row.ua, CREATED, row.read ? READ : null, row.archived ? ARCHIVED : null],
      );
    }
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('keeps every feedback and contact row, with its id and every field', async () => {
    const { rows } = await database.sql.query<Record<string, unknown>>(
      'select kind, id, name, email, company, subject, message, ip_address, user_agent, created_at, read_at, archived_at from messages order by kind, id',
    );
    const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
    expect(rows.map((row) => ({ ...row, created_at: iso(row.created_at), read_at: iso(row.read_at), archived_at: iso(row.archived_at) }))).toEqual([
      ...CONTACT.map((row) => ({
        kind: 'contact', id: row.id, name: row.name, email: row.email, company: row.company, subject: row.subject, message: row.message,
        ip_address: row.ip, user_agent: row.ua, created_at: CREATED, read_at: row.read ? READ : null, archived_at: row.archived ? ARCHIVED : null,
      })),
      ...FEEDBACK.map((row) => ({
        kind: 'feedback', id: row.id, name: row.name, email: row.email, company: null, subject: row.subject, message: row.message,
        ip_address: row.ip, user_agent: row.ua, created_at: CREATED, read_at: row.read ? READ : null, archived_at: row.archived ? ARCHIVED : null,
      })),
    ]);
    const { rows: tables } = await database.sql.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_name in ('feedback', 'contact_messages')",
    );
    expect(tables).toEqual([]);
  });

  it('numbers a new message after the highest id of either old table', async () => {
    const { rows } = await database.sql.query<{ id: number }>(
      "insert into messages (kind, name, email, subject, message) values ('feedback', 'Eve', 'eve@example.com', 'Hi', 'Hello') returning id",
    );
    expect(rows[0]!.id).toBe(6);
  });
});
