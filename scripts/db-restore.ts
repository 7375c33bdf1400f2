/**
 * `npm run db:restore -- --in <file> (--data-dir <fresh dir> | --database-url <fresh database>)` (decision 0016).
 *
 * - Embedded database: unpacks a `db:backup` tarball into <dir>/pglite (the directory must not hold a database);
 *   start the server with DATA_DIR=<dir>.
 * - PostgreSQL (`--database-url`, else DATABASE_URL): pg_restore of a `db:backup` / `pg_dump -Fc` file into an
 *   empty database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { parseConfigEnv } from '../src/server/config.ts';

function fail(message: string): never {
  process.stderr.write(`db:restore: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({ options: { in: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
if (!values.in) fail('usage: npm run db:restore -- --in <file> (--data-dir <fresh dir> | --database-url <empty database>)');
const input = path.resolve(values.in);
if (!existsSync(input)) fail(`${input} does not exist`);
const databaseUrl = values['database-url'] ?? (values['data-dir'] ? undefined : parseConfigEnv(process.env).DATABASE_URL);

if (databaseUrl) {
  const result = spawnSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, input], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) fail(`could not run pg_restore (${result.error.message}); install the PostgreSQL client tools`);
  if (result.status !== 0) fail(`pg_restore exited with ${result.status}`);
  console.log('Restored into the PostgreSQL database.');
} else {
  if (!values['data-dir']) fail('--data-dir <fresh dir> is required for the embedded database');
  const pgliteDir = path.join(path.resolve(values['data-dir']), 'pglite');
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) fail(`${pgliteDir} is not empty: restore into a fresh directory`);
  const pglite = await PGlite.create(pgliteDir, { loadDataDir: new Blob([readFileSync(input)]) });
  try {
    const { rows } = await pglite.query<{ users: number; leads: number; jots: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from leads) as leads, (select count(*)::int from jots) as jots',
    );
    console.log(`Restored into ${pgliteDir}: ${JSON.stringify(rows[0])}. Start the server with DATA_DIR=${path.dirname(pgliteDir)}.`);
  } finally {
    await pglite.close();
  }
}
