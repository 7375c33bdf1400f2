import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { encryptV2 } from '../../../shared/jot-crypto.ts';
import type { BuildGuid } from '../../../shared/schemas/build-guids.ts';
import { auditLog } from '../../db/schema.ts';
import { createClient, type Headers } from '../../../../tests/fixtures/test-kit.ts';

describe(`build GUIDs on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;
  let adminClient: Headers;
  let adminClientAdminHeaders: Headers;
  let plainClient: Headers;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
    const created = await createClient(app, admin.headers, true);
    adminClient = created.headers;
    adminClientAdminHeaders = { 'x-admin-client-id': created.clientId, 'x-admin-client-secret': created.secret };
    plainClient = (await createClient(app, admin.headers)).headers;
  });
  afterAll(() => testApp?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const sendJot = (name: string, value: string) =>
    app.inject({ method: 'POST', url: '/api/v2/jots', payload: { payload: encryptV2({ text: 'hello' }, name, value) } });
  const auditOf = (entityId: number) =>
    testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'build_guid'), eq(auditLog.entityId, String(entityId))));

  it('creates, lists, changes and deletes a build GUID, auditing each change without the value', async () => {
    const created = await call('POST', '/api/build-guids', admin.headers, { name: 'build-2026-03', value: '{3F2A-9C1E}' });
    expect(created.statusCode).toBe(201);
    const guid = created.json<BuildGuid>();
    expect(guid).toMatchObject({ id: expect.any(Number), name: 'build-2026-03', value: '{3F2A-9C1E}' });

    const list = (await call('GET', '/api/build-guids', admin.headers)).json<BuildGuid[]>();
    expect(list.find((row) => row.id === guid.id)).toMatchObject({ name: 'build-2026-03', value: '{3F2A-9C1E}' });

    const updated = await call('PUT', `/api/build-guids/${guid.id}`, admin.headers, { name: 'build-2026-03b', value: 'new-value' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<BuildGuid>()).toMatchObject({ id: guid.id, name: 'build-2026-03b', value: 'new-value' });

    const deleted = await call('DELETE', `/api/build-guids/${guid.id}`, admin.headers);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/build-guids', admin.headers)).json<BuildGuid[]>().some((row) => row.id === guid.id)).toBe(false);

    const audit = await auditOf(guid.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['build_guid.create', 'build_guid.delete', 'build_guid.update']);
    expect(audit.every((entry) => entry.actorUserId === admin.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/3F2A-9C1E|new-value/);
  });

  it('uses a new, changed or deleted key for jots at once', async () => {
    const guid = (await call('POST', '/api/build-guids', admin.headers, { name: 'rotating', value: 'first-value' })).json<BuildGuid>();
    expect((await sendJot('rotating', 'first-value')).statusCode).toBe(201);
    await call('PUT', `/api/build-guids/${guid.id}`, admin.headers, { name: 'rotating', value: 'second-value' });
    expect((await sendJot('rotating', 'first-value')).statusCode).toBe(400);
    expect((await sendJot('rotating', 'second-value')).statusCode).toBe(201);
    await call('DELETE', `/api/build-guids/${guid.id}`, admin.headers);
    expect((await sendJot('rotating', 'second-value')).statusCode).toBe(400);
  });

  it('refuses a duplicate name with 409 and a clear error, on create and on rename', async () => {
    await call('POST', '/api/build-guids', admin.headers, { name: 'taken', value: 'v1' });
    const duplicate = await call('POST', '/api/build-guids', admin.headers, { name: 'taken', value: 'v2' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'A build GUID named "taken" already exists' });
    const other = (await call('POST', '/api/build-guids', admin.headers, { name: 'other', value: 'v3' })).json<BuildGuid>();
    const rename = await call('PUT', `/api/build-guids/${other.id}`, admin.headers, { name: 'taken', value: 'v3' });
    expect(rename.statusCode).toBe(409);
  });

  it.each([
    ['no name', { value: 'x' }, 'Name is required'],
    ['a blank name', { name: '  ', value: 'x' }, 'Name is required'],
    ['a long name', { name: 'n'.repeat(101), value: 'x' }, 'Name must be at most 100 characters'],
    ['a name with a space', { name: 'has space', value: 'x' }, 'Name may contain letters, digits and punctuation, but no spaces'],
    ['no value', { name: 'ok' }, 'Value is required'],
    ['an empty value', { name: 'ok', value: '' }, 'Value is required'],
    ['a long value', { name: 'ok', value: 'v'.repeat(501) }, 'Value must be at most 500 characters'],
    ['a value with spaces around it', { name: 'ok', value: ' padded ' }, 'Value must not start or end with spaces'],
  ])('refuses %s', async (_label, payload, error) => {
    const response = await call('POST', '/api/build-guids', admin.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(error);
  });

  it('answers 404 for a build GUID that does not exist', async () => {
    expect((await call('PUT', '/api/build-guids/999999', admin.headers, { name: 'a', value: 'b' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/build-guids/999999', admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/build-guids/abc', admin.headers)).statusCode).toBe(400);
  });

  describe('permissions', () => {
    const routes = (id: number) =>
      [
        ['GET', '/api/build-guids', undefined],
        ['POST', '/api/build-guids', { name: `perm-${Math.random()}`, value: 'v' }],
        ['PUT', `/api/build-guids/${id}`, { name: `perm-${Math.random()}`, value: 'v' }],
        ['DELETE', `/api/build-guids/${id}`, undefined],
      ] as const;

    it('refuses anonymous callers (401), users and plain clients (403), before reading the body', async () => {
      for (const [headers, status] of [[{}, 401], [user.headers, 403], [plainClient, 403], [{ 'x-client-id': 'nobody', 'x-client-secret': 'x' }, 401]] as const) {
        for (const [method, url, payload] of routes(1)) {
          const response = await call(method, url, headers, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(status);
        }
        // An empty body still gets the permission answer, not a validation error.
        expect((await call('POST', '/api/build-guids', headers, {})).statusCode).toBe(status);
      }
    });

    it('lets an admin user and an admin client (either header pair) do everything', async () => {
      for (const headers of [admin.headers, adminClient, adminClientAdminHeaders]) {
        const guid = (await call('POST', '/api/build-guids', headers, { name: `by-${Math.random()}`, value: 'v' })).json<BuildGuid>();
        for (const [method, url, payload] of routes(guid.id)) {
          const response = await call(method, url, headers, payload);
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
        }
      }
    });

    it('records which admin client made a change', async () => {
      const guid = (await call('POST', '/api/build-guids', adminClient, { name: 'by-client', value: 'v' })).json<BuildGuid>();
      const [entry] = await auditOf(guid.id);
      expect(entry?.actorClientId).toBe(adminClient['x-client-id']);
    });
  });
});
