import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';

describe('e-mail jobs', () => {
  let smtp: TestSmtpServer;
  let harness: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    harness = await createTestApp({ SMTP_URL: smtp.url });
    await harness.startWorkers();
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('keeps retrying a queued e-mail until the SMTP server accepts it', async () => {
    smtp.refuseNext(2);
    await harness.queue.send(
      'mail.send',
      { to: 'ann@example.com', subject: 'Retry me', text: 'Hello Ann\n\nhttps://jotit.test/x', html: '<p>Hello Ann</p>' },
      { retryDelaySeconds: 1 },
    );
    const mail = await smtp.waitForMail((message) => message.subject === 'Retry me', 30_000);
    expect(smtp.refusedCount()).toBe(2);
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.text).toContain('https://jotit.test/x');
    expect(mail.raw).toMatch(/text\/html/);
  });

  it('stores the job in the database before any delivery is tried', async () => {
    await harness.queue.send('mail.send', { to: 'bob@example.com', subject: 'Stored first', text: 'x', html: '<p>x</p>' });
    const { rows } = await harness.database.sql.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'subject' = 'Stored first'",
    );
    expect(rows[0]?.n).toBe(1);
    await smtp.waitForMail((message) => message.subject === 'Stored first');
  });
});

describe('e-mail headers (issue 24)', () => {
  let smtp: TestSmtpServer;
  let harness: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    harness = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'hello@jotit.test',
      MAIL_FROM_NAME: 'JotIt Team',
      DKIM_DOMAIN: 'jotit.test',
      DKIM_SELECTOR: 'mail2026',
      // As an environment variable holds it: one line, \n escapes.
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    await harness.startWorkers();
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('signs with DKIM, names the sender, says it is automatic, and adds List-Unsubscribe only to what may be stopped', async () => {
    const { mailer } = harness.app.services;
    await mailer.enqueue({ to: 'account@example.com', subject: 'Account', text: 'x', html: '<p>x</p>', kind: 'transactional' });
    await mailer.enqueue({ to: 'news@example.com', subject: 'News', text: 'x', html: '<p>x</p>', unsubscribe: { scope: 'marketing', url: 'http://jotit.test/unsubscribe?t=abc' } });
    const account = await smtp.waitForMail((mail) => mail.subject === 'Account');
    const news = await smtp.waitForMail((mail) => mail.subject === 'News');
    const head = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    for (const mail of [account, news]) {
      expect(head(mail.raw)).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=jotit\.test; .*s=mail2026;/im);
      expect(head(mail.raw)).toMatch(/^From: JotIt Team <hello@jotit\.test>$/im);
      expect(head(mail.raw)).toMatch(/^Auto-Submitted: auto-generated$/im);
    }
    expect(head(account.raw)).not.toMatch(/^List-Unsubscribe/im);
    expect(head(news.raw)).toMatch(/^List-Unsubscribe: <http:\/\/jotit\.test\/unsubscribe\?t=abc>, <mailto:support@jotit\.local\?subject=Unsubscribe>$/im);
    expect(head(news.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  });
});

describe('e-mail without SMTP', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
    await harness.startWorkers();
  });
  afterAll(() => harness?.close());

  it('writes the message to the outbox and logs its links', async () => {
    await harness.app.services.mailer.enqueue({
      to: 'cy@example.com',
      subject: 'Outbox test',
      text: 'Confirm: https://jotit.test/confirm-email?token=abc',
      html: '<p>x</p>',
    });
    const outbox = path.join(harness.config.dataDir, 'outbox');
    await expect.poll(() => { try { return readdirSync(outbox).length; } catch { return 0; } }, { timeout: 15_000 }).toBe(1);
    const [file] = readdirSync(outbox);
    expect(readFileSync(path.join(outbox, file!), 'utf8')).toContain('Subject: Outbox test');
    expect(harness.logs.some((line) => Array.isArray(line.links) && String(line.links[0]).includes('/confirm-email'))).toBe(true);
  });
});
