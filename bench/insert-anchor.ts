/**
 * The anchor of the ingestion benchmark: PostgreSQL's own single-row insert rate into the jots table, with the
 * same row shape the API writes. pgbench (10 clients) when installed, else 10 node-postgres clients in a loop.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface InsertAnchor {
  tool: 'pgbench' | 'node-postgres';
  rowsPerSecond: number;
  latencyAverageMs: number;
}

const CLIENTS = 10;

/** One jot row; the payload is a real v2 payload so the row weighs what an ingested one does. */
function insertSql(payload: string): string {
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  return (
    'INSERT INTO jots (protocol_version, build_guid_name, encrypted_payload, client_id, app_name, jot_text, app_version, plugin, ' +
    'sender_ip, sender_user_agent, processed_at) VALUES ' +
    `('v2', 'bench-build', ${literal(payload)}, 'bench-client', 'JotApp', 'A benchmark jot', '1.5.0', 'offline', ` +
    "'127.0.0.1', 'autocannon', now())"
  );
}

export async function hasPgbench(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export async function measureInsertAnchor(
  connectionString: string,
  payload: string,
  seconds: number,
): Promise<InsertAnchor> {
  if (await hasPgbench()) return pgbenchAnchor(connectionString, payload, seconds);
  return nodePostgresAnchor(connectionString, payload, seconds);
}

async function pgbenchAnchor(connectionString: string, payload: string, seconds: number): Promise<InsertAnchor> {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'jotit-pgbench-')), 'insert.sql');
  writeFileSync(script, `${insertSql(payload)};\n`);
  const { stdout } = await run(
    'pgbench',
    [
      '--no-vacuum',
      '--client',
      String(CLIENTS),
      '--jobs',
      '2',
      '--time',
      String(seconds),
      '--file',
      script,
      connectionString,
    ],
    { maxBuffer: 10 * 1024 * 1024 },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  if (!tps) throw new Error(`Could not read pgbench's output:\n${stdout}`);
  return { tool: 'pgbench', rowsPerSecond: Number(tps[1]), latencyAverageMs: Number(latency?.[1] ?? Number.NaN) };
}

async function nodePostgresAnchor(connectionString: string, payload: string, seconds: number): Promise<InsertAnchor> {
  const sql = insertSql(payload);
  const deadline = Date.now() + seconds * 1000;
  let rows = 0;
  let latencyTotal = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        while (Date.now() < deadline) {
          const started = performance.now();
          await client.query(sql);
          latencyTotal += performance.now() - started;
          rows += 1;
        }
      } finally {
        await client.end();
      }
    }),
  );
  return { tool: 'node-postgres', rowsPerSecond: rows / seconds, latencyAverageMs: latencyTotal / rows };
}
