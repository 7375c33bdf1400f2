import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { ApiClient, CreatedClient } from '../../../shared/schemas/clients.ts';
import { apiClients, auditLog } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { createClient, type Headers } from '../../../../tests/fixtures/test-kit.ts';

describe(`API clients on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
  });
  afterAll(() => testApp?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const listClients = async () => (await call('GET', '/api/clients', admin.headers)).json<ApiClient[]>();

  it('generates the id and secret, shows the secret once and stores only its hash', async () => {
    const response = await call('POST', '/api/clients', admin.headers, { name: 'Zapier bridge' });
    expect(response.statusCode).toBe(201);
    const created = response.json<CreatedClient>();
    expect(created).toEqual({ id: created.clientId, clientId: expect.stringMatching(/^jc_[0-9a-f]{24}$/), secret: expect.any(String), isAdmin: false, name: 'Zapier bridge' });
    expect(created.secret.length).toBeGreaterThanOrEqual(40);

    const [row] = await testApp.database.db.select().from(apiClients).where(eq(apiClients.clientId, created.clientId));
    expect(row?.secretHash).toBe(hashSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const listResponse = await call('GET', '/api/clients', admin.headers);
    expect(listResponse.body).not.toContain(created.secret);
    expect(listResponse.body).not.toMatch(/secret/i);
    expect(listResponse.json<ApiClient[]>().find((client) => client.clientId === created.clientId)).toMatchObject({
      name: 'Zapier bridge',
      isAdmin: false,
      lastUsedAt: null,
    });
  });

  it('tracks when a client last used its credentials', async () => {
    const client = await createClient(app, admin.headers);
    expect((await call('GET', '/api/jots', client.headers)).statusCode).toBe(200);
    const listed = (await listClients()).find((entry) => entry.clientId === client.clientId);
    expect(listed?.lastUsedAt).toBeTruthy();
  });

  it('grants and revokes admin, which changes what the client may do at once', async () => {
    const client = await createClient(app, admin.headers);
    expect((await call('GET', '/api/build-guids', client.headers)).statusCode).toBe(403);
    const granted = await call('PATCH', `/api/clients/${client.clientId}`, admin.headers, { isAdmin: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<ApiClient>().isAdmin).toBe(true);
    expect((await call('GET', '/api/build-guids', client.headers)).statusCode).toBe(200);
    await call('PATCH', `/api/clients/${client.clientId}`, admin.headers, { isAdmin: false });
    expect((await call('GET', '/api/build-guids', client.headers)).statusCode).toBe(403);
  });

  it('renames a client, refuses an empty change and answers 404 for an unknown one', async () => {
    const client = await createClient(app, admin.headers);
    const renamed = await call('PATCH', `/api/clients/${client.clientId}`, admin.headers, { name: 'Renamed' });
    expect(renamed.json<ApiClient>().name).toBe('Renamed');
    const empty = await call('PATCH', `/api/clients/${client.clientId}`, admin.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toBe('Nothing to change');
    expect((await call('PATCH', '/api/clients/jc_missing', admin.headers, { isAdmin: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/clients/jc_missing', admin.headers)).statusCode).toBe(404);
  });

  it('deletes a client, whose credentials stop working at once', async () => {
    const client = await createClient(app, admin.headers);
    expect((await call('GET', '/api/jots', client.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/clients/${client.clientId}`, admin.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/jots', client.headers)).statusCode).toBe(401);
    expect((await listClients()).some((entry) => entry.clientId === client.clientId)).toBe(false);
  });

  it('audits every change, never with the secret', async () => {
    const client = await createClient(app, admin.headers);
    await call('PATCH', `/api/clients/${client.clientId}`, admin.headers, { isAdmin: true });
    await call('DELETE', `/api/clients/${client.clientId}`, admin.headers);
    const entries = await testApp.database.db.select().from(auditLog).where(eq(auditLog.entityId, client.clientId));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['client.create', 'client.delete', 'client.update']);
    expect(entries.every((entry) => entry.entity === 'client' && entry.actorUserId === admin.id)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(client.secret);
  });

  it('lets admin users and admin clients manage clients; refuses everyone else before reading the body', async () => {
    const adminClient = await createClient(app, admin.headers, true);
    const plainClient = await createClient(app, admin.headers);
    const adminHeaderPair = { 'x-admin-client-id': adminClient.clientId, 'x-admin-client-secret': adminClient.secret };
    for (const headers of [adminClient.headers, adminHeaderPair]) {
      const created = await call('POST', '/api/clients', headers, { name: 'made by a client' });
      expect(created.statusCode).toBe(201);
      const id = created.json<CreatedClient>().clientId;
      expect((await call('GET', '/api/clients', headers)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/clients/${id}`, headers, { name: 'x' })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/clients/${id}`, headers)).statusCode).toBe(204);
    }
    const refusals = [
      [{}, 401],
      [user.headers, 403],
      [plainClient.headers, 403],
      [{ 'x-client-id': plainClient.clientId, 'x-client-secret': 'wrong' }, 401],
      [{ 'x-admin-client-id': plainClient.clientId, 'x-admin-client-secret': plainClient.secret }, 403],
    ] as const;
    for (const [headers, status] of refusals) {
      expect((await call('GET', '/api/clients', headers)).statusCode).toBe(status);
      expect((await call('POST', '/api/clients', headers, { name: 1 })).statusCode).toBe(status);
      expect((await call('PATCH', `/api/clients/${adminClient.clientId}`, headers, { isAdmin: false })).statusCode).toBe(status);
      expect((await call('DELETE', `/api/clients/${adminClient.clientId}`, headers)).statusCode).toBe(status);
    }
  });
});
