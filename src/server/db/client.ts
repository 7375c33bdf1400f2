/**
 * The database: node-postgres when DATABASE_URL is set, else PGlite (PostgreSQL in WebAssembly) in DATA_DIR.
 * One Drizzle schema and one migrations folder serve both (docs/architecture.md §1).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

/** A raw SQL runner shared by the job queue and health checks, whatever the driver. */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  sql: SqlRunner;
  /** Connection string for tools that open their own connections (PostgreSQL only). */
  connectionString: string | undefined;
  /** The PGlite instance, for tools that need it (embedded only). */
  pglite: PGlite | undefined;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any 64-bit number unique to this app: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 4_711_2026;
/** How long a request waits for a database connection (a free pool slot or a new connection). */
const CONNECT_TIMEOUT_MS = 3000;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /** The embedded database starts as a copy of this dump (`PGlite.dumpDataDir()`): the tests' migrated template. */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.pgliteDir, options.pgliteLoadDataDir);
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  // A database that does not answer fails the request within seconds (503) instead of holding it open.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  return {
    kind: 'postgres',
    db,
    connectionString,
    pglite: undefined,
    sql: { query: async (text, values) => pool.query(text, values as unknown[]) as never },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm: the trigram indexes of the jot and lead searches (migrations 0002 and 0006) exist here too.
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    connectionString: undefined,
    pglite: client,
    sql: {
      async query(text, values) {
        // Extended protocol takes one statement; parameterless scripts (pg-boss migrations) may hold several.
        if (values && values.length > 0) return client.query(text, values) as never;
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as never };
      },
    },
    migrate: () => migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder }),
    close: () => client.close(),
  };
}
