/**
 * Backups of the embedded database (issue 14 §5, decision 0016).
 *
 * PGlite is one process's private PostgreSQL: a second process must never open a DATA_DIR in use. So the running
 * server does the dump itself, on request: `npm run db:backup` writes a request file into DATA_DIR/backup-requests/
 * and sends SIGUSR2 to the pid in DATA_DIR/jotit.pid; the server dumps (CHECKPOINT, then PGlite's `dumpDataDir`,
 * taken between two statements under PGlite's query lock: a consistent, crash-safe copy while it keeps serving),
 * writes the tarball to the requested path and a `.done` file the script waits for. Asking needs write access
 * to DATA_DIR and the right to signal the server: its own user. Nothing is exposed over HTTP.
 * When no server runs on the DATA_DIR, the script opens it itself and dumps.
 *
 * PostgreSQL: pg_dump -Fc / pg_restore (scripts/db-backup.ts, scripts/db-restore.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const PID_FILE = 'jotit.pid';
export const REQUEST_DIR = 'backup-requests';
export const BACKUP_SIGNAL = 'SIGUSR2';

export interface BackupRequest {
  /** Absolute path of the tarball to write. */
  out: string;
}

export interface BackupDone {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** A consistent gzipped tarball of a PGlite data directory, taken between two statements. */
export async function dumpPglite(pglite: PGlite): Promise<Buffer> {
  // Everything committed is in the data files, not only in the WAL: the restored copy starts without replay.
  await pglite.exec('CHECKPOINT');
  const tarball = await pglite.dumpDataDir('gzip');
  return Buffer.from(await tarball.arrayBuffer());
}

/** Writes `data` to `file` atomically (a reader never sees half a backup). */
export function writeFileAtomic(file: string, data: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

/** Is a process with this pid alive (and ours to signal)? */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the server running on this DATA_DIR, if one runs. */
export function runningServerPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : undefined;
}

export interface BackupServerOptions {
  pglite: PGlite;
  dataDir: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * In the server (main.ts, embedded database only): writes the pid file and answers backup requests on SIGUSR2.
 * Returns a function that stops answering and removes the pid file.
 */
export function serveBackupRequests(options: BackupServerOptions): () => void {
  const { pglite, dataDir, log } = options;
  const requestDir = path.join(dataDir, REQUEST_DIR);
  mkdirSync(requestDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
  let running: Promise<void> = Promise.resolve();

  const handleAll = async () => {
    for (const name of readdirSync(requestDir).filter((entry) => entry.endsWith('.json'))) {
      const file = path.join(requestDir, name);
      const doneFile = file.replace(/\.json$/, '.done');
      let done: BackupDone;
      try {
        const request = JSON.parse(readFileSync(file, 'utf8')) as BackupRequest;
        rmSync(file);
        const started = Date.now();
        const data = await dumpPglite(pglite);
        writeFileAtomic(path.resolve(request.out), data);
        done = { ok: true, bytes: data.length };
        log.info({ bytes: data.length, durationMs: Date.now() - started }, 'database backup written');
      } catch (error) {
        rmSync(file, { force: true });
        done = { ok: false, error: error instanceof Error ? error.message : String(error) };
        log.error({ err: error }, 'database backup failed');
      }
      writeFileAtomic(doneFile, JSON.stringify(done));
    }
  };
  const onSignal = () => {
    running = running.then(handleAll, handleAll);
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    rmSync(path.join(dataDir, PID_FILE), { force: true });
  };
}
