/**
 * Starts the real product (`dist/server/main.js`, built web app, embedded database with demo content) on a free
 * port for browser tests, as `npm start` would, with a known admin and a fast captcha.
 *
 * Every server starts on its own copy of one seeded data directory, made once per run by global-setup.ts: a fresh
 * start migrates and seeds (about 11 s of CPU here), a start on seeded data about 4 s, and forty browser files each
 * start one. The copy is the same as a fresh start's data: the same product, env and admin, seeded the same day.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type AppProcess, startAppProcess } from '../fixtures/app-process.ts';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' } as const;

export type RunningServer = Pick<AppProcess, 'baseUrl' | 'dataDir' | 'output' | 'stop'>;

/** The seeded data directory global-setup.ts made, and the UTC day it was seeded on. */
export interface SeededData {
  dir: string;
  day: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededData: SeededData | null;
  }
}

export const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/**
 * A private copy of the run's seeded data, or undefined (a fresh start) outside a test run, or when the day has
 * changed since it was seeded: the demo content is dated from the day it is seeded, and a screen's "today" with it.
 */
function copyOfSeededData(): string | undefined {
  let seeded: SeededData | null = null;
  try {
    seeded = inject('e2eSeededData');
  } catch {
    return undefined; // not inside a Vitest run (a script reusing startServer)
  }
  if (!seeded || seeded.day !== utcDay()) return undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jotit-e2e-'));
  cpSync(seeded.dir, dataDir, { recursive: true });
  return dataDir;
}

/**
 * `prepareData` changes the data directory before the product opens it: a spec that needs rows the API cannot
 * make (a year of dated jots and leads) writes them into the embedded database there.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { seeded?: boolean; readyTimeoutMs?: number; prepareData?(dataDir: string): Promise<void> } = {},
): Promise<RunningServer> {
  let dataDir = options.seeded === false ? undefined : copyOfSeededData();
  if (options.prepareData) {
    dataDir ??= mkdtempSync(path.join(tmpdir(), 'jotit-e2e-'));
    await options.prepareData(dataDir);
  }
  return startAppProcess({
    dataDir,
    readyTimeoutMs: options.readyTimeoutMs,
    env: {
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      CAPTCHA_MAX_NUMBER: '10',
      RATE_LIMIT_MULTIPLIER: '20',
      ...env,
    },
  });
}
