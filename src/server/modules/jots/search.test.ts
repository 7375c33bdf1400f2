import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { JotSearch, JotSearchResult } from '../../../shared/schemas/jots.ts';
import { createClient, createKey, type Headers, sendV2, type TestKey } from '../../../../tests/fixtures/test-kit.ts';

describe(`searching jots on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let key: TestKey;
  let clientA: Headers & { id: string };
  let clientB: Headers & { id: string };
  let payloadOfB = '';

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_MULTIPLIER: '100' });
    app = testApp.app;
    admin = await createTestUser(app, { isAdmin: true });
    key = await createKey(app, admin.headers);
    const a = await createClient(app, admin.headers);
    const b = await createClient(app, admin.headers);
    clientA = { ...a.headers, id: a.clientId };
    clientB = { ...b.headers, id: b.clientId };
    await sendV2(app, key, { text: 'Buy oat milk', clientId: a.clientId, appVersion: '1.5.0', plugin: 'offline' }, { 'cf-ipcountry': 'US' });
    await sendV2(app, key, { text: 'Call the 100% discount line', clientId: a.clientId, appVersion: '1.4.2', plugin: 'google-docs' }, { 'cf-ipcountry': 'DE' });
    await sendV2(app, key, { text: 'Oat milk for B', clientId: b.clientId, appVersion: '1.5.0', plugin: 'offline', appName: 'OtherApp' }, { 'cf-ipcountry': 'US' });
    const adminPage = await app.inject({ method: 'GET', url: '/api/jots?limit=10', headers: admin.headers });
    payloadOfB = adminPage.json<JotSearchResult>().jots.find((jot) => jot.jotText === 'Oat milk for B')!.payload;
  });
  afterAll(() => testApp?.close());

  const search = (body: Partial<JotSearch> | Record<string, unknown>, headers: Record<string, string> = admin.headers, url = '/api/jots-search') =>
    app.inject({ method: 'POST', url, headers: stripId(headers), payload: body });
  const texts = (result: JotSearchResult) => result.jots.map((jot) => jot.jotText).sort();

  it.each([
    ['AppVersion', '1.5.0', ['Buy oat milk', 'Oat milk for B']],
    ['Plugin', 'GOOGLE-DOCS', ['Call the 100% discount line']],
    ['ClientId', 'placeholder-a', ['Buy oat milk', 'Call the 100% discount line']],
    ['SenderCountry', 'us', ['Buy oat milk', 'Oat milk for B']],
    ['payload', 'oat MILK', ['Buy oat milk', 'Oat milk for B']],
  ] as const)('an admin searches every jot by %s', async (field, value, expected) => {
    const response = await search({ field, value: value === 'placeholder-a' ? clientA.id : value });
    expect(response.statusCode).toBe(200);
    const result = response.json<JotSearchResult>();
    expect(texts(result)).toEqual([...expected].sort());
    expect(result.total).toBe(expected.length);
  });

  it('matches the whole encrypted payload too, not a part of it (decision 0013)', async () => {
    const result = (await search({ field: 'payload', value: payloadOfB })).json<JotSearchResult>();
    expect(texts(result)).toEqual(['Oat milk for B']);
    expect((await search({ field: 'payload', value: payloadOfB.slice(20, 60) })).json<JotSearchResult>().total).toBe(0);
  });

  it('refuses a payload search under 3 characters, which the trigram index cannot serve (decision 0013)', async () => {
    for (const value of ['B', ' iL ', '0%']) {
      const response = await search({ field: 'payload', value });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('Enter at least 3 characters to search the payload');
    }
    expect(texts((await search({ field: 'payload', value: 'r B' })).json())).toEqual(['Oat milk for B']);
    expect(texts((await search({ field: 'payload', value: 'MiL' })).json())).toEqual(['Buy oat milk', 'Oat milk for B']);
    // Other fields keep matching short whole values.
    expect((await search({ field: 'SenderCountry', value: 'us' })).statusCode).toBe(200);
  });

  it('says an exact count is exact', async () => {
    expect((await search({ field: 'AppVersion', value: '1.5.0' })).json<JotSearchResult>()).toMatchObject({ total: 2, totalCapped: false });
  });

  it('matches LIKE wildcards literally', async () => {
    expect(texts((await search({ field: 'payload', value: '100%' })).json())).toEqual(['Call the 100% discount line']);
    expect((await search({ field: 'payload', value: 'oa%' })).json<JotSearchResult>().total).toBe(0);
    expect((await search({ field: 'payload', value: 'e_d' })).json<JotSearchResult>().total).toBe(0);
    expect((await search({ field: 'AppVersion', value: '1._.0' })).json<JotSearchResult>().total).toBe(0);
  });

  it('narrows by appName when given (the tester sends JotApp)', async () => {
    const result = (await search({ field: 'AppVersion', value: '1.5.0', appName: 'JotApp' })).json<JotSearchResult>();
    expect(texts(result)).toEqual(['Buy oat milk']);
  });

  it('lets an API client search only its own jots, on both paths', async () => {
    for (const url of ['/api/jots-search', '/jots-search']) {
      const a = (await search({ field: 'payload', value: 'milk' }, clientA, url)).json<JotSearchResult>();
      expect(texts(a)).toEqual(['Buy oat milk']);
      const b = (await search({ field: 'payload', value: 'milk' }, clientB, url)).json<JotSearchResult>();
      expect(texts(b)).toEqual(['Oat milk for B']);
      // Searching for the other client's id finds nothing, not the other client's jots.
      const other = (await search({ field: 'ClientId', value: clientB.id }, clientA, url)).json<JotSearchResult>();
      expect(other.total).toBe(0);
    }
  });

  it('refuses anonymous callers (401), wrong secrets (401) and signed-in non-admins (403)', async () => {
    const body = { field: 'payload', value: 'milk' };
    for (const url of ['/api/jots-search', '/jots-search']) {
      const anonymous = await search(body, {}, url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<{ error: string }>().error).toMatch(/credentials/i);
      expect((await search(body, { 'x-client-id': clientA.id, 'x-client-secret': 'wrong' }, url)).statusCode).toBe(401);
      expect((await search(body, { 'x-client-id': 'no-such-client', 'x-client-secret': 'x' }, url)).statusCode).toBe(401);
      const user = await createTestUser(app);
      expect((await search(body, user.headers, url)).statusCode).toBe(403);
    }
  });

  it('checks credentials before the body, and then needs a field and a value', async () => {
    expect((await search({}, {})).statusCode).toBe(401);
    for (const body of [{}, { field: 'payload' }, { field: 'payload', value: '   ' }, { field: 'Nope', value: 'x' }, { value: 'x' }]) {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('Please select a field and enter a search value');
    }
  });

  it('answers text the database cannot store with a 400 naming the field (issue 8 §7)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ field: 'payload', value: 'a\u0000b' }, 'Search value contains characters that are not allowed'],
      [{ field: 'ClientId', value: '\udc00' }, 'Search value contains characters that are not allowed'],
      [{ field: 'payload', value: 'ferns', appName: 'Jot\ud800' }, 'App name contains characters that are not allowed'],
    ];
    for (const [body, error] of cases) {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(error);
    }
  });
});

function stripId(headers: Record<string, string>): Record<string, string> {
  const { id: _id, ...rest } = headers;
  return rest;
}
