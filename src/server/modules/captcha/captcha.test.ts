import { count, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha, solveChallengePayload } from '../../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { captchaUses } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { assertCaptcha, CAPTCHA_ERROR, CAPTCHA_TTL_MS, createCaptchaService } from './service.ts';

type Payload = { challenge: { parameters: Record<string, unknown>; signature: string }; solution: { counter: number; derivedKey: string } };

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
const encode = (payload: Payload) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe(`captcha on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const serviceWith = (options: { secret?: string; now?: () => number } = {}) =>
    createCaptchaService({
      db: testApp.database.db,
      secret: options.secret ?? testApp.config.jwtSecret,
      maxNumber: testApp.config.captchaMaxNumber,
      now: options.now,
    });

  it('serves a fresh signed SHA-256 challenge that expires in 5 minutes and is never cached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<{ parameters: Record<string, unknown>; signature: string }>();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = Number(challenge.parameters.expiresAt) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(CAPTCHA_TTL_MS - 10_000);
    expect(expiresInMs).toBeLessThanOrEqual(CAPTCHA_TTL_MS);

    const next = await testApp.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(next.json<{ signature: string }>().signature).not.toBe(challenge.signature);
  });

  it('accepts a solved challenge once and records its use', async () => {
    const payload = await solveCaptcha(testApp.app);
    expect(await testApp.app.captcha.verify(payload)).toBe(true);
    expect(await testApp.app.captcha.verify(payload)).toBe(false);
    // Another instance of the service (another server) shares the record of uses.
    expect(await serviceWith().verify(payload)).toBe(false);
  });

  it('accepts only one of two concurrent submissions of the same solution', async () => {
    const payload = await solveCaptcha(testApp.app);
    const results = await Promise.all([serviceWith().verify(payload), serviceWith().verify(payload), testApp.app.captcha.verify(payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stores a hash of the signature with the challenge expiry, not the payload', async () => {
    const payload = await solveCaptcha(testApp.app);
    const { challenge } = decode(payload);
    expect(await testApp.app.captcha.verify(payload)).toBe(true);
    const rows = await testApp.database.db.select().from(captchaUses);
    expect(rows.some((row) => row.signatureHash === challenge.signature)).toBe(false);
    const row = rows.find((candidate) => candidate.expiresAt.getTime() === Number(challenge.parameters.expiresAt) * 1000);
    expect(row?.signatureHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a tampered payload', async () => {
    const original = decode(await solveCaptcha(testApp.app));
    const tamperedParameters = { ...original, challenge: { ...original.challenge, parameters: { ...original.challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) + 86_400 } } };
    const otherKey = original.solution.derivedKey.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    const tamperedSolution = { ...original, solution: { ...original.solution, derivedKey: otherKey } };
    const tamperedSignature = { ...original, challenge: { ...original.challenge, signature: 'ab'.repeat(32) } };
    for (const tampered of [tamperedParameters, tamperedSolution, tamperedSignature]) {
      expect(await testApp.app.captcha.verify(encode(tampered))).toBe(false);
    }
    // The untouched original is still good: rejected attempts do not use it up.
    expect(await testApp.app.captcha.verify(encode(original))).toBe(true);
  });

  it('rejects an expired challenge', async () => {
    const issuedLongAgo = serviceWith({ now: () => Date.now() - CAPTCHA_TTL_MS - 60_000 });
    const payload = await solveChallengePayload(await issuedLongAgo.createChallenge());
    expect(await testApp.app.captcha.verify(payload)).toBe(false);
  });

  it('rejects a challenge signed with another secret', async () => {
    const otherSecret = serviceWith({ secret: 'another-secret-that-is-long-enough-for-hs256' });
    const payload = await solveChallengePayload(await otherSecret.createChallenge());
    expect(await testApp.app.captcha.verify(payload)).toBe(false);
    expect(await otherSecret.verify(payload)).toBe(true);
  });

  it('rejects missing, empty and garbage payloads without throwing', async () => {
    const garbage = [
      undefined,
      null,
      '',
      'not base64 at all!',
      Buffer.from('not json').toString('base64'),
      Buffer.from('null').toString('base64'),
      Buffer.from('[]').toString('base64'),
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      Buffer.from(JSON.stringify({ challenge: { parameters: { algorithm: 'MD5' } }, solution: {} })).toString('base64'),
      'A'.repeat(100_000),
    ];
    for (const payload of garbage) expect(await testApp.app.captcha.verify(payload)).toBe(false);
  });

  it('assertCaptcha throws the 400 of docs/architecture.md §6 for a bad payload and passes a good one', async () => {
    const error = await assertCaptcha(testApp.app.captcha, 'nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, message: CAPTCHA_ERROR });
    await expect(assertCaptcha(testApp.app.captcha, await solveCaptcha(testApp.app))).resolves.toBeUndefined();
  });

  it('deletes expired uses now and then', async () => {
    await testApp.database.db.insert(captchaUses).values({ signatureHash: 'expired-use', expiresAt: new Date(Date.now() - 60_000) });
    // A fresh service has not cleaned up yet, so its first accepted solution triggers the cleanup.
    expect(await serviceWith().verify(await solveCaptcha(testApp.app))).toBe(true);
    const [expired] = await testApp.database.db.select({ value: count() }).from(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
    expect(expired?.value).toBe(0);
  });
});
