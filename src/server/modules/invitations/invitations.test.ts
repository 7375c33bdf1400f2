import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { describePublicForm } from '../../../../tests/fixtures/public-form-suite.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { INVITATION_RECIPIENT_LIMIT_ERROR } from '../../../shared/schemas/invitations.ts';
import { invitations } from '../../db/schema.ts';
import { sendInvitation } from './service.ts';

let ipCounter = 0;
const freshIp = () => `10.50.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const VALID = {
  senderName: 'Ada',
  senderEmail: 'ada@example.com',
  recipientName: 'Charles',
  recipientEmail: 'charles@example.com',
};

/** The decoded HTML part of a received message. */
function htmlPart(mail: ReceivedMail): string {
  const match = /content-type: text\/html[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(mail.raw);
  const body = match?.[1] ?? '';
  const header = match ? mail.raw.slice(Math.max(0, match.index), match.index + match[0].length - body.length) : '';
  if (/quoted-printable/i.test(header)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  if (/base64/i.test(header)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

describe(`invitations on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url });
    await testApp.startWorkers();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  async function post(body: Record<string, unknown>, options: { captcha?: boolean; ip?: string } = {}) {
    const captcha = options.captcha === false ? undefined : await solveCaptcha(testApp.app);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/send-invitation-email',
      remoteAddress: options.ip ?? freshIp(),
      payload: { captcha, ...body },
    });
  }

  it('stores the invitation and e-mails the recipient; the personal message is escaped and never made a link', async () => {
    const personalMessage = 'You NEED this: https://phish.example/login <script>alert(1)</script>\nSecond line & more';
    const response = await post({ ...VALID, recipientEmail: 'grace@example.com', recipientName: 'Grace', personalMessage });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await smtp.waitForMail((message) => message.to.includes('grace@example.com'));
    expect(mail.subject).toBe('Ada invited you to try JotIt');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.text).toContain('Ada (ada@example.com) thinks you would like JotIt');
    expect(mail.text).toContain('> You NEED this: https://phish.example/login');
    expect(mail.text).toContain('http://jotit.test/?utm_source=invitation&utm_medium=email#download');
    const html = htmlPart(mail);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Second line &amp; more');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/href="https:\/\/phish\.example/);
    // Our own link is the only one.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'http://jotit.test/?utm_source=invitation&amp;utm_medium=email#download',
    ]);
  });

  it('lets one address receive at most 3 invitations in 24 hours (any case, any sender): then 429 with Retry-After', async () => {
    for (const recipientEmail of ['flood@example.com', 'FLOOD@example.com', 'Flood@Example.com']) {
      expect((await post({ ...VALID, recipientEmail })).statusCode).toBe(200);
    }
    const limited = await post({ ...VALID, senderName: 'Someone else', senderEmail: 'else@example.com', recipientEmail: 'flood@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: INVITATION_RECIPIENT_LIMIT_ERROR });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Another address is not affected.
    expect((await post({ ...VALID, recipientEmail: 'calm@example.com' })).statusCode).toBe(200);
  });

  it('admits only 3 of many concurrent invitations to one address', async () => {
    const db = testApp.app.services.database.db;
    const deps = { db, mailer: testApp.app.services.mailer, publicUrl: 'http://jotit.test' };
    const meta = { ipAddress: null, userAgent: null };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => sendInvitation(deps, { ...VALID, recipientEmail: 'race@example.com' }, meta)),
    );
    expect(results.filter((result) => result.sent)).toHaveLength(3);
  });

  it('counts only the last 24 hours', async () => {
    const db = testApp.app.services.database.db;
    const deps = { db, mailer: testApp.app.services.mailer, publicUrl: 'http://jotit.test' };
    const meta = { ipAddress: null, userAgent: null };
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000);
    for (let index = 0; index < 3; index += 1) {
      expect((await sendInvitation({ ...deps, now: () => dayAgo }, { ...VALID, recipientEmail: 'old@example.com' }, meta)).sent).toBe(true);
    }
    expect((await sendInvitation(deps, { ...VALID, recipientEmail: 'old@example.com' }, meta)).sent).toBe(true);
  });

  describePublicForm({
    path: '/api/send-invitation-email',
    context: () => ({ app: testApp.app, smtp }),
    // The recipient is the marker too: one address gets at most 3 invitations a day.
    bodyWith: (marker) => ({ ...VALID, recipientName: marker, recipientEmail: `${marker}@example.com` }),
    invalid: [
      [{ ...VALID, senderName: '' }, 'Your name is required'],
      [{ ...VALID, senderEmail: 'ada' }, 'Valid email is required'],
      [{ ...VALID, recipientName: undefined }, 'Recipient name is required'],
      [{ ...VALID, recipientEmail: 'charles@' }, 'Valid recipient email is required'],
      [{ ...VALID, recipientEmail: undefined }, 'Valid recipient email is required'],
    ],
    storedCount: async (app) => (await app.services.database.db.select({ value: count() }).from(invitations))[0]!.value,
  });
});
