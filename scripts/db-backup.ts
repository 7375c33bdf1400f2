/**
 * `npm run db:backup -- --out <file>`: a consistent backup of the database (decision 0016).
 *
 * - DATABASE_URL set: `pg_dump --format=custom` of it (restore with `npm run db:restore` or pg_restore).
 * - Embedded database (DATA_DIR): when a server runs on DATA_DIR, it writes the dump itself (SIGUSR2, see
 *   src/server/lib/backup.ts) while it keeps serving; when none runs, this script opens DATA_DIR and dumps.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { parseConfigEnv } from '../src/server/config.ts';
import { BACKUP_SIGNAL, type BackupDone, dumpPglite, REQUEST_DIR, runningServerPid, writeFileAtomic } from '../src/server/lib/backup.ts';

const WAIT_MS = 120_000;

function fail(message: string): never {
  process.stderr.write(`db:backup: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) fail('usage: npm run db:backup -- --out <file>');
const out = path.resolve(values.out);
const env = parseConfigEnv(process.env);

if (env.DATABASE_URL) {
  mkdirSync(path.dirname(out), { recursive: true });
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${env.DATABASE_URL}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) fail(`could not run pg_dump (${result.error.message}); install the PostgreSQL client tools`);
  if (result.status !== 0) fail(`pg_dump exited with ${result.status}`);
} else {
  const dataDir = path.resolve(env.DATA_DIR);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) fail(`no embedded database in ${pgliteDir}`);
  const pid = runningServerPid(dataDir);
  if (pid) {
    // Ask the running server: it owns the database.
    const id = randomBytes(8).toString('hex');
    const requestDir = path.join(dataDir, REQUEST_DIR);
    mkdirSync(requestDir, { recursive: true, mode: 0o700 });
    const doneFile = path.join(requestDir, `${id}.done`);
    writeFileSync(path.join(requestDir, `${id}.json.partial`), JSON.stringify({ out }));
    // Renamed into place so the server never reads half a request.
    renameSync(path.join(requestDir, `${id}.json.partial`), path.join(requestDir, `${id}.json`));
    process.kill(pid, BACKUP_SIGNAL);
    const deadline = Date.now() + WAIT_MS;
    while (!existsSync(doneFile)) {
      if (Date.now() > deadline) fail(`the server (pid ${pid}) did not answer within ${WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const done = JSON.parse(readFileSync(doneFile, 'utf8')) as BackupDone;
    rmSync(doneFile, { force: true });
    if (!done.ok) fail(`the server could not write the backup: ${done.error}`);
  } else {
    // Nobody runs on DATA_DIR: open it here (the server must stay stopped until this finishes).
    const pglite = await PGlite.create(pgliteDir);
    try {
      writeFileAtomic(out, await dumpPglite(pglite));
    } finally {
      await pglite.close();
    }
  }
}
console.log(`Backup written to ${out} (${statSync(out).size} bytes).`);
