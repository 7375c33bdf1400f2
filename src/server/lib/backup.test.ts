/**
 * `npm run db:backup` / `db:restore` as real processes: the embedded database is dumped by the process that holds
 * it (this test's, answering SIGUSR2 like main.ts) while it keeps writing, then restored into a fresh directory;
 * on PostgreSQL, pg_dump -Fc and pg_restore into a fresh database.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, createTestDatabase, type ScratchDatabase, testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { type DatabaseHandle, openDatabase, type SqlRunner } from '../db/client.ts';
import { PID_FILE, serveBackupRequests } from './backup.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Runs one of the scripts with a clean environment (no DATABASE_URL unless given). */
function script(name: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  return run(tsx, [path.join(root, 'scripts', name), ...args], { env: { ...base, ...env }, timeout: 90_000 });
}

async function seed(sql: SqlRunner) {
  for (let i = 1; i <= 3; i += 1) {
    await sql.query(`insert into users (username, email, password_hash) values ($1, $2, 'x')`, [`user${i}`, `user${i}@example.com`]);
    await sql.query(`insert into leads (email, first_name) values ($1, 'Ada')`, [`lead${i}@example.com`]);
  }
  for (let i = 1; i <= 50; i += 1) {
    await sql.query(`insert into jots (protocol_version, encrypted_payload, jot_text) values ('v2', $1, $2)`, [`payload-${i}`, `jot ${i}`]);
  }
}

type Snapshot = { users: string[]; leads: string[]; jots: string[] };
async function snapshot(sql: SqlRunner): Promise<Snapshot> {
  const column = async (query: string) => (await sql.query<{ value: string }>(query)).rows.map((row) => row.value);
  return {
    users: await column('select email as value from users order by id'),
    leads: await column('select email as value from leads order by id'),
    jots: await column('select id::text || \':\' || jot_text as value from jots order by id'),
  };
}

describe.runIf(testDatabaseKind() === 'pglite')('db:backup and db:restore of the embedded database', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => {});
  });

  it('dumps DATA_DIR while the owning process keeps writing, and restores the same users, leads and jots into a fresh directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jotit-backup-'));
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
    handles.push(database);
    await database.migrate();
    await seed(database.sql);
    const logs: string[] = [];
    const stop = serveBackupRequests({
      pglite: database.pglite!,
      dataDir,
      log: { info: (_object, message) => logs.push(message), error: (_object, message) => logs.push(message) },
    });
    expect(readFileSync(path.join(dataDir, PID_FILE), 'utf8')).toBe(String(process.pid));
    const before = await snapshot(database.sql);

    // Writes keep coming while the backup runs: the dump is taken between two of them.
    let writing = true;
    let extra = 0;
    const writer = (async () => {
      while (writing) {
        // PGlite answers without I/O: yield as a server between two requests would.
        await new Promise((resolve) => setImmediate(resolve));
        extra += 1;
        await database.sql.query(`insert into jots (protocol_version, encrypted_payload, jot_text) values ('v1', 'p', $1)`, [`during ${extra}`]);
      }
    })();
    const out = path.join(dataDir, 'backups', 'jotit.tar.gz');
    const backup = await script('db-backup.ts', ['--out', out], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(backup.stdout).toContain('Backup written to');
    expect(logs).toContain('database backup written');
    expect(extra).toBeGreaterThan(0);

    const freshDir = mkdtempSync(path.join(tmpdir(), 'jotit-restore-'));
    const restore = await script('db-restore.ts', ['--in', out, '--data-dir', freshDir], {});
    expect(restore.stdout).toContain('Restored into');
    const restored = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(freshDir, 'pglite') });
    handles.push(restored);
    await restored.migrate(); // already applied: a no-op, as at the next start
    const after = await snapshot(restored.sql);
    expect(after.users).toEqual(before.users);
    expect(after.leads).toEqual(before.leads);
    // Every jot committed before the backup began; those written during it are there up to some point, in order.
    expect(after.jots.slice(0, before.jots.length)).toEqual(before.jots);
    expect(after.jots.slice(before.jots.length).every((value, index) => value.endsWith(`during ${index + 1}`))).toBe(true);

    // A second restore into the same directory is refused.
    await expect(script('db-restore.ts', ['--in', out, '--data-dir', freshDir], {})).rejects.toThrow(/not empty/);

    // Stopped server: the script opens DATA_DIR itself.
    stop();
    expect(existsSync(path.join(dataDir, PID_FILE))).toBe(false);
    await database.close();
    const offline = path.join(dataDir, 'offline.tar.gz');
    await script('db-backup.ts', ['--out', offline], { DATA_DIR: dataDir });
    const offlineDir = mkdtempSync(path.join(tmpdir(), 'jotit-restore-'));
    await script('db-restore.ts', ['--in', offline, '--data-dir', offlineDir], {});
    const reopened = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(offlineDir, 'pglite') });
    handles.push(reopened);
    expect((await snapshot(reopened.sql)).users).toEqual(before.users);
  }, 180_000);
});

describe.runIf(testDatabaseKind() === 'postgres')('db:backup and db:restore on PostgreSQL (pg_dump -Fc, pg_restore)', () => {
  it('restores the same users, leads and jots into a fresh database', async () => {
    const source = await createTestDatabase();
    let target: ScratchDatabase | undefined;
    try {
      await seed(source.sql);
      const before = await snapshot(source.sql);
      const out = path.join(mkdtempSync(path.join(tmpdir(), 'jotit-pgdump-')), 'jotit.dump');
      await script('db-backup.ts', ['--out', out], { DATABASE_URL: source.connectionString! });

      target = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jotit_restore');
      await script('db-restore.ts', ['--in', out, '--database-url', target.url], {});
      const restored = await openDatabase({ databaseUrl: target.url, pgliteDir: '', poolSize: 2 });
      try {
        expect(await snapshot(restored.sql)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await source.dispose();
      await target?.drop();
    }
  }, 180_000);
});
