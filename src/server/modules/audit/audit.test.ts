/**
 * One vocabulary for the audit log (issue 9 §2): every create, update and delete of each audited entity writes
 * exactly one entry, named `entity.verb`, by the service, with the acting admin.
 */
import { asc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../../tests/fixtures/users.ts';
import { auditLog } from '../../db/schema.ts';

describe(`audit log on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createTestAdmin(testApp.app);
  });
  afterAll(() => testApp?.close());

  async function call(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
    const response = await testApp.app.inject({ method, url, payload, headers: admin.headers });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.statusCode === 204 ? {} : response.json<Record<string, unknown>>();
  }

  it('writes one entity.verb entry per change of users, banners, FAQs, build GUIDs, clients and the help video', async () => {
    const [last] = await testApp.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id));
    const since = last?.id ?? 0;

    const user = await call('POST', '/api/users', { username: 'audited', email: 'audited@example.com', password: 'audited-password' });
    await call('PATCH', `/api/users/${user.id}`, { username: 'audited2' });
    await call('DELETE', `/api/users/${user.id}`);
    const banner = await call('POST', '/api/banners', { title: 'Hello', message: 'World' });
    await call('PATCH', `/api/banners/${banner.id}`, { title: 'Hello again' });
    await call('DELETE', `/api/banners/${banner.id}`);
    const faq = await call('POST', '/api/faqs', { question: 'Q', answer: 'A' });
    await call('PATCH', `/api/faqs/${faq.id}`, { answer: 'B' });
    await call('DELETE', `/api/faqs/${faq.id}`);
    const guid = await call('POST', '/api/build-guids', { name: 'audited-build', value: 'audited-value' });
    await call('PUT', `/api/build-guids/${guid.id}`, { name: 'audited-build', value: 'changed-value' });
    await call('DELETE', `/api/build-guids/${guid.id}`);
    const client = await call('POST', '/api/clients', { name: 'audited client' });
    await call('PATCH', `/api/clients/${client.clientId}`, { name: 'renamed client' });
    await call('DELETE', `/api/clients/${client.clientId}`);
    await call('PUT', '/api/help-config', { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    await call('DELETE', '/api/help-config');

    const entries = await testApp.database.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'user.create',
      'user.update',
      'user.delete',
      'banner.create',
      'banner.update',
      'banner.delete',
      'faq.create',
      'faq.update',
      'faq.delete',
      'build_guid.create',
      'build_guid.update',
      'build_guid.delete',
      'client.create',
      'client.update',
      'client.delete',
      'help_config.update',
      'help_config.delete',
    ]);
    for (const entry of entries) {
      expect(entry.entity).toBe(entry.action.split('.')[0]);
      expect(entry).toMatchObject({ actorUserId: admin.id, ipAddress: expect.any(String) });
    }
    // Never a key value or a client secret in the log.
    expect(JSON.stringify(entries)).not.toMatch(/audited-value|changed-value|"secret"/);
  });
});
