import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describePublicForm, postPublicForm, useAppWithMail } from '../../../../tests/fixtures/public-form-suite.ts';
import type { TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { messages } from '../../db/schema.ts';

const VALID = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compilers Inc.',
  subject: 'Team licences',
  message: 'We would like JotIt for 40 people.',
};

describe(`contact on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, smtp: TestSmtpServer;
  useAppWithMail({ SUPPORT_EMAIL: 'team@example.com' }, (suite) => ({ testApp, smtp } = suite));

  const post = (body: Record<string, unknown>, options: { captcha?: boolean; ip?: string } = {}) => postPublicForm(testApp.app, '/api/contact', body, options);

  it('stores the message (company optional) and e-mails the team', async () => {
    expect((await post({ ...VALID, company: '' })).json()).toEqual({ success: true });
    const [row] = await testApp.app.services.database.db.select().from(messages).where(and(eq(messages.kind, 'contact'), eq(messages.subject, 'Team licences')));
    expect(row).toMatchObject({ name: 'Grace Hopper', company: null, subject: 'Team licences' });
    const mail = await smtp.waitForMail((message) => message.to.includes('team@example.com') && message.subject.includes('Team licences'));
    expect(mail.subject).toBe('[JotIt contact] Team licences');
    expect(mail.text).toContain('From: Grace Hopper <grace@example.com>');
    expect(mail.text).toContain('> We would like JotIt for 40 people.');
    expect(mail.raw).toMatch(/^reply-to: grace@example\.com/im);
  });

  describePublicForm({
    path: '/api/contact',
    context: () => ({ app: testApp.app, smtp }),
    bodyWith: (marker) => ({ ...VALID, subject: `Contact ${marker}`, message: `Contact ${marker}` }),
    invalid: [
      [{ ...VALID, name: '' }, 'Full name is required'],
      [{ ...VALID, email: 'nope' }, 'Valid email is required'],
      [{ ...VALID, subject: ' ' }, 'Subject is required'],
      [{ ...VALID, message: undefined }, 'Message is required'],
    ],
    storedCount: async (app) => (await app.services.database.db.select({ value: count() }).from(messages).where(eq(messages.kind, 'contact')))[0]!.value,
  });
});
