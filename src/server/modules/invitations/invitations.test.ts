import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePublicForm, postPublicForm, useAppWithMail } from '../../../../tests/fixtures/public-form-suite.ts';
import type { ReceivedMail, TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import {
  INVITATION_GLOBAL_LIMIT_ERROR,
  INVITATION_IP_LIMIT_ERROR,
  INVITATION_RECIPIENT_LIMIT_ERROR,
  PERSONAL_MESSAGE_LETTERS_ERROR,
  PERSONAL_MESSAGE_LINK_ERROR,
  RECIPIENT_NAME_ERROR,
  RECIPIENT_NAME_IMPERSONATION_ERROR,
  SENDER_NAME_ERROR,
  SENDER_NAME_IMPERSONATION_ERROR,
  SENDER_NAME_LETTERS_ERROR,
} from '../../../shared/schemas/invitations.ts';
import { invitations } from '../../db/schema.ts';
import { suppress } from '../unsubscribe/service.ts';
import { type InvitationDependencies, invitationsLastHour, sendInvitation } from './service.ts';

const VALID = {
  senderName: 'Ada',
  senderEmail: 'ada@example.com',
  recipientName: 'Charles',
  recipientEmail: 'charles@example.com',
};

/** The decoded HTML part of a received message. */
function htmlPart(mail: ReceivedMail): string {
  // Ends at the next MIME boundary (HTML comments like `-->` may start a line too).
  const match = /content-type: text\/html[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--[-\w]{8,}|$)/i.exec(mail.raw);
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
  let testApp: TestApp, smtp: TestSmtpServer;
  useAppWithMail({}, (suite) => ({ testApp, smtp } = suite));

  const post = (body: Record<string, unknown>, options: { captcha?: boolean; ip?: string } = {}) => postPublicForm(testApp.app, '/api/send-invitation-email', body, options);

  /** A header of a received message (unfolded), or undefined. */
  const header = (mail: ReceivedMail, name: string) => {
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
  };
  const deps = (overrides: Partial<InvitationDependencies> = {}): InvitationDependencies => ({
    db: testApp.app.services.database.db,
    mailer: testApp.app.services.mailer,
    brand: testApp.app.services.mailBrand,
    unsubscribe: testApp.app.services.unsubscribeLinks,
    hourlyCap: 1000,
    ...overrides,
  });
  const meta = { ipAddress: null, userAgent: null, requestId: 'test' };

  it('mails the recipient from our address: a fixed Subject, the sender shown as unverified, no Reply-To, the message escaped', async () => {
    const personalMessage = 'You NEED this <script>alert(1)</script>\nSecond line & more';
    const response = await post({ ...VALID, recipientEmail: 'grace@example.com', recipientName: 'Grace', personalMessage });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await smtp.waitForMail((message) => message.to.includes('grace@example.com'));
    expect(mail.subject).toBe('You are invited to try JotIt');
    expect(header(mail, 'From')).toBe('JotIt <no-reply@jotit.local>');
    expect(header(mail, 'Reply-To')).toBeUndefined();
    expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/jotit\.test\/unsubscribe\?t=[\w.-]+>, <mailto:support@jotit\.local\?subject=Unsubscribe>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.text.replace(/\s+/g, ' ')).toContain('the sender gave the address ada@example.com, which we did not check');
    expect(mail.text).toMatch(/> You NEED this <script>alert\(1\)<\/script>\r?\n> Second line & more/);
    expect(mail.text).toContain('http://jotit.test/?utm_source=invitation&utm_medium=email#download');
    const html = htmlPart(mail);
    expect(html).toContain('You NEED this &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<html[^>]* lang="en"/);
    // Only our own links.
    for (const [, href] of html.matchAll(/href="([^"]+)"/g)) expect(href).toMatch(/^http:\/\/jotit\.test\//);
  });

  it.each([
    [{ senderName: 'Security Team: your account is locked' }, SENDER_NAME_ERROR],
    [{ senderName: 'Verify at paypal-verify.example' }, SENDER_NAME_ERROR],
    [{ senderName: 'https://evil.example' }, SENDER_NAME_ERROR],
    [{ senderName: 'security@paypal.com' }, SENDER_NAME_ERROR],
    [{ senderName: 'Call 555 0100 now' }, SENDER_NAME_ERROR],
    [{ senderName: 'A'.repeat(51) }, SENDER_NAME_ERROR],
    [{ recipientName: 'Grace www.evil.example' }, RECIPIENT_NAME_ERROR],
    [{ personalMessage: 'Log in at https://phish.example/login' }, PERSONAL_MESSAGE_LINK_ERROR],
    [{ personalMessage: 'Verify now at paypal-verify.com today' }, PERSONAL_MESSAGE_LINK_ERROR],
    [{ personalMessage: 'Write to security@paypal.com' }, PERSONAL_MESSAGE_LINK_ERROR],
    [{ personalMessage: 'x'.repeat(501) }, 'Must be at most 500 characters'],
  ])('refuses %j with a 400 that says why, and sends nothing', async (change, error) => {
    const response = await post({ ...VALID, recipientEmail: 'refused@example.com', ...change }, { captcha: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  // Issue 34 item 4 (decision 0042): what was accepted, read as a mail client or a person reads it.
  it.each([
    ['personalMessage', 'evil。com', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'evil．com/login', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'https：//evil．com', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'пример.рф', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'see evil.zip', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', '1.2.3.4/login', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'evil\u200b.com', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'evil\u2024com', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'evil.c\u043em', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'g00gle.security-check.help', PERSONAL_MESSAGE_LINK_ERROR],
    ['personalMessage', 'Log in to your p\u0430ypal account', PERSONAL_MESSAGE_LETTERS_ERROR],
    ['senderName', 'PayPal Support', SENDER_NAME_IMPERSONATION_ERROR],
    ['senderName', 'Security Team', SENDER_NAME_IMPERSONATION_ERROR],
    ['senderName', '\uff33'.repeat(50), SENDER_NAME_LETTERS_ERROR],
    ['recipientName', 'Amazon Billing', RECIPIENT_NAME_IMPERSONATION_ERROR],
  ])('refuses the %s %j with a 400 naming the field (decision 0042)', async (field, value, error) => {
    const response = await post({ ...VALID, recipientEmail: 'smuggled@example.com', [field]: value }, { captcha: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
    expect(response.json().details[0]).toEqual({ field, message: error });
  });

  it('still sends ordinary messages and names: punctuation, abbreviations, emoji, any script', async () => {
    for (const [senderName, personalMessage, recipientEmail] of [
      ["Zoë O'Neil", 'Hi Sam, try this!', 'ordinary-1@example.com'],
      ['José', "It's great, e.g. for notes.", 'ordinary-2@example.com'],
      ['李雷', 'Thanks! 🎉👍🏽 你好，试试这个。', 'ordinary-3@example.com'],
    ]) {
      expect((await post({ ...VALID, senderName, personalMessage, recipientEmail })).statusCode).toBe(200);
    }
  });

  it('answers any names and message with a 2xx or a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 600 }), async (senderName, recipientName, personalMessage) => {
        const response = await post({ ...VALID, senderName, recipientName, personalMessage }, { captcha: false });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('accepts plain names in any script, with the punctuation names use', async () => {
    for (const [senderName, recipientEmail] of [["Zoë O'Brien-Smith", 'zoe@example.com'], ['J. R. R. Tolkien', 'jrr@example.com'], ['李小龙', 'li@example.com']]) {
      expect((await post({ ...VALID, senderName, recipientEmail })).statusCode).toBe(200);
    }
  });

  it('lets one address receive 1 invitation a week (any case, any sender): then 429 with Retry-After', async () => {
    expect((await post({ ...VALID, recipientEmail: 'flood@example.com' })).statusCode).toBe(200);
    const limited = await post({ ...VALID, senderName: 'Someone else', senderEmail: 'else@example.com', recipientEmail: 'FLOOD@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: INVITATION_RECIPIENT_LIMIT_ERROR });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(7 * 24 * 3600);
    expect((await post({ ...VALID, recipientEmail: 'calm@example.com' })).statusCode).toBe(200);
  });

  it('lets one IP send 10 invitations a day: the 11th gets 429 with Retry-After', async () => {
    const ip = '10.99.0.1';
    const dayDeps = deps();
    for (let index = 0; index < 10; index += 1) {
      const result = await sendInvitation(dayDeps, { ...VALID, recipientEmail: `ip-${index}@example.com` }, { ...meta, ipAddress: ip });
      expect(result.sent).toBe(true);
    }
    const limited = await post({ ...VALID, recipientEmail: 'ip-10@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: INVITATION_IP_LIMIT_ERROR });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await post({ ...VALID, recipientEmail: 'ip-11@example.com' }, { ip: '10.99.0.2' })).statusCode).toBe(200);
  });

  it('counts one IPv6 /64 as one sender: ten invitations from ten of its addresses, then 429 for an eleventh (decision 0043)', async () => {
    const dayDeps = deps();
    for (let index = 0; index < 10; index += 1) {
      const ipAddress = `2001:db8:34:1::${(index + 1).toString(16)}`;
      const result = await sendInvitation(dayDeps, { ...VALID, recipientEmail: `v6-${index}@example.com` }, { ...meta, ipAddress });
      expect(result.sent).toBe(true);
    }
    const limited = await post({ ...VALID, recipientEmail: 'v6-10@example.com' }, { ip: '2001:0db8:0034:0001:ffff:ffff:ffff:fffe' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: INVITATION_IP_LIMIT_ERROR });
    expect((await post({ ...VALID, recipientEmail: 'v6-11@example.com' }, { ip: '2001:db8:34:2::1' })).statusCode).toBe(200);
  });

  it('rate-limits the form per network: five posts from five addresses of one /64, then 429 for a sixth (decision 0043)', async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await post({ ...VALID, recipientEmail: `burst-${index}@example.com` }, { ip: `2001:db8:34:3::${index + 1}` });
      expect(response.statusCode).toBe(200);
    }
    const limited = await post({ ...VALID, recipientEmail: 'burst-5@example.com' }, { ip: '2001:db8:34:3:1234::99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests/);
    expect((await post({ ...VALID, recipientEmail: 'burst-6@example.com' }, { ip: '2001:db8:34:4::1' })).statusCode).toBe(200);
  });

  it('stops every sender at the site-wide hourly cap', async () => {
    const lastHour = await invitationsLastHour(testApp.app.services.database.db);
    const capped = deps({ hourlyCap: lastHour + 1 });
    expect((await sendInvitation(capped, { ...VALID, recipientEmail: 'cap-1@example.com' }, meta)).sent).toBe(true);
    const refused = await sendInvitation(capped, { ...VALID, recipientEmail: 'cap-2@example.com' }, meta);
    expect(refused).toMatchObject({ sent: false, error: INVITATION_GLOBAL_LIMIT_ERROR });
    expect(await invitationsLastHour(testApp.app.services.database.db)).toBe(lastHour + 1);
  });

  it('admits only 1 of many concurrent invitations to one address', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => sendInvitation(deps(), { ...VALID, recipientEmail: 'race@example.com' }, meta)),
    );
    expect(results.filter((result) => result.sent)).toHaveLength(1);
  });

  it('counts only the last week', async () => {
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000 - 1000);
    expect((await sendInvitation(deps({ now: () => weekAgo }), { ...VALID, recipientEmail: 'old@example.com' }, meta)).sent).toBe(true);
    expect((await sendInvitation(deps(), { ...VALID, recipientEmail: 'old@example.com' }, meta)).sent).toBe(true);
  });

  it('sends nothing to a recipient who unsubscribed from invitations, with the same success for the sender', async () => {
    const { database, queue, config } = testApp.app.services;
    await suppress({ db: database.db, queue, kit: config.kit }, 'Quiet@Example.com', 'invitations', 'page');
    const response = await post({ ...VALID, recipientEmail: 'quiet@example.com', personalMessage: 'quiet-marker' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // Sentinel: an invitation sent after it arrives; the suppressed one never did.
    expect((await post({ ...VALID, recipientEmail: 'loud@example.com', personalMessage: 'loud-marker' })).statusCode).toBe(200);
    await smtp.waitForMail((mail) => mail.to.includes('loud@example.com'));
    expect(smtp.messages.filter((mail) => mail.to.includes('quiet@example.com'))).toEqual([]);
  });

  describePublicForm({
    path: '/api/send-invitation-email',
    context: () => ({ app: testApp.app, smtp }),
    // The recipient is the marker too: one address gets at most 1 invitation a week. Names are plain names, so
    // the marker travels in the personal message.
    bodyWith: (marker) => ({ ...VALID, personalMessage: marker, recipientEmail: `${marker}@example.com` }),
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
