/** `GET /api/audit-log` (issue 10 §5): permissions, order, filters, paging, bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AuditLogResponse } from '../../../shared/schemas/audit.ts';
import { auditLog } from '../../db/schema.ts';

describe(`audit log listing on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [admin, otherAdmin, user] = await Promise.all([
      createTestAdmin(testApp.app),
      createTestUser(testApp.app, { isAdmin: true, email: `second-admin-${Date.now()}@example.com` }),
      createTestUser(testApp.app),
    ]);
    const db = testApp.app.services.database.db;
    await db.delete(auditLog);
    const at = (iso: string) => new Date(iso);
    await db.insert(auditLog).values([
      { actorUserId: admin.id, action: 'user.approve', entity: 'user', entityId: String(user.id), ipAddress: '10.0.0.1', createdAt: at('2026-01-01T10:00:00Z') },
      { actorUserId: admin.id, action: 'banner.create', entity: 'banner', entityId: '7', ipAddress: '10.0.0.1', createdAt: at('2026-01-02T10:00:00Z') },
      { actorUserId: otherAdmin.id, action: 'banner.delete', entity: 'banner', entityId: '7', ipAddress: '10.0.0.2', createdAt: at('2026-01-03T10:00:00Z') },
      { actorClientId: 'client-abc', action: 'build_guid.create', entity: 'build_guid', entityId: '3', createdAt: at('2026-01-04T10:00:00Z') },
    ]);
  });
  afterAll(() => testApp?.close());

  const get = (query: string, headers: Record<string, string> = admin.headers) =>
    testApp.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers });
  const actions = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogResponse>().entries.map((entry) => entry.action);
  };

  it('anonymous 401, approved non-admin 403, admin 200', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await get('', user.headers)).statusCode).toBe(403);
    expect((await get('')).statusCode).toBe(200);
  });

  it('lists newest first with the actor e-mail, entity and IP', async () => {
    const response = (await get('')).json<AuditLogResponse>();
    expect(response.total).toBe(4);
    expect(response.entries.map((entry) => entry.action)).toEqual(['build_guid.create', 'banner.delete', 'banner.create', 'user.approve']);
    expect(response.entries[0]).toMatchObject({ actorEmail: null, actorClientId: 'client-abc', entity: 'build_guid', entityId: '3' });
    expect(response.entries[1]).toMatchObject({ actorEmail: otherAdmin.email, ipAddress: '10.0.0.2', createdAt: '2026-01-03T10:00:00.000Z' });
    // Banner 7 was deleted later: its entries link nowhere; the user still exists.
    expect(response.entries.map((entry) => entry.entityDeleted)).toEqual([false, true, true, false]);
  });

  it('filters by actor, action, entity type and date range, and pages', async () => {
    expect(await actions(`?actor=${encodeURIComponent(otherAdmin.email.toUpperCase())}`)).toEqual(['banner.delete']);
    expect(await actions('?action=banner.create')).toEqual(['banner.create']);
    expect(await actions('?action=banner.')).toEqual(['banner.delete', 'banner.create']);
    expect(await actions('?entity=user')).toEqual(['user.approve']);
    expect(await actions('?from=2026-01-02T00:00:00Z&to=2026-01-03T23:59:59Z')).toEqual(['banner.delete', 'banner.create']);
    expect(await actions('?entity=banner&actor=second-admin')).toEqual(['banner.delete']);
    const page = (await get('?limit=2&offset=2')).json<AuditLogResponse>();
    expect(page.total).toBe(4);
    expect(page.entries.map((entry) => entry.action)).toEqual(['banner.create', 'user.approve']);
  });

  it.each([
    '?entity=spaceship',
    '?action=DROP TABLE',
    '?from=yesterday',
    '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    '?limit=0',
    '?limit=1000',
    '?offset=-1',
    '?actor=%00',
  ])('bad input %s → 400 {error}', async (query) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
  });
});
