/** The admin inbox (issue 10 §7): permissions, listing, transitions and their audit entries, bad input. */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { InboxListResponse, InboxMessage } from '../../../shared/schemas/inbox.ts';
import { auditLog, messages } from '../../db/schema.ts';

describe(`inbox on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let feedbackId: number;
  let contactId: number;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
    const db = testApp.app.services.database.db;
    [{ id: feedbackId }] = (await db
      .insert(messages)
      .values({ kind: 'feedback', name: 'Fee', email: 'fee@example.com', subject: 'Feedback subject', message: 'F'.repeat(300), createdAt: new Date(Date.now() - 60_000) })
      .returning({ id: messages.id })) as [{ id: number }];
    [{ id: contactId }] = (await db
      .insert(messages)
      .values({ kind: 'contact', name: 'Con', email: 'con@example.com', company: 'Acme', subject: 'Contact subject', message: 'Please call me back.' })
      .returning({ id: messages.id })) as [{ id: number }];
  });
  afterAll(() => testApp?.close());

  const inject = (method: 'GET' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = admin.headers) =>
    testApp.app.inject({ method, url, payload, headers });
  const list = async (query = '') => {
    const response = await inject('GET', `/api/inbox${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InboxListResponse>();
  };
  const unread = async () => (await inject('GET', '/api/inbox/unread-count')).json<{ unread: number }>().unread;

  it.each([
    ['GET', '/api/inbox'],
    ['GET', '/api/inbox/unread-count'],
    ['GET', '/api/inbox/feedback/1'],
    ['PATCH', '/api/inbox/feedback/1'],
  ] as const)('%s %s: anonymous 401, approved non-admin 403', async (method, url) => {
    const payload = method === 'PATCH' ? { isRead: true } : undefined;
    expect((await testApp.app.inject({ method, url, payload })).statusCode).toBe(401);
    expect((await inject(method, url, payload, user.headers)).statusCode).toBe(403);
  });

  it('lists both kinds newest first with a preview, and opens one whole', async () => {
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.messages.map((message) => [message.type, message.id])).toEqual([
      ['contact', contactId],
      ['feedback', feedbackId],
    ]);
    expect(page.messages[1]).toMatchObject({ name: 'Fee', email: 'fee@example.com', subject: 'Feedback subject', isRead: false, isArchived: false });
    expect(page.messages[1]!.preview).toHaveLength(160);
    expect((await list('?type=feedback')).messages.map((message) => message.type)).toEqual(['feedback']);
    const whole = await inject('GET', `/api/inbox/contact/${contactId}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.json<InboxMessage>()).toMatchObject({ message: 'Please call me back.', company: 'Acme', isRead: false });
    expect((await inject('GET', `/api/inbox/feedback/${feedbackId}`)).json<InboxMessage>().message).toHaveLength(300);
    // One table, and a message is its kind and id: the feedback's id is no contact message.
    expect((await inject('GET', `/api/inbox/contact/${feedbackId}`)).statusCode).toBe(404);
  });

  it('marks read and unread, archives and unarchives, with the unread count and one audit entry per change', async () => {
    const db = testApp.app.services.database.db;
    const [last] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id);
    const since = last?.id ?? 0;
    expect(await unread()).toBe(2);

    const read = await inject('PATCH', `/api/inbox/feedback/${feedbackId}`, { isRead: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<InboxMessage>().isRead).toBe(true);
    expect(await unread()).toBe(1);
    // Repeating a state writes nothing.
    expect((await inject('PATCH', `/api/inbox/feedback/${feedbackId}`, { isRead: true })).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/inbox/feedback/${feedbackId}`, { isRead: false })).json<InboxMessage>().isRead).toBe(false);
    expect(await unread()).toBe(2);

    expect((await inject('PATCH', `/api/inbox/contact/${contactId}`, { isArchived: true })).json<InboxMessage>().isArchived).toBe(true);
    expect(await unread()).toBe(1);
    expect((await list()).messages.map((message) => message.type)).toEqual(['feedback']);
    expect((await list('?view=archived')).messages.map((message) => [message.type, message.id])).toEqual([['contact', contactId]]);
    expect((await inject('PATCH', `/api/inbox/contact/${contactId}`, { isArchived: false })).json<InboxMessage>().isArchived).toBe(false);

    const entries = await db.select().from(auditLog).where(and(gt(auditLog.id, since), eq(auditLog.entity, 'inbox_message'))).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorUserId])).toEqual([
      ['inbox_message.mark_read', `feedback:${feedbackId}`, admin.id],
      ['inbox_message.mark_unread', `feedback:${feedbackId}`, admin.id],
      ['inbox_message.archive', `contact:${contactId}`, admin.id],
      ['inbox_message.unarchive', `contact:${contactId}`, admin.id],
    ]);
  });

  it.each([
    ['GET', '/api/inbox?view=trash', undefined],
    ['GET', '/api/inbox?limit=0', undefined],
    ['GET', '/api/inbox?type=sms', undefined],
    ['GET', '/api/inbox/sms/1', undefined],
    ['GET', '/api/inbox/feedback/abc', undefined],
    ['GET', '/api/inbox/feedback/99999999999', undefined],
    ['PATCH', '/api/inbox/feedback/1', {}],
    ['PATCH', '/api/inbox/feedback/1', { isRead: 'yes' }],
    ['PATCH', '/api/inbox/feedback/1', { isRead: true, extra: 1 }],
  ] as const)('bad input %s %s → 400 {error}', async (method, url, payload) => {
    const response = await inject(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
  });

  it('a message that does not exist is a 404', async () => {
    expect((await inject('GET', '/api/inbox/contact/999999')).statusCode).toBe(404);
    expect((await inject('PATCH', '/api/inbox/contact/999999', { isRead: true })).statusCode).toBe(404);
  });
});
