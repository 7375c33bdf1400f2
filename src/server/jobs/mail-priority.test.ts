/**
 * The mail queues under load (issue 8 §8): a password reset overtakes a backlog of bulk mail, the configured pace
 * holds, and one address gets the lead download e-mail at most LEAD_DOWNLOAD_EMAIL_LIMIT times a day. Real
 * pg-boss on the test database, a real SMTP server; the waits are on e-mails arriving, never on a clock.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../tests/fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { createTestUser } from '../../../tests/fixtures/users.ts';
import { auditLog, leads } from '../db/schema.ts';
import { startAccountMailWorker } from '../modules/auth/account-mail.ts';
import { RESET_SUBJECT } from '../modules/mail/account-emails.ts';
import { captureLead, leadDependencies, LEAD_DOWNLOAD_EMAIL_LIMIT, type LeadDependencies } from '../modules/leads/service.ts';
import { startMailWorker } from './mail.ts';

const DOWNLOAD_SUBJECT = 'Your JotIt download link';

describe('mail queues', () => {
  let smtp: TestSmtpServer;
  let harness: TestApp | undefined;

  /** A fresh app on a fresh database whose mail worker runs at the pace the environment sets. */
  async function start(env: Record<string, string>, options: { workers?: boolean } = {}) {
    smtp = await startSmtpServer();
    harness = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', ...env });
    await harness.queue.start();
    if (options.workers !== false) await startWorkers(harness);
    return harness;
  }

  /** The mail workers, and the account-mail worker that decides a reset request's mail (decision 0041). */
  async function startWorkers(app: TestApp) {
    await startMailWorker(app.queue, app.app.services.mailer, app.app.log, app.config.mail);
    await startAccountMailWorker(app.queue, app.app.services);
  }

  function leadDeps(app: TestApp): LeadDependencies {
    return leadDependencies(app.app.services);
  }

  /** Resolves at the moment the `count`-th matching e-mail arrives (the SMTP fixture wakes waiters on arrival). */
  function arrivalOf(count: number, matches: (subject: string) => boolean): Promise<number> {
    return smtp
      .waitForMail(() => smtp.messages.filter((mail) => matches(mail.subject)).length >= count, 60_000)
      .then(() => Date.now());
  }

  afterEach(async () => {
    await harness?.close();
    await smtp?.close();
    harness = undefined;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('delivers a password reset queued behind 50 lead e-mails before the backlog is drained', async () => {
    const app = await start({ MAIL_RATE_PER_MINUTE: '300' }, { workers: false }); // 5 a second: about 10 s for the backlog
    const user = await createTestUser(app.app);
    const backlog = 50;
    for (let index = 0; index < backlog; index += 1) {
      await captureLead(leadDeps(app), { firstName: 'Burst', email: `burst${index}@example.com` }, { ipAddress: null, userAgent: null });
    }
    // The backlog is being worked off when the reset is asked for, as in a burst.
    await startWorkers(app);
    await arrivalOf(1, (subject) => subject === DOWNLOAD_SUBJECT);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email, captcha: await solveCaptcha(app.app) },
    });
    expect(response.statusCode).toBe(200);

    await smtp.waitForMail((mail) => mail.subject === RESET_SUBJECT && mail.to.includes(user.email), 30_000);
    const bulkSoFar = smtp.messages.filter((mail) => mail.subject === DOWNLOAD_SUBJECT).length;
    expect(bulkSoFar).toBeLessThan(backlog);
    // The backlog is still delivered, in full.
    await arrivalOf(backlog, (subject) => subject === DOWNLOAD_SUBJECT);
  }, 120_000);

  it('keeps to MAIL_RATE_PER_MINUTE: 8 e-mails at 120 a minute are spread over about 3.5 s', async () => {
    const app = await start({ MAIL_RATE_PER_MINUTE: '120', MAIL_CONCURRENCY: '4' });
    const count = 8;
    for (let index = 0; index < count; index += 1) {
      await app.app.services.mailer.enqueue({ to: `paced${index}@example.com`, subject: `Paced ${index}`, text: 'x', html: '<p>x</p>' });
    }
    const isPaced = (subject: string) => subject.startsWith('Paced ');
    const arrivals: number[] = [];
    for (let index = 1; index <= count; index += 1) arrivals.push(await arrivalOf(index, isPaced));
    // Starts are spaced 500 ms apart (3.5 s in all); arrival adds each delivery's own SMTP time, which varies on a
    // loaded machine, hence the wide margin. Without the pace all eight arrive within a few hundred milliseconds.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual((count - 1) * 500 - 1000);
  }, 60_000);

  it(`sends the lead download e-mail to one address at most ${LEAD_DOWNLOAD_EMAIL_LIMIT} times a day, however often the form is sent`, async () => {
    // One message at a time, so e-mails arrive in the order they were queued and the sentinel comes last.
    const app = await start({ MAIL_CONCURRENCY: '1' });
    const post = async (payload: Record<string, string>) =>
      app.app.inject({ method: 'POST', url: '/api/leads', payload: { ...payload, captcha: await solveCaptcha(app.app) } });
    for (let index = 0; index < 5; index += 1) {
      const response = await post({ firstName: `Repeat ${'ABCDE'[index]}`, email: index % 2 ? 'REPEAT@example.com' : 'repeat@example.com' });
      expect(response.statusCode).toBe(200);
    }
    expect((await post({ firstName: 'Sentinel', email: 'sentinel@example.com' })).statusCode).toBe(200);

    await smtp.waitForMail((mail) => mail.to.includes('sentinel@example.com'), 30_000);
    const toRepeat = smtp.messages.filter((mail) => mail.to.some((address) => address.toLowerCase() === 'repeat@example.com'));
    expect(toRepeat).toHaveLength(LEAD_DOWNLOAD_EMAIL_LIMIT);

    // The lead itself is still kept current: one row, the latest first name.
    const rows = await app.database.db.select().from(leads).where(eq(leads.email, 'repeat@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Repeat E');
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.entityId, String(rows[0]!.id))));
    expect(entries).toHaveLength(LEAD_DOWNLOAD_EMAIL_LIMIT);

    // A day later the address can have the link again.
    const later = await captureLead(
      { ...leadDeps(app), now: () => new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000) },
      { firstName: 'Repeat', email: 'repeat@example.com' },
      { ipAddress: null, userAgent: null },
    );
    expect(later.downloadEmailQueued).toBe(true);
  }, 60_000);
});
