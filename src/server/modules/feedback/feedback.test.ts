import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describePublicForm, postPublicForm, useAppWithMail } from '../../../../tests/fixtures/public-form-suite.ts';
import type { TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { messages } from '../../db/schema.ts';

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Love the tray menu',
  message: 'The new jot shortcut saves me every morning.',
};

describe(`feedback on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, smtp: TestSmtpServer;
  useAppWithMail({ SUPPORT_EMAIL: 'help-desk@example.com' }, (suite) => ({ testApp, smtp } = suite));

  const post = (body: Record<string, unknown>, options: { captcha?: boolean; ip?: string } = {}) => postPublicForm(testApp.app, '/api/feedback', body, options);

  it('stores the feedback and e-mails it to the support address, replying to the sender', async () => {
    const response = await post({ ...VALID, message: 'Visit https://evil.example now <b>please</b>, it is great.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await testApp.app.services.database.db.select().from(messages).where(and(eq(messages.kind, 'feedback'), eq(messages.subject, 'Love the tray menu')));
    expect(rows).toEqual([expect.objectContaining({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Love the tray menu' })]);
    const mail = await smtp.waitForMail((message) => message.to.includes('help-desk@example.com') && message.subject.includes('Love the tray menu'));
    expect(mail.subject).toBe('[JotIt feedback] Love the tray menu');
    expect(mail.text).toContain('Ada Lovelace <ada@example.com>');
    expect(mail.text).toContain('> Visit https://evil.example now <b>please</b>, it is great.');
    expect(mail.raw).toMatch(/^reply-to: ada@example\.com/im);
    // What the sender typed is escaped and never becomes a link in the HTML part.
    const html = mail.raw.slice(mail.raw.search(/content-type: text\/html/i)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain('&lt;b&gt;please&lt;/b&gt;');
    expect(html).not.toContain('href="https://evil.example');
  });

  describePublicForm({
    path: '/api/feedback',
    context: () => ({ app: testApp.app, smtp }),
    bodyWith: (marker) => ({ ...VALID, subject: `Feedback ${marker}`, message: `Feedback ${marker}` }),
    invalid: [
      [{ ...VALID, name: undefined }, 'Name is required'],
      [{ ...VALID, name: '  ' }, 'Name is required'],
      [{ ...VALID, email: undefined }, 'Valid email is required'],
      [{ ...VALID, email: 'ada-at-example' }, 'Valid email is required'],
      [{ ...VALID, subject: '' }, 'Subject is required'],
      [{ ...VALID, message: 'Too short' }, 'Message must be at least 10 characters long'],
      [{ ...VALID, message: '   short   ' }, 'Message must be at least 10 characters long'],
      [{ ...VALID, message: undefined }, 'Message must be at least 10 characters long'],
    ],
    storedCount: async (app) => (await app.services.database.db.select({ value: count() }).from(messages).where(eq(messages.kind, 'feedback')))[0]!.value,
  });
});
