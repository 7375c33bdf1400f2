/**
 * Issue 23 §5: sign-up must not tell a registered address from a new one by its timing. Before the fix the
 * penetration test measured 17.3–19.8 ms (registered) against 20.4–24.3 ms (new) over 150 interleaved pairs.
 * Here: 40 interleaved pairs through HTTP (`app.inject`), compared pair by pair, so a busy moment of the shared
 * machine hits both kinds alike. On the code before the fix: median registered − new −3.7 ms, registered slower in
 * 13 of 100 pairs (both checks below fail); after: within ±2 ms, 41–57 of 100, also with the machine at load 17.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { gapAllowance, median } from '../../../../tests/fixtures/timing.ts';
import { createTestUser } from '../../../../tests/fixtures/users.ts';


/**
 * The minimum answer time is production's own 300 ms. It must lie above the work of either path for the check to
 * measure the product's guarantee: that work is 20–40 ms idle but 60–250 ms on a machine running other test files,
 * and a minimum derived from a warm-up (twice its median, as this test had) fell below the work when the load rose
 * after the warm-up — the check then measured the load (a median of 96 ms over a 70 ms minimum, CI rehearsal
 * 2026-11-30). 40 pairs at 300 ms: about 25 s.
 */
const MINIMUM_MS = 300;
const PAIRS = 40;
const WARM_UP = 2;

describe(`sign-up timing on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', SIGN_UP_MIN_MS: '0', LOG_LEVEL: 'warn' });
  });
  afterAll(() => testApp?.close());

  it('answers a registered and a new address in the same time, never before the fixed minimum', { timeout: 150_000 }, async () => {
    const { app } = testApp;
    const confirmed = await createTestUser(app);
    const unconfirmed = await createTestUser(app, { confirmed: false });
    let sequence = 0;
    // Solved beforehand, so the timed loop is sign-ups only.
    const captchas = await Promise.all(Array.from({ length: 2 * PAIRS + 2 * WARM_UP }, () => solveCaptcha(app)));
    const time = async (email: string) => {
      const captcha = captchas.pop()!;
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'secret-password', captcha } });
      const elapsed = performance.now() - started;
      expect(response.statusCode, response.body).toBe(201);
      return elapsed;
    };
    const fresh = () => time(`newcomer.${Date.now()}.${(sequence += 1)}@example.com`);
    const minimum = MINIMUM_MS;
    app.services.config.signUpMinMs = minimum;
    for (let n = 0; n < WARM_UP; n++) await Promise.all([fresh(), time(n % 2 ? confirmed.email : unconfirmed.email)]);
    const differences: number[] = [];
    const all: number[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const registered = pair % 2 === 0 ? confirmed.email : unconfirmed.email;
      // Alternate which goes first, so an order effect cannot look like a difference.
      let known: number;
      let unknown: number;
      if (pair % 4 < 2) {
        unknown = await fresh();
        known = await time(registered);
      } else {
        known = await time(registered);
        unknown = await fresh();
      }
      differences.push(known - unknown);
      all.push(known, unknown);
    }
    const gap = median(differences);
    const slower = differences.filter((difference) => difference > 0).length;
    const allowance = gapAllowance(differences);
    const summary = `minimum ${minimum} ms; median registered − new: ${gap.toFixed(2)} ms (allowed ±${allowance.toFixed(2)} ms); median ${median(all).toFixed(1)} ms; registered slower in ${slower}/${PAIRS} pairs; fastest ${Math.min(...all).toFixed(1)} ms`;
    expect(Math.min(...all), summary).toBeGreaterThanOrEqual(minimum - 1);
    // Before the fix −3.7 ms on an idle machine; with the minimum above the work, the medians wander within ±2 ms of
    // zero. When the load pushes answers past the minimum the allowance widens with the pairs' spread.
    expect(Math.abs(gap), summary).toBeLessThan(allowance);
    // A coin toss: 20 ± 12 of 40 (four standard deviations, as account-mail-timing.test.ts: at three a fair run
    // fails once in a few hundred) holds unless one kind is systematically faster; before the fix, 13 of 100.
    expect(slower, summary).toBeGreaterThan(7);
    expect(slower, summary).toBeLessThan(33);
  });
});
