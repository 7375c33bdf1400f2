import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { encryptLegacy, encryptV2 } from '../../../shared/jot-crypto.ts';
import { JOT_BODY_LIMIT_BYTES, type JotPage, type PublicJot } from '../../../shared/schemas/jots.ts';
import { jots } from '../../db/schema.ts';
import { createKey, jotCount, postJot, rowCount, sendLegacy, sendV2, startSecondInstance, type TestKey } from '../../../../tests/fixtures/test-kit.ts';

const INVALID = '{"error":"Invalid payload"}';
const CLOUDFLARE = { 'cf-ipcity': 'Nashville', 'cf-region': 'Tennessee', 'cf-ipcountry': 'us' };

function reencodeEnvelope(payload: string, change: (envelope: Record<string, unknown>) => void): string {
  const envelope = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
  change(envelope);
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
}

/** Flips the lowest bit of the Base64 character at `index` (keeping it valid Base64). */
function flipBase64Char(value: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const position = alphabet.indexOf(value[index]!);
  return value.slice(0, index) + alphabet[position ^ 1] + value.slice(index + 1);
}

/**
 * The largest valid plaintext, as the worst compact JSON writer sends it: every field at its limit in code points,
 * each an astral character written as a `\uXXXX\uXXXX` escape (.NET's default encoder does this), 12 bytes each.
 */
function largestPlaintextJson(): string {
  const escaped = (length: number) => '\\ud83c\\udf3f'.repeat(length);
  const fields = { text: 10_000, clientId: 200, appName: 100, windowTitle: 500, appVersion: 50, plugin: 100 };
  return `{${Object.entries(fields).map(([field, length]) => `"${field}":"${escaped(length)}"`).join(',')}}`;
}

// The protocol of docs/api.md written out here from the page, independently of jot-crypto.ts, so that any
// plaintext bytes can be sent (jot-crypto always serialises with JSON.stringify).
const hmac = (key: Buffer, message: string) => createHmac('sha256', key).update(message, 'utf8').digest();
const aes = (key: Buffer, iv: Buffer, plaintext: string) => {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
};
function encryptV2Json(plaintextJson: string, kid: string, value: string, ivBytes = randomBytes(16)): string {
  const k = createHash('sha256').update(value, 'utf8').digest();
  const iv = ivBytes.toString('base64');
  const ct = aes(hmac(k, 'jot:v2:enc'), ivBytes, plaintextJson).toString('base64');
  const mac = hmac(hmac(k, 'jot:v2:mac'), `2.${kid}.${iv}.${ct}`).toString('base64');
  return Buffer.from(JSON.stringify({ v: 2, kid, iv, ct, mac }), 'utf8').toString('base64');
}
function encryptLegacyJson(plaintextJson: string, value: string): string {
  const iv = randomBytes(16);
  return Buffer.concat([iv, aes(createHash('sha256').update(value, 'utf8').digest(), iv, plaintextJson)]).toString('base64');
}

describe(`jot ingestion on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let key: TestKey;
  let olderKey: TestKey;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createTestUser(testApp.app, { isAdmin: true });
    olderKey = await createKey(testApp.app, admin.headers, 'older-build');
    key = await createKey(testApp.app, admin.headers, 'current-build');
  });
  afterAll(() => testApp?.close());

  const adminList = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/api/jots?limit=200', headers: admin.headers })).json<JotPage>();

  it('accepts a v2 jot end to end: 201 after commit, count +1, location public, text only for admins', async () => {
    const before = await jotCount(testApp.app);
    const response = await postJot(
      testApp.app,
      '/api/v2/jots',
      { payload: encryptV2({ text: 'Water the ferns', clientId: 'device-1', appVersion: '1.5.0', plugin: 'offline', windowTitle: 'Notes' }, key.name, key.value) },
      { ...CLOUDFLARE, 'user-agent': 'JotIt/1.5.0 (Windows)' },
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: number; version: string; timestamp: string }>();
    expect(Object.keys(created).sort()).toEqual(['id', 'timestamp', 'version']);
    expect(created.version).toBe('v2');
    expect(new Date(created.timestamp).toISOString()).toBe(created.timestamp);
    expect(await jotCount(testApp.app)).toBe(before + 1);

    const publicList = await testApp.app.inject({ method: 'GET', url: '/api/jots?limit=10' });
    const [newest] = publicList.json<PublicJot[]>();
    expect(newest).toEqual({
      id: created.id,
      created_at: created.timestamp,
      sender_city: 'Nashville',
      sender_state: 'Tennessee',
      sender_country: 'US',
    });
    expect(publicList.body).not.toContain('Water the ferns');

    const record = (await adminList()).jots.find((jot) => jot.id === created.id);
    expect(record).toMatchObject({
      jotText: 'Water the ferns',
      clientId: 'device-1',
      appName: 'JotApp',
      appVersion: '1.5.0',
      plugin: 'offline',
      windowTitle: 'Notes',
      protocolVersion: 'v2',
      buildGuidName: key.name,
      senderCity: 'Nashville',
      senderCountry: 'US',
    });
    expect(record?.processedAt).toBeTruthy();

    const [row] = await testApp.database.db.select().from(jots).where(eq(jots.id, created.id));
    expect(row?.senderIp).toBe('127.0.0.1');
    expect(row?.senderUserAgent).toBe('JotIt/1.5.0 (Windows)');
    expect(row?.encryptedPayload).toBe(record?.payload);
  });

  it('accepts legacy (/jots) and v1 jots with a named key: 201 { id, message }, count +1 each', async () => {
    for (const url of ['/jots', '/api/v1/jots']) {
      const before = await jotCount(testApp.app);
      const created = await sendLegacy(testApp.app, key, { text: `sent to ${url}` }, url);
      expect(created).toEqual({ id: expect.any(Number), message: 'Jot created' });
      expect(await jotCount(testApp.app)).toBe(before + 1);
      const record = (await adminList()).jots.find((jot) => jot.id === created.id);
      expect(record).toMatchObject({ jotText: `sent to ${url}`, protocolVersion: url === '/jots' ? 'legacy' : 'v1', buildGuidName: key.name });
    }
  });

  it('finds the key of a legacy jot sent without buildGuidName by trying every key, newest first', async () => {
    const response = await postJot(testApp.app, '/api/v1/jots', { payload: encryptLegacy({ text: 'old build, no key name' }, olderKey.value) });
    expect(response.statusCode).toBe(201);
    const record = (await adminList()).jots.find((jot) => jot.id === response.json<{ id: number }>().id);
    expect(record).toMatchObject({ jotText: 'old build, no key name', buildGuidName: olderKey.name, protocolVersion: 'v1' });
  });

  it('reads UTF-8 place names from the proxy, ignores unknown countries, and strips control characters', async () => {
    const utf8AsLatin1 = Buffer.from('Zürich', 'utf8').toString('latin1');
    const { id } = await sendV2(testApp.app, key, { text: 'Swiss' }, { 'cf-ipcity': utf8AsLatin1, 'cf-region': 'Z\u0007H', 'cf-ipcountry': 'XX' });
    const record = (await adminList()).jots.find((jot) => jot.id === id);
    expect(record).toMatchObject({ senderCity: 'Zürich', senderState: 'ZH', senderCountry: null });
  });

  describe('refuses every bad payload with the same answer and writes no row', () => {
    const valid = () => encryptV2({ text: 'tamper with me' }, key.name, key.value);
    const cases: Array<[string, () => { url: string; body: unknown }]> = [
      ['v2 with a changed ciphertext', () => ({ url: '/api/v2/jots', body: { payload: reencodeEnvelope(valid(), (e) => (e.ct = flipBase64Char(String(e.ct), 5))) } })],
      ['v2 with a changed MAC', () => ({ url: '/api/v2/jots', body: { payload: reencodeEnvelope(valid(), (e) => (e.mac = flipBase64Char(String(e.mac), 0))) } })],
      ['v2 with a changed IV', () => ({ url: '/api/v2/jots', body: { payload: reencodeEnvelope(valid(), (e) => (e.iv = flipBase64Char(String(e.iv), 0))) } })],
      ['v2 relabelled with another existing kid', () => ({ url: '/api/v2/jots', body: { payload: reencodeEnvelope(valid(), (e) => (e.kid = olderKey.name)) } })],
      ['v2 encrypted with the wrong key value', () => ({ url: '/api/v2/jots', body: { payload: encryptV2({ text: 'x' }, key.name, 'not the value') } })],
      ['v2 naming an unknown kid', () => ({ url: '/api/v2/jots', body: { payload: encryptV2({ text: 'x' }, 'no-such-build', 'whatever') } })],
      ['v2 with a plaintext that is not a jot', () => ({ url: '/api/v2/jots', body: { payload: encryptV2({ note: 'no text' } as never, key.name, key.value) } })],
      ['v2 given a legacy payload', () => ({ url: '/api/v2/jots', body: { payload: encryptLegacy({ text: 'x' }, key.value) } })],
      ['garbage on v2', () => ({ url: '/api/v2/jots', body: { payload: 'definitely not base64!' } })],
      ['base64 junk on v2', () => ({ url: '/api/v2/jots', body: { payload: Buffer.from('{"v":2}').toString('base64') } })],
      ['legacy with a changed IV (corrupt first block)', () => {
        const bytes = Buffer.from(encryptLegacy({ text: 'x' }, key.value), 'base64');
        bytes[0] = bytes[0]! ^ 1;
        return { url: '/jots', body: { payload: bytes.toString('base64'), buildGuidName: key.name } };
      }],
      ['legacy with the wrong key', () => ({ url: '/jots', body: { payload: encryptLegacy({ text: 'x' }, 'wrong'), buildGuidName: key.name } })],
      ['legacy naming an unknown key', () => ({ url: '/api/v1/jots', body: { payload: encryptLegacy({ text: 'x' }, key.value), buildGuidName: 'nope' } })],
      ['legacy without a key name that no key opens', () => ({ url: '/api/v1/jots', body: { payload: encryptLegacy({ text: 'x' }, 'unknown key') } })],
      ['garbage on legacy', () => ({ url: '/jots', body: { payload: 'AAAA' } })],
      ['v1 given a v2 payload', () => ({ url: '/api/v1/jots', body: { payload: valid(), buildGuidName: key.name } })],
    ];

    it.each(cases)('%s → 400 Invalid payload', async (_name, build) => {
      const rowsBefore = await rowCount(testApp.app);
      const countBefore = await jotCount(testApp.app);
      const { url, body } = build();
      const response = await postJot(testApp.app, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(INVALID);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(await rowCount(testApp.app)).toBe(rowsBefore);
      expect(await jotCount(testApp.app)).toBe(countBefore);
    });

    it.each(['/jots', '/api/v1/jots', '/api/v2/jots'])('an empty payload on %s → 400 Encrypted payload is required', async (url) => {
      const rowsBefore = await rowCount(testApp.app);
      for (const body of [{ payload: '' }, {}]) {
        const response = await postJot(testApp.app, url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toBe('Encrypted payload is required');
      }
      expect(await rowCount(testApp.app)).toBe(rowsBefore);
    });

    it.each(['/jots', '/api/v1/jots', '/api/v2/jots'])('a body one byte over the limit on %s → 413 with an error, nothing stored', async (url) => {
      const rowsBefore = await rowCount(testApp.app);
      const bodyOf = (bytes: number) => `{"payload":"${'A'.repeat(bytes - '{"payload":""}'.length)}"}`;
      const over = await postJot(testApp.app, url, bodyOf(JOT_BODY_LIMIT_BYTES + 1), { 'content-type': 'application/json' });
      expect(over.statusCode).toBe(413);
      expect(over.json<{ error: string }>().error).toBeTruthy();
      // Exactly at the limit the body is read, and refused only for what it says.
      const atLimit = await postJot(testApp.app, url, bodyOf(JOT_BODY_LIMIT_BYTES), { 'content-type': 'application/json' });
      expect(atLimit.body).toBe(INVALID);
      expect(await rowCount(testApp.app)).toBe(rowsBefore);
    });
  });

  describe('the body limit fits the largest valid jot (docs/api.md)', () => {
    it('10,000 four-byte characters as v2, legacy and v1', async () => {
      const text = '🌿'.repeat(10_000);
      expect((await sendV2(testApp.app, key, { text })).id).toEqual(expect.any(Number));
      for (const url of ['/jots', '/api/v1/jots']) expect((await sendLegacy(testApp.app, key, { text }, url)).id).toEqual(expect.any(Number));
    });

    it('every field at its limit, every character JSON-escaped, with the longest key id: accepted by v2, legacy and v1', async () => {
      // The longest name a build GUID may have, of the two characters JSON escapes.
      const longKey = await createKey(testApp.app, admin.headers, '"\\'.repeat(50));
      const plaintext = largestPlaintextJson();
      const v2Body = JSON.stringify({ payload: encryptV2Json(plaintext, longKey.name, longKey.value) });
      const legacyBody = JSON.stringify({ payload: encryptLegacyJson(plaintext, longKey.value), buildGuidName: longKey.name });
      expect(Buffer.byteLength(v2Body)).toBeGreaterThan(230_000);
      expect(Buffer.byteLength(v2Body)).toBeLessThanOrEqual(JOT_BODY_LIMIT_BYTES);
      const json = { 'content-type': 'application/json' };
      const v2 = await postJot(testApp.app, '/api/v2/jots', v2Body, json);
      expect(v2.statusCode, v2.body).toBe(201);
      for (const url of ['/jots', '/api/v1/jots']) {
        const legacy = await postJot(testApp.app, url, legacyBody, json);
        expect(legacy.statusCode, legacy.body).toBe(201);
      }
      const record = (await adminList()).jots.find((jot) => jot.id === v2.json<{ id: number }>().id);
      expect(record?.jotText).toBe('🌿'.repeat(10_000));
      expect(record?.windowTitle).toBe('🌿'.repeat(500));
    });

    it('one character more than the text limit is Invalid payload, not 413', async () => {
      const response = await postJot(testApp.app, '/api/v2/jots', { payload: encryptV2({ text: '🌿'.repeat(10_001) }, key.name, key.value) });
      expect(response.body).toBe(INVALID);
    });
  });

  describe('a retried v2 envelope is stored once (decision 0010)', () => {
    it('the same envelope twice: 201 with the same id and time, one row, the count unchanged by the retry', async () => {
      const payload = encryptV2({ text: 'sent twice' }, key.name, key.value);
      const first = await postJot(testApp.app, '/api/v2/jots', { payload });
      const rowsAfterFirst = await rowCount(testApp.app);
      const countAfterFirst = await jotCount(testApp.app);
      const retry = await postJot(testApp.app, '/api/v2/jots', { payload });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await rowCount(testApp.app)).toBe(rowsAfterFirst);
      expect(await jotCount(testApp.app)).toBe(countAfterFirst);
    });

    it('the same envelope re-encoded (other key order in its JSON) is the same jot', async () => {
      const payload = encryptV2({ text: 'reordered' }, key.name, key.value);
      const first = await postJot(testApp.app, '/api/v2/jots', { payload });
      const reordered = reencodeEnvelope(payload, (envelope) => {
        const { v, ...rest } = envelope;
        for (const field of Object.keys(envelope)) delete envelope[field];
        Object.assign(envelope, rest, { v });
      });
      expect(reordered).not.toBe(payload);
      const retry = await postJot(testApp.app, '/api/v2/jots', { payload: reordered });
      expect(retry.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    });

    it('ten copies at once: all 201 with one id, one row, the count +1', async () => {
      const payload = encryptV2({ text: 'a burst of retries' }, key.name, key.value);
      const rowsBefore = await rowCount(testApp.app);
      const countBefore = await jotCount(testApp.app);
      const responses = await Promise.all(Array.from({ length: 10 }, () => postJot(testApp.app, '/api/v2/jots', { payload })));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((response) => response.json<{ id: number }>().id)).size).toBe(1);
      expect(await rowCount(testApp.app)).toBe(rowsBefore + 1);
      expect(await jotCount(testApp.app)).toBe(countBefore + 1);
    });

    it('the same text with another IV is another jot', async () => {
      const iv = Buffer.alloc(16, 7);
      const rowsBefore = await rowCount(testApp.app);
      const first = await sendV2Raw(encryptV2({ text: 'same text' }, key.name, key.value, iv));
      const second = await sendV2Raw(encryptV2({ text: 'same text' }, key.name, key.value, Buffer.alloc(16, 8)));
      expect(second.id).not.toBe(first.id);
      expect(await rowCount(testApp.app)).toBe(rowsBefore + 2);
    });

    it('a second instance on the same database answers a retry with the first instance\'s id', async () => {
      const payload = encryptV2({ text: 'retried on another instance' }, key.name, key.value);
      const first = await sendV2Raw(payload);
      const second = await startSecondInstance(testApp);
      try {
        const retry = await postJot(second, '/api/v2/jots', { payload });
        expect(retry.statusCode).toBe(201);
        expect(retry.json<{ id: number }>().id).toBe(first.id);
      } finally {
        await second.close();
      }
    });

    it('legacy and v1 keep one row per request (an old build may reuse its IV)', async () => {
      const payload = encryptLegacy({ text: 'legacy twice' }, key.value);
      const rowsBefore = await rowCount(testApp.app);
      const ids = [];
      for (const url of ['/jots', '/jots', '/api/v1/jots']) {
        const response = await postJot(testApp.app, url, { payload, buildGuidName: key.name });
        expect(response.statusCode).toBe(201);
        ids.push(response.json<{ id: number }>().id);
      }
      expect(new Set(ids).size).toBe(3);
      expect(await rowCount(testApp.app)).toBe(rowsBefore + 3);
    });

    const sendV2Raw = async (payload: string) => {
      const response = await postJot(testApp.app, '/api/v2/jots', { payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>();
    };
  });

  it('stores concurrent jots once each and answers each with its own id', async () => {
    const before = await rowCount(testApp.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postJot(testApp.app, '/api/v2/jots', { payload: encryptV2({ text: `burst ${index}` }, key.name, key.value) }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const ids = responses.map((response) => response.json<{ id: number }>().id);
    expect(new Set(ids).size).toBe(40);
    expect(await rowCount(testApp.app)).toBe(before + 40);
    const records = (await adminList()).jots;
    for (const [index, id] of ids.entries()) expect(records.find((jot) => jot.id === id)?.jotText).toBe(`burst ${index}`);
  });

  it('ignores location headers when the proxy is not trusted', async () => {
    const untrusted = await createTestApp();
    try {
      const adminHeaders = (await createTestUser(untrusted.app, { isAdmin: true })).headers;
      const untrustedKey = await createKey(untrusted.app, adminHeaders);
      await sendV2(untrusted.app, untrustedKey, { text: 'from somewhere' }, CLOUDFLARE);
      const [newest] = (await untrusted.app.inject({ method: 'GET', url: '/api/jots' })).json<PublicJot[]>();
      expect(newest).toMatchObject({ sender_city: null, sender_state: null, sender_country: null });
    } finally {
      await untrusted.close();
    }
  });
});
