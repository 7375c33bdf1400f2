/** `POST /api/users/bulk` (issue 10 §6): permissions, each action, one audit entry per row, self-protection, bad input. */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { UserBulkResponse } from '../../../shared/schemas/accounts.ts';
import { auditLog, users } from '../../db/schema.ts';

describe(`users bulk on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({ RATE_LIMIT_MULTIPLIER: '100' }, (suite) => ({ testApp, admin, user } = suite));

  const db = () => testApp.app.services.database.db;
  const bulk = (payload: unknown, headers: Record<string, string> = admin.headers) =>
    testApp.app.inject({ method: 'POST', url: '/api/users/bulk', payload: payload as object, headers });
  const lastAuditId = async () => (await db().select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;
  const pending = () => Promise.all([1, 2, 3].map(() => createTestUser(testApp.app, { isApproved: false })));

  it('anonymous 401, approved non-admin 403', async () => {
    const payload = { action: 'approve', ids: [user.id] };
    expect((await testApp.app.inject({ method: 'POST', url: '/api/users/bulk', payload })).statusCode).toBe(401);
    expect((await bulk(payload, user.headers)).statusCode).toBe(403);
  });

  it('approves and revokes many users with one audit entry per row changed', async () => {
    const targets = await pending();
    const ids = targets.map((target) => target.id);
    const since = await lastAuditId();
    const approved = await bulk({ action: 'approve', ids });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<UserBulkResponse>()).toEqual({ done: ids, failed: [] });
    const rows = await db().select({ isApproved: users.isApproved }).from(users).where(inArray(users.id, ids));
    expect(rows.every((row) => row.isApproved)).toBe(true);

    const revoked = await bulk({ action: 'revoke', ids: [...ids, user.id] });
    expect(revoked.json<UserBulkResponse>().done).toEqual([...ids, user.id]);
    const entries = await db().select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual([
      ...ids.map((id) => ['user.approve', String(id)]),
      ...[...ids, user.id].map((id) => ['user.unapprove', String(id)]),
    ]);
    // Approving an already approved user counts as done and writes nothing.
    await bulk({ action: 'approve', ids: [user.id] });
    const again = await bulk({ action: 'approve', ids: [user.id] });
    expect(again.json<UserBulkResponse>()).toEqual({ done: [user.id], failed: [] });
  });

  it('deletes many users; never the acting admin, nor an id that does not exist', async () => {
    const targets = await pending();
    const ids = targets.map((target) => target.id);
    const since = await lastAuditId();
    const response = await bulk({ action: 'delete', ids: [...ids, admin.id, 999_999] });
    expect(response.statusCode).toBe(200);
    const result = response.json<UserBulkResponse>();
    expect(result.done).toEqual(ids);
    expect(result.failed).toEqual([
      { id: admin.id, error: 'You cannot delete your own account.' },
      { id: 999_999, error: 'User not found' },
    ]);
    expect(await db().select().from(users).where(inArray(users.id, ids))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    const entries = await db().select().from(auditLog).where(and(gt(auditLog.id, since), eq(auditLog.action, 'user.delete')));
    expect(entries.map((entry) => entry.entityId).sort()).toEqual(ids.map(String).sort());
  });

  it('an admin cannot revoke their own approval in bulk', async () => {
    const result = (await bulk({ action: 'revoke', ids: [admin.id] })).json<UserBulkResponse>();
    expect(result).toEqual({ done: [], failed: [{ id: admin.id, error: 'You cannot revoke your own approval.' }] });
  });

  it.each([
    [{}],
    [{ action: 'promote', ids: [1] }],
    [{ action: 'approve', ids: [] }],
    [{ action: 'approve', ids: ['1'] }],
    [{ action: 'approve', ids: [-1] }],
    [{ action: 'approve', ids: Array.from({ length: 201 }, (_, index) => index + 1) }],
    [{ action: 'approve' }],
  ])('bad input %j → 400 {error}', async (payload) => {
    const response = await bulk(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
  });
});
