/**
 * Post review's mails (decision 0058) through HTTP, the mail job and a real SMTP server: a submitted draft is mailed
 * to everyone who may publish it (not to its author, nor to other authors); a draft an editor returns is mailed to its
 * author; an author withdrawing their own draft mails nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHeader, startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaffs, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AdminBlogPostDetail } from '../../../shared/schemas/blog.ts';
import { blogCategories } from '../../db/schema.ts';

describe(`post review mails on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let author: TestUser;
  let otherAuthor: TestUser;
  let editor: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' });
    await testApp.startWorkers();
    [author, otherAuthor, editor, admin] = await createTestStaffs(testApp.app, 'author', 'author', 'editor', 'admin');
    await testApp.app.services.database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const inject = (method: 'POST', url: string, headers: Record<string, string>, payload: unknown) =>
    testApp.app.inject({ method, url, headers, payload: payload as object });
  const draft = async (by: TestUser, title: string) => {
    const response = await inject('POST', '/api/blog-posts', by.headers, { title, content: 'Words', category: 'Security' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminBlogPostDetail>();
  };
  const review = async (verb: 'submit' | 'withdraw', id: string, by: TestUser) => {
    const response = await inject('POST', `/api/blog-posts/${id}/${verb}`, by.headers, {});
    expect(response.statusCode, response.body).toBe(200);
  };
  const mailsWith = (subject: string) => smtp.messages.filter((mail) => mail.subject === subject).flatMap((mail) => mail.to);

  it('mails a submitted draft to those who may publish it, and a returned one to its author', async () => {
    const post = await draft(author, 'Passkeys explained');
    await review('submit', post.id, author);
    const submitted = 'A post was submitted for review: Passkeys explained';
    const toEditor = await smtp.waitForMail((mail) => mail.subject === submitted && mail.to.includes(editor.email));
    expect(toEditor.text).toContain(`${author.email} submitted “Passkeys explained” for review`);
    expect(toEditor.text).toContain('/admin/blog?status=submitted');
    expect(mailHeader(toEditor, 'List-Unsubscribe')).toBeUndefined();
    await smtp.waitForMail((mail) => mail.subject === submitted && mail.to.includes(admin.email));

    // An author's own withdraw mails nobody; an editor's return mails the author.
    const own = await draft(author, 'Withdrawn by its author');
    await review('submit', own.id, author);
    await review('withdraw', own.id, author);
    await review('withdraw', post.id, editor);
    const returned = await smtp.waitForMail((mail) => mail.subject === 'Your post was returned to you: Passkeys explained');
    expect(returned.to).toEqual([author.email]);
    expect(returned.text).toContain(`${editor.email} returned “Passkeys explained” to you`);
    // Mails are queued before the answer, in order: had the withdraw queued one, it would have gone before the return's.
    await smtp.waitForMail((mail) => mail.subject === 'A post was submitted for review: Withdrawn by its author' && mail.to.includes(editor.email));
    expect(mailsWith('Your post was returned to you: Withdrawn by its author')).toEqual([]);
    const reviewers = mailsWith(submitted);
    expect(reviewers).toContain(editor.email);
    expect(reviewers).not.toContain(author.email);
    expect(reviewers).not.toContain(otherAuthor.email);
  });
});
