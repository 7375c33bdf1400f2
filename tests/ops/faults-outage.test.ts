/**
 * Outside services down for a while, then back (issue 14 §1): with the SMTP server not listening and Kit answering
 * 500, leads are still accepted; once SMTP listens again on the same port and Kit answers 200, every queued
 * e-mail is delivered exactly once and every lead is synced to Kit once (its subscriber created once, added to
 * the form once). "Exactly once" is checked after a clean stop, when no mail or Kit job is left waiting.
 *
 * Retries use JOB_RETRY_DELAY_SECONDS=1 (1–2 s, then doubling with jitter) instead of the production 15 s / 30 s,
 * and JOB_POLLING_SECONDS=0.5 (the Kit worker takes one job per poll).
 *
 * Bounds: app start ≤ 60 s (about 10 s on PostgreSQL, 20–35 s on PGlite under load), outage ≥ 3 s and until every lead's first e-mail attempt and
 * first Kit call have failed (≤ 20 s), recovery ≤ 40 s (retries are at most ~8 s apart by then). Whole file
 * about 25–35 s on a quiet 2-core machine.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../fixtures/app-process.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { startFakeKit, type FakeKitServer } from '../fixtures/fake-kit.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { FAULT_ENV, pgliteVariant, postgresVariant } from './faults-load.ts';

// On PostgreSQL when TEST_DATABASE_URL is set (CI; the app starts in about a third of PGlite's time with a fresh
// directory), else on PGlite: the queue logic under test is the same on both (faults-kill covers both).
const variant = process.env.TEST_DATABASE_URL ? postgresVariant : pgliteVariant;

const LEADS = 5;
const OUTAGE_MS = 3000;

async function until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`SMTP and Kit down for a while, then back (on ${variant.name})`, () => {
  let smtp: TestSmtpServer;
  let kit: FakeKitServer;
  let app: AppProcess | undefined;
  let database: Awaited<ReturnType<typeof variant.setUp>> | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    kit = await startFakeKit();
    database = await variant.setUp();
  });
  afterAll(async () => {
    await app?.kill();
    if (app) rmSync(app.dataDir, { recursive: true, force: true });
    await smtp?.close();
    await kit?.close();
    await database?.tearDown();
  });

  it('delivers every queued e-mail exactly once and syncs every lead to Kit once', async () => {
    await smtp.stop();
    kit.setFailing(true);
    app = await startAppProcess({
      env: {
        ...FAULT_ENV,
        ...kit.env(),
        // These tests prove the sync survives faults; double opt-in (issue 24) would hold it until a click.
        SUBSCRIBE_DOUBLE_OPT_IN: 'false',
        SMTP_URL: smtp.url,
        DATABASE_URL: database!.databaseUrl,
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_POLLING_SECONDS: '0.5',
      },
    });

    const emails = Array.from({ length: LEADS }, (_, index) => `outage-${index}-${Date.now()}@example.com`);
    for (const email of emails) {
      const response = await fetch(`${app.baseUrl}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, firstName: 'Outage', source: 'fault-test', captcha: await solveCaptchaOver(app.baseUrl) }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ success: true });
    }
    const downSince = Date.now();

    // Down long enough that every e-mail and every Kit sync has failed at least once.
    const mailFailures = () => app!.output.join('').split('e-mail delivery failed; will retry').length - 1;
    const kitFailures = () => kit.requests.filter((request) => request.status === 500).length;
    await until(() => mailFailures() >= LEADS && kitFailures() >= LEADS && Date.now() - downSince >= OUTAGE_MS, 20_000, 'failed attempts');
    const failedAttempts = { mail: mailFailures(), kit: kitFailures() };

    await smtp.start();
    kit.setFailing(false);
    const upAt = Date.now();
    const synced = (email: string) => kit.subscribers.get(email)?.forms.has(kit.formId) ?? false;
    // Woken by each e-mail and Kit request, not polled.
    await Promise.all([
      ...emails.map((email) => smtp.waitForMail((mail) => mail.to.includes(email), 40_000)),
      kit.waitFor(() => emails.every(synced), 40_000),
    ]);
    const recoveredMs = Date.now() - upAt;

    // A clean stop, then nothing may be left to run: every mail and Kit job completed.
    expect(await app.stop()).toBe(0);
    const jobs = await variant.query<{ name: string; state: string; count: number }>(
      app,
      database!.databaseUrl,
      `select name, state, count(*)::int as count from pgboss.job where name = any($1::text[]) group by 1, 2 order by 1, 2`,
      [['mail.send', 'mail.transactional', 'kit.sync-lead']],
    );
    expect(jobs).toEqual([
      { name: 'kit.sync-lead', state: 'completed', count: LEADS },
      { name: 'mail.send', state: 'completed', count: LEADS },
    ]);

    for (const email of emails) {
      expect(smtp.messages.filter((mail) => mail.to.includes(email)).length, `e-mails to ${email}`).toBe(1);
      const created = kit.requests.filter((request) => request.path === '/v4/subscribers' && request.body.email_address === email && request.status === 201);
      expect(created.length, `Kit subscribers created for ${email}`).toBe(1);
      const added = kit.requests.filter((request) => request.path.startsWith('/v4/forms/') && request.body.email_address === email && request.status === 201);
      expect(added.length, `Kit form adds for ${email}`).toBe(1);
    }
    console.info(
      `[faults-outage] ${LEADS} leads; failed attempts while down: ${failedAttempts.mail} e-mail, ${failedAttempts.kit} Kit; ` +
        `all delivered and synced ${recoveredMs} ms after the services came back`,
    );
  });
});
