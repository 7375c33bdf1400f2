/**
 * Load for the fault tests (tests/ops/faults-*.test.ts) over real HTTP: concurrent v2 jots and lead submissions,
 * recording what the server acknowledged (a jot's 201 and id, a lead's `{ success: true }`) and how every other
 * answer looked (status, body, time), so a test can check that nothing acknowledged was lost and that failures
 * were clean and quick.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { encryptV2 } from '../../src/shared/jot-crypto.ts';
import type { AppProcess } from '../fixtures/app-process.ts';
import { createScratchDatabase } from '../fixtures/test-database.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';

export const FAULT_ADMIN = { email: 'ops-admin@example.com', password: 'ops-admin-password-1' };

/** Env shared by the fault tests' processes: an admin to sign in, cheap captchas, no rate limits in the way. */
export const FAULT_ENV: Record<string, string> = {
  ADMIN_EMAIL: FAULT_ADMIN.email,
  ADMIN_PASSWORD: FAULT_ADMIN.password,
  SEED_DEMO: 'false',
  CAPTCHA_MAX_NUMBER: '10',
  RATE_LIMIT_MULTIPLIER: '10000',
  MAIL_RATE_PER_MINUTE: '60000',
  LOG_LEVEL: 'warn',
};

export interface BuildKey {
  name: string;
  value: string;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Signs the admin in and creates a build GUID to encrypt jots with. */
export async function createBuildKey(baseUrl: string): Promise<BuildKey> {
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...FAULT_ADMIN, captcha: await solveCaptchaOver(baseUrl) }),
    }),
  );
  const key = { name: `fault-build-${randomBytes(4).toString('hex')}`, value: randomBytes(24).toString('base64url') };
  await json(
    await fetch(`${baseUrl}/api/build-guids`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(key),
    }),
  );
  return key;
}

export interface Outcome {
  kind: 'jot' | 'lead';
  /** 0 when the connection failed (the process was killed). */
  status: number;
  body: string;
  ms: number;
}

export interface Load {
  /** Ids of the jots answered 201. */
  jotIds: number[];
  /** Addresses of the leads answered `{ success: true }`. */
  leadEmails: string[];
  outcomes: Outcome[];
  /** Requests sent and not yet answered. */
  inFlight(): number;
  /** Resolves when `predicate` holds (checked after every answer). */
  until(predicate: (load: Load) => boolean, timeoutMs: number): Promise<void>;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

export interface LoadOptions {
  baseUrl: string;
  key: BuildKey;
  jotWorkers: number;
  leadWorkers: number;
  /** A request that takes longer is aborted (and recorded as status 0). */
  requestTimeoutMs?: number;
  /** Pause between one worker's requests after a failed one (a dead server refuses at once). */
  pauseAfterFailureMs?: number;
}

export function startLoad(options: LoadOptions): Load {
  const run = randomBytes(3).toString('hex');
  let stopped = false;
  let inFlight = 0;
  let sequence = 0;
  const waiters = new Set<() => void>();
  const timeout = options.requestTimeoutMs ?? 15_000;

  const load: Load = {
    jotIds: [],
    leadEmails: [],
    outcomes: [],
    inFlight: () => inFlight,
    until(predicate, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(load)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Load condition not met within ${timeoutMs} ms (${load.jotIds.length} jots, ${load.leadEmails.length} leads acknowledged)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      stopped = true;
      await Promise.allSettled(workers);
    },
  };

  async function request(kind: Outcome['kind'], url: string, body: unknown): Promise<Outcome> {
    const started = performance.now();
    inFlight += 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeout),
      });
      return { kind, status: response.status, body: await response.text(), ms: performance.now() - started };
    } catch (error) {
      return { kind, status: 0, body: error instanceof Error ? error.message : String(error), ms: performance.now() - started };
    } finally {
      inFlight -= 1;
    }
  }

  function record(outcome: Outcome) {
    load.outcomes.push(outcome);
    for (const check of [...waiters]) check();
  }

  async function pauseIfFailed(outcome: Outcome) {
    if (outcome.status >= 200 && outcome.status < 300) return;
    await new Promise((resolve) => setTimeout(resolve, options.pauseAfterFailureMs ?? 50));
  }

  async function jotWorker() {
    while (!stopped) {
      sequence += 1;
      const payload = encryptV2({ text: `fault jot ${run} ${sequence}`, clientId: `fault-${run}` }, options.key.name, options.key.value);
      const outcome = await request('jot', `${options.baseUrl}/api/v2/jots`, { payload });
      if (outcome.status === 201) load.jotIds.push(Number((JSON.parse(outcome.body) as { id: number }).id));
      record(outcome);
      await pauseIfFailed(outcome);
    }
  }

  async function leadWorker() {
    while (!stopped) {
      sequence += 1;
      const email = `lead-${run}-${sequence}@example.com`;
      let captcha: string;
      try {
        captcha = await solveCaptchaOver(options.baseUrl);
      } catch (error) {
        record({ kind: 'lead', status: 0, body: error instanceof Error ? error.message : String(error), ms: 0 });
        await new Promise((resolve) => setTimeout(resolve, options.pauseAfterFailureMs ?? 50));
        continue;
      }
      const outcome = await request('lead', `${options.baseUrl}/api/leads`, { email, firstName: 'Fault', source: 'fault-test', captcha });
      if (outcome.status === 200 && outcome.body.includes('"success":true')) load.leadEmails.push(email);
      record(outcome);
      await pauseIfFailed(outcome);
    }
  }

  const workers = [
    ...Array.from({ length: options.jotWorkers }, jotWorker),
    ...Array.from({ length: options.leadWorkers }, leadWorker),
  ];
  return load;
}

/** Where a fault test's app keeps its data: PGlite in DATA_DIR, or a fresh database on TEST_DATABASE_URL's server. */
export interface Variant {
  name: 'pglite' | 'postgres';
  /** DATABASE_URL for the app ('' = PGlite in DATA_DIR). */
  setUp(): Promise<{ databaseUrl: string; tearDown(): Promise<void> }>;
  /** Runs `text` against the app's data (PGlite: once the app has stopped, as it holds the directory). */
  query<Row>(app: AppProcess, databaseUrl: string, text: string, values: unknown[]): Promise<Row[]>;
}

export const pgliteVariant: Variant = {
  name: 'pglite',
  setUp: async () => ({ databaseUrl: '', tearDown: async () => {} }),
  async query<Row>(app: AppProcess, _url: string, text: string, values: unknown[]) {
    const db = await PGlite.create(path.join(app.dataDir, 'pglite'));
    try {
      return (await db.query<Row>(text, values)).rows;
    } finally {
      await db.close();
    }
  },
};

export const postgresVariant: Variant = {
  name: 'postgres',
  async setUp() {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jotit_fault');
    return { databaseUrl: scratch.url, tearDown: scratch.drop };
  },
  async query<Row>(_app: AppProcess, databaseUrl: string, text: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  },
};
