/**
 * Issue 34 §1: `POST /api/auth/forgot-password` and `POST /api/send-confirmation-email` must not tell a registered
 * (or unconfirmed) address from an unknown one by their timing. The penetration test measured 18.3 ms (registered)
 * against 5.8 ms (unknown), and 7.05 against 3.71 ms (unconfirmed), over 110 interleaved pairs.
 *
 * As sign-up-timing.test.ts: interleaved pairs through HTTP (`app.inject`), compared pair by pair so that a busy
 * moment of the shared machine hits both kinds alike, with the mail workers running (the work a known address causes
 * after the answer is part of what an attacker could feel). Each pair asks for a different registered address, as an
 * attacker probing a list would, so the once-a-minute rule never turns the known path into the short one. Figures
 * before and after are in decision 0041.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { gapAllowance, median } from '../../../../tests/fixtures/timing.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';


const PAIRS = 100;
const WARM_UP = 6;
/** As in sign-up-timing.test.ts: the floor lies above the work of either path, whatever the machine's load. */
const minimumFor = (warmUp: number[]) => Math.min(150, Math.max(60, Math.ceil(median(warmUp) * 2)));

interface Route {
  name: string;
  url: string;
  needsCaptcha: boolean;
  /** Registered addresses of the kind that gets a mail: any account for a reset, an unconfirmed one for a re-send. */
  confirmed: boolean;
}

const ROUTES: Route[] = [
  { name: 'forgot-password', url: '/api/auth/forgot-password', needsCaptcha: true, confirmed: true },
  { name: 'send-confirmation-email', url: '/api/send-confirmation-email', needsCaptcha: false, confirmed: false },
];

describe(`account mail timing on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let sequence = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', SIGN_UP_MIN_MS: '0', LOG_LEVEL: 'warn' });
    await testApp.startWorkers();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it.each(ROUTES)('$name answers a registered and an unknown address in the same time, never before the floor', { timeout: 120_000 }, async (route) => {
    const { app } = testApp;
    app.services.config.signUpMinMs = 0;
    const passwordHash = await hashPassword('password-123');
    const registered = (
      await app.services.database.db
        .insert(users)
        .values(
          Array.from({ length: PAIRS + WARM_UP }, (_, index) => ({
            username: `${route.name}-${index}`,
            email: `${route.name}.registered.${index}@example.com`,
            passwordHash,
            isApproved: true,
            emailConfirmedAt: route.confirmed ? new Date() : null,
          })),
        )
        .returning({ email: users.email })
    ).map((row) => row.email);
    // Solved beforehand, so the timed loop is the route only.
    const captchas = route.needsCaptcha ? await Promise.all(Array.from({ length: 2 * (PAIRS + WARM_UP) }, () => solveCaptcha(app))) : [];
    const time = async (email: string) => {
      const payload = route.needsCaptcha ? { email, captcha: captchas.pop()! } : { email };
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: route.url, payload });
      const elapsed = performance.now() - started;
      expect(response.statusCode, response.body).toBe(200);
      return elapsed;
    };
    const unknown = () => time(`stranger.${route.name}.${(sequence += 1)}@example.com`);
    const warmUp: number[] = [];
    for (let n = 0; n < WARM_UP; n++) warmUp.push(await unknown(), await time(registered.pop()!));
    const minimum = minimumFor(warmUp);
    app.services.config.signUpMinMs = minimum;

    const differences: number[] = [];
    const all: number[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      // Which goes first is drawn at random: the job a request queues runs a second or two later and slows whichever
      // request is then under way, and a fixed order would line that up with one kind (seen on PostgreSQL).
      let known: number;
      let stranger: number;
      if (Math.random() < 0.5) {
        stranger = await unknown();
        known = await time(registered.pop()!);
      } else {
        known = await time(registered.pop()!);
        stranger = await unknown();
      }
      differences.push(known - stranger);
      all.push(known, stranger);
    }
    const gap = median(differences);
    const slower = differences.filter((difference) => difference > 0).length;
    const allowance = gapAllowance(differences);
    const summary = `${route.name}: minimum ${minimum} ms; median registered − unknown: ${gap.toFixed(2)} ms (allowed ±${allowance.toFixed(2)} ms); median ${median(all).toFixed(1)} ms; registered slower in ${slower}/${PAIRS} pairs; fastest ${Math.min(...all).toFixed(1)} ms`;
    expect(Math.min(...all), summary).toBeGreaterThanOrEqual(minimum - 1);
    // Under load 28 on PostgreSQL the answers spread over 150–400 ms; before the fix the gap was +23.1 and +45.8 ms,
    // several times what chance allows.
    expect(Math.abs(gap), summary).toBeLessThan(allowance);
    // A coin toss: 50 ± 20 of 100 (four standard deviations) holds unless one kind is systematically faster. The
    // count is exact under any load, but at three (± 15) a fair run fails once in 370, and CI runs this check four
    // times: it failed there at 65 with a gap of 0.20 ms. Before the fix: 86 and 92 of 100 (decision 0041).
    expect(slower, summary).toBeGreaterThan(30);
    expect(slower, summary).toBeLessThan(70);
  });
});
