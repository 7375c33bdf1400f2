/**
 * Issue 26 §3: the audit list names its entities and its actors — "Post “Hello”", a user by e-mail, a visitor as
 * a visitor with the country, a deleted user as deleted — and an update carries its bounded, secret-free
 * before/after. Through HTTP (app.inject) on PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AuditLogEntry, AuditLogResponse } from '../../../shared/schemas/audit.ts';
import { auditLog, blogPosts } from '../../db/schema.ts';
import { RESET_SUBJECT } from '../mail/account-emails.ts';
import { AUDIT_VALUE_MAX_LENGTH } from './changes.ts';
import { writeAudit } from './service.ts';

describe(`audit entries named on ${testDatabaseKind()}`, () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '100', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
    await testApp.startWorkers();
    admin = await createTestAdmin(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin.headers) {
    const response = await testApp.app.inject({ method, url, payload, headers });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? {} : response.json<Record<string, unknown>>();
  }
  async function list(query: string) {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, entries: response.json<AuditLogResponse>().entries };
  }
  const entryFor = (entries: AuditLogEntry[], action: string, entityId: unknown) =>
    entries.find((entry) => entry.action === action && entry.entityId === String(entityId));

  it('names entities by title or e-mail, and keeps the stored name once the entity is deleted', async () => {
    const banner = await call('POST', '/api/banners', { title: 'Hello', message: 'World' });
    await call('PATCH', `/api/banners/${banner.id}`, { title: 'Hello again' });
    const [post] = await testApp.database.db.insert(blogPosts).values({ title: 'Hello', slug: 'hello-audit', content: 'Body' }).returning();
    await writeAudit(testApp.database.db, { actor: { kind: 'user', userId: admin.id, role: 'owner', isAdmin: true }, meta: { ipAddress: null, userAgent: null, requestId: 'test' } }, {
      action: 'blog_post.create',
      entityId: post!.id,
      details: { slug: post!.slug },
    });
    const doomed = await createTestUser(testApp.app, { email: `doomed-${Date.now()}@example.com`, isApproved: false });
    await call('PATCH', `/api/users/${doomed.id}`, { isApproved: true });
    await call('DELETE', `/api/users/${doomed.id}`);

    const { entries } = await list('?limit=100');
    expect(entryFor(entries, 'banner.update', banner.id)).toMatchObject({ entityName: 'Hello again', actorKind: 'user', actorEmail: admin.email });
    expect(entryFor(entries, 'blog_post.create', post!.id)).toMatchObject({ entityName: 'Hello' });
    // The user is gone: the delete entry stored the address, and names it still.
    expect(entryFor(entries, 'user.delete', doomed.id)).toMatchObject({ entityName: doomed.email, entityDeleted: true });
    // …and so does every earlier entry about it.
    expect(entryFor(entries, 'user.approve', doomed.id)).toMatchObject({ entityName: doomed.email, entityDeleted: true });
  });

  it('stores an update as the fields that changed, before and after, without secrets, cut to a bounded length', async () => {
    const user = await createTestUser(testApp.app, { email: `before-${Date.now()}@example.com` });
    const newEmail = `after-${Date.now()}@example.com`;
    await call('PATCH', `/api/users/${user.id}`, { email: newEmail, password: 'a-new-secret-password' });
    const page = await call('POST', '/api/pages', { title: 'About us', content: 'Short' });
    await call('PATCH', `/api/pages/${page.id}`, { content: 'x'.repeat(5000), version: page.version });

    const { body, entries } = await list('?limit=100');
    const update = entryFor(entries, 'user.update', user.id);
    expect(update).toMatchObject({ entityName: newEmail, details: { changes: { email: { from: user.email, to: newEmail }, passwordHash: { hidden: true } } } });
    expect(body).not.toContain('a-new-secret-password');
    expect(body).not.toContain('$argon2');
    const content = (entryFor(entries, 'page.update', page.id)?.details?.changes as Record<string, { from: string; to: string }>).content!;
    expect(content.from).toBe('Short');
    expect(content.to).toHaveLength(AUDIT_VALUE_MAX_LENGTH);
    expect(entryFor(entries, 'page.update', page.id)).toMatchObject({ entityName: 'About us' });
  });

  it('names a visitor as a visitor with the country, and a deleted admin as a user', async () => {
    const user = await createTestUser(testApp.app, { email: `visitor-${Date.now()}@example.com` });
    const headers = { 'cf-ipcountry': 'DE' };
    const forgot = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers,
      payload: { email: user.email, captcha: await solveCaptcha(testApp.app) },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const mail = await smtp.waitForMail((message) => message.to.includes(user.email) && message.subject === RESET_SUBJECT);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    const reset = await testApp.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers, payload: { token, password: 'visitor-new-password' } });
    expect(reset.statusCode, reset.body).toBeLessThan(300);

    const formerAdmin = await createTestUser(testApp.app, { isAdmin: true, email: `former-${Date.now()}@example.com` });
    const banner = await call('POST', '/api/banners', { title: 'By a former admin', message: 'Hi' }, formerAdmin.headers);
    await call('DELETE', `/api/users/${formerAdmin.id}`);

    const { entries } = await list('?limit=100');
    expect(entryFor(entries, 'user.password_reset', user.id)).toMatchObject({
      actorKind: 'anonymous',
      actorEmail: null,
      actorCountry: 'DE',
      entityName: user.email,
    });
    expect(entryFor(entries, 'banner.create', banner.id)).toMatchObject({ actorKind: 'user', actorEmail: null, entityName: 'By a former admin' });
    const [stored] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_reset'), eq(auditLog.entityId, String(user.id))));
    expect(JSON.stringify(stored)).not.toContain('visitor-new-password');
  });
});
