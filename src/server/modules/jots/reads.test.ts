import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { encryptV2 } from '../../../shared/jot-crypto.ts';
import type { JotPage, PublicJot } from '../../../shared/schemas/jots.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { DEMO_BUILD_GUID } from '../../db/seed-data.ts';
import { createClient, createKey, type Headers, jotCount, sendV2, startSecondInstance, type TestKey } from '../../../../tests/fixtures/test-kit.ts';

const PUBLIC_KEYS = ['created_at', 'id', 'sender_city', 'sender_country', 'sender_state'];

describe(`reading jots on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;
  let key: TestKey;
  let clientA: Headers;
  let clientB: Headers;
  let adminClient: { clientId: string; secret: string };
  let clientAId: string;
  let clientBId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    // 50 demo jots, as on a fresh embedded install; the feed must pick them up on its own.
    await seedDemoContent(testApp.database.db);
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
    key = await createKey(app, admin.headers);
    const a = await createClient(app, admin.headers);
    const b = await createClient(app, admin.headers);
    adminClient = await createClient(app, admin.headers, true);
    [clientA, clientB, clientAId, clientBId] = [a.headers, b.headers, a.clientId, b.clientId];
    for (let index = 0; index < 3; index += 1) await sendV2(app, key, { text: `secret of A ${index}`, clientId: clientAId });
    await sendV2(app, key, { text: 'secret of B', clientId: clientBId }, { 'cf-ipcity': 'Lyon', 'cf-ipcountry': 'FR' });
  });
  afterAll(() => testApp?.close());

  const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });

  it('counts the seeded jots without being told (the feed re-reads the database)', async () => {
    await expect.poll(() => jotCount(app), { timeout: 15_000, interval: 250 }).toBe(54);
  });

  it('serves the count with Cache-Control and an ETag, and 304 when it has not changed', async () => {
    const first = await get('/api/jots/count');
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/jots/count', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/jots/count', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);

    const before = first.json<{ count: number }>().count;
    await sendV2(app, key, { text: 'one more' });
    const changed = await get('/api/jots/count', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ count: before + 1 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves the anonymous list with an ETag and 304, and a new ETag after a new jot', async () => {
    const first = await get('/api/jots?limit=10');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.headers.vary).toMatch(/Authorization/);
    expect((await get('/api/jots?limit=10', { 'if-none-match': etag })).statusCode).toBe(304);
    const { id } = await sendV2(app, key, { text: 'newest' });
    const changed = await get('/api/jots?limit=10', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<PublicJot[]>()[0]?.id).toBe(id);
  });

  it('shows anonymous callers and non-admin users only id, time and location, never text', async () => {
    for (const headers of [{}, user.headers]) {
      const response = await get('/api/jots?limit=10', headers);
      expect(response.statusCode).toBe(200);
      const list = response.json<PublicJot[]>();
      expect(list).toHaveLength(10);
      for (const jot of list) expect(Object.keys(jot).sort()).toEqual(PUBLIC_KEYS);
      expect(response.body).not.toMatch(/secret of|payload|jotText|sender_ip|user_agent|127\.0\.0\.1/i);
    }
    const lyon = (await get('/api/jots?limit=50')).json<PublicJot[]>().find((jot) => jot.sender_city === 'Lyon');
    expect(lyon?.sender_country).toBe('FR');
  });

  it('pages the public list newest first, from memory and beyond it alike', async () => {
    const all = (await get('/api/jots?limit=200')).json<PublicJot[]>();
    expect(all.length).toBe(await jotCount(app));
    const sorted = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    expect(all).toEqual(sorted);
    for (const [limit, offset] of [[10, 0], [10, 5], [20, 40], [15, 50]] as const) {
      const page = (await get(`/api/jots?limit=${limit}&offset=${offset}`)).json<PublicJot[]>();
      expect(page).toEqual(all.slice(offset, offset + limit));
    }
  });

  it('refuses a limit over 200 or under 1 and a negative offset', async () => {
    for (const query of ['limit=201', 'limit=0', 'offset=-1', 'limit=abc']) {
      const response = await get(`/api/jots?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('gives admins (user or client) every jot in full, with the total, paged', async () => {
    const total = await jotCount(app);
    const adminClientHeaders: Headers[] = [
      { 'x-admin-client-id': adminClient.clientId, 'x-admin-client-secret': adminClient.secret },
      { 'x-client-id': adminClient.clientId, 'x-client-secret': adminClient.secret },
    ];
    for (const headers of [admin.headers, ...adminClientHeaders]) {
      const response = await get('/api/jots?limit=50&offset=0', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/no-store/);
      const page = response.json<JotPage>();
      expect(page.total).toBe(total);
      expect(page.jots).toHaveLength(50);
      expect(page.jots[0]).toHaveProperty('jotText');
      expect(page.jots[0]).toHaveProperty('payload');
      const second = (await get('/api/jots?limit=50&offset=50', headers)).json<JotPage>();
      expect(second.jots).toHaveLength(total - 50);
      expect(new Set([...page.jots, ...second.jots].map((jot) => jot.id)).size).toBe(total);
    }
  });

  it('decrypted demo jots show their text to admins', async () => {
    const page = (await get('/api/jots?limit=200', admin.headers)).json<JotPage>();
    const demo = page.jots.filter((jot) => jot.buildGuidName === DEMO_BUILD_GUID.name);
    expect(demo).toHaveLength(50);
    expect(demo.every((jot) => jot.jotText && jot.jotText.length > 0)).toBe(true);
  });

  it('gives an API client its own jots only, never another client’s', async () => {
    const pageA = (await get('/api/jots?limit=200', clientA)).json<JotPage>();
    expect(pageA.total).toBe(3);
    expect(pageA.jots.map((jot) => jot.jotText).sort()).toEqual(['secret of A 0', 'secret of A 1', 'secret of A 2']);
    expect(pageA.jots.every((jot) => jot.clientId === clientAId)).toBe(true);
    const pageB = (await get('/api/jots?limit=200', clientB)).json<JotPage>();
    expect(pageB).toMatchObject({ total: 1, jots: [{ jotText: 'secret of B', clientId: clientBId }] });
  });

  it('answers wrong credentials with 401 and a non-admin client on the admin headers with 403', async () => {
    const wrong = await get('/api/jots', { 'x-client-id': clientAId, 'x-client-secret': 'wrong' });
    expect(wrong.statusCode).toBe(401);
    const badToken = await get('/api/jots', { authorization: 'Bearer not-a-token' });
    expect(badToken.statusCode).toBe(401);
    const notAdmin = await get('/api/jots', { 'x-admin-client-id': clientAId, 'x-admin-client-secret': clientA['x-client-secret']! });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('keeps two instances on one database in step: keys at once, counts and lists within seconds', async () => {
    const other = await startSecondInstance(testApp);
    try {
      // A key created through the other instance works here at once (unknown kid → re-read).
      const newKey = await createKey(other, admin.headers);
      const { id } = await sendV2(app, newKey, { text: 'sent to instance one' });
      // A jot stored by this instance reaches the other's count and list without a request to the database per read.
      const countHere = await jotCount(app);
      await expect.poll(() => jotCount(other), { timeout: 10_000, interval: 200 }).toBe(countHere);
      const newest = (await other.inject({ method: 'GET', url: '/api/jots?limit=10' })).json<PublicJot[]>()[0];
      expect(newest?.id).toBe(id);
      // A key deleted through the other instance stops working here too.
      const deleted = await other.inject({ method: 'DELETE', url: `/api/build-guids/${newKey.id}`, headers: admin.headers });
      expect(deleted.statusCode).toBe(204);
      await expect
        .poll(async () => (await sendRaw(app, newKey)).statusCode, { timeout: 15_000, interval: 500 })
        .toBe(400);
    } finally {
      await other.close();
    }
  });
});

function sendRaw(app: FastifyInstance, key: TestKey) {
  return app.inject({ method: 'POST', url: '/api/v2/jots', payload: { payload: encryptV2({ text: 'after delete' }, key.name, key.value) } });
}
