/**
 * PostgreSQL stopped and started again under load (issue 14 §1), on a private cluster (tests/fixtures/private-
 * postgres.ts), never the shared server on 5432: while the database is away `/readyz` answers 503, requests fail
 * quickly with a clean 503 `{ error }` (no 500, no hang, no crash), and once it is back `/readyz` answers 200 and
 * jots are accepted again, without restarting the instance. Skipped when the PostgreSQL server binaries are absent.
 *
 * Bounds: cluster ≤ 30 s (about 5 s), app start ≤ 60 s, 503 from /readyz ≤ 5 s after the stop, database away
 * for about 3 s, /readyz 200 again ≤ 10 s after the start, every request answered within 5 s. Whole file about
 * 20–30 s on a quiet 2-core machine.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../fixtures/app-process.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../fixtures/private-postgres.ts';
import { createBuildKey, FAULT_ENV, startLoad } from './faults-load.ts';

const unavailable = privatePostgresUnavailable();
/** A request that takes longer than this counts as a hang. */
const MAX_ANSWER_MS = 5000;
const OUTAGE_MS = 3000;

async function readyStatus(baseUrl: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(MAX_ANSWER_MS) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

/** Polls /readyz until it answers `status`; returns the milliseconds it took and the last body. */
async function waitForReady(baseUrl: string, status: number, timeoutMs: number): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  for (;;) {
    const answer = await readyStatus(baseUrl);
    if (answer.status === status) return { ms: performance.now() - started, body: answer.body };
    if (performance.now() - started > timeoutMs) throw new Error(`/readyz did not answer ${status} within ${timeoutMs} ms (last: ${answer.status} ${answer.body})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(unavailable)(`PostgreSQL restarted under load${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: PrivatePostgres | undefined;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
  });
  afterAll(async () => {
    await app?.kill();
    if (app) rmSync(app.dataDir, { recursive: true, force: true });
    await cluster?.destroy();
  });

  it('answers 503 quickly while the database is away and serves again once it is back, without a restart', async () => {
    app = await startAppProcess({ env: { ...FAULT_ENV, DATABASE_URL: cluster!.url } });
    const key = await createBuildKey(app.baseUrl);
    const load = startLoad({ baseUrl: app.baseUrl, key, jotWorkers: 4, leadWorkers: 0, requestTimeoutMs: 15_000, pauseAfterFailureMs: 100 });
    try {
      await load.until((l) => l.jotIds.length >= 20, 30_000);

      await cluster!.stop();
      const stoppedAt = performance.now();
      const down = await waitForReady(app.baseUrl, 503, 5000);
      expect(JSON.parse(down.body)).toEqual({ error: expect.any(String) });
      const failedBefore = load.outcomes.filter((outcome) => outcome.status !== 201).length;
      // The database stays away for OUTAGE_MS and at least 8 failed requests.
      await load.until(
        (l) => l.outcomes.filter((outcome) => outcome.status !== 201).length >= failedBefore + 8 && performance.now() - stoppedAt >= OUTAGE_MS,
        10_000,
      );

      await cluster!.start();
      const startedAt = load.outcomes.length;
      const up = await waitForReady(app.baseUrl, 200, 10_000);
      await load.until((l) => l.outcomes.slice(startedAt).some((outcome) => outcome.status === 201), 10_000);
      await load.stop();

      const failures = load.outcomes.filter((outcome) => outcome.status !== 201);
      const statuses = [...new Set(load.outcomes.map((outcome) => outcome.status))].sort();
      const slowest = Math.max(...load.outcomes.map((outcome) => outcome.ms));
      console.info(
        `[faults-postgres-restart] ${load.outcomes.length} requests, ${failures.length} failed (statuses ${statuses.join(', ')}), ` +
          `slowest ${Math.round(slowest)} ms; /readyz 503 ${Math.round(down.ms)} ms after the stop, 200 ${Math.round(up.ms)} ms after the start`,
      );
      expect(failures.filter((outcome) => outcome.status !== 503), 'only clean 503s while the database is away').toEqual([]);
      for (const failure of failures) expect(JSON.parse(failure.body)).toEqual({ error: expect.any(String) });
      expect(slowest, 'no request hangs').toBeLessThan(MAX_ANSWER_MS);
      expect(up.ms).toBeLessThan(10_000);
      expect(app.output.join(''), 'the process is still the same one').not.toMatch(/failed to start|exiting/i);
      expect(await Promise.race([app.exited.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('alive'), 50))])).toBe('alive');
    } finally {
      await load.stop();
    }
  });
});
