/**
 * State shared by several instances of the app on one database (issue 14, decision 0015): two `buildApp`
 * instances in one process. Sessions and captcha uses live in the database, so those run on both databases (two
 * apps on one in-memory PGlite). The bus relay needs a real transport: PostgreSQL LISTEN/NOTIFY (skipped on
 * PGlite) or Redis (set REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveCaptcha } from '../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createKey, jotCount, sendV2 } from '../../../tests/fixtures/test-kit.ts';
import { createTestAdmin, createTestUser } from '../../../tests/fixtures/users.ts';

const ENV = { RATE_LIMIT_MULTIPLIER: '100', FEED_POLL_MS: '3600000' };

describe(`sessions and captcha across two instances on ${testDatabaseKind()}`, () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp(ENV);
    second = await createTestApp(ENV, { database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('accepts a sign-in from one instance on the other, and refuses a revoked session on both at once', async () => {
    const user = await createTestUser(first.app);
    const admin = await createTestAdmin(second.app);
    const signIn = await first.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: user.password, captcha: await solveCaptcha(first.app) },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
    const validate = (harness: TestApp) => harness.app.inject({ url: '/api/auth/validate', headers }).then((response) => response.statusCode);
    expect([await validate(first), await validate(second)]).toEqual([200, 200]);

    const revoke = await second.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: admin.headers, payload: { isApproved: false } });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect([await validate(first), await validate(second)]).toEqual([401, 401]);
  });

  it('accepts each captcha solution once in total, whichever instance sees it', async () => {
    const solution = await solveCaptcha(first.app);
    // Verified where it was not issued: the signing key is derived from the shared JWT secret.
    expect(await second.app.captcha.verify(solution)).toBe(true);
    expect(await first.app.captcha.verify(solution)).toBe(false);
    expect(await second.app.captcha.verify(solution)).toBe(false);

    const raced = await solveCaptcha(second.app);
    const results = await Promise.all([first.app.captcha.verify(raced), second.app.captcha.verify(raced)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

/** A banner created on one instance is served by the other at once (its own refresh would take 10 s). */
async function bannerReachesOtherInstance(first: TestApp, second: TestApp) {
  const admin = await createTestAdmin(first.app);
  const title = `relayed ${randomBytes(4).toString('hex')}`;
  const titles = async () =>
    (await second.app.inject({ url: '/api/banners/active' })).json<Array<{ title: string }>>().map((banner) => banner.title);
  expect(await titles()).not.toContain(title);
  const created = await first.app.inject({ method: 'POST', url: '/api/banners', headers: admin.headers, payload: { title, message: 'across instances' } });
  expect(created.statusCode, created.body).toBe(201);
  await expect.poll(titles, { timeout: 2000, interval: 50 }).toContain(title);
}

describe.skipIf(testDatabaseKind() !== 'postgres')('the bus over PostgreSQL LISTEN/NOTIFY (skipped on PGlite)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp(ENV);
    second = await createTestApp(ENV, { database: first.database });
    await vi.waitFor(() => expect(first.app.clusterBus.connected && second.app.clusterBus.connected).toBe(true), { timeout: 5000 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('relays content changes to the other instance', () => bannerReachesOtherInstance(first, second));

  it('reconnects after its listening connection is killed, and catches up on what it missed', async () => {
    const admin = await createTestAdmin(first.app);
    const key = await createKey(first.app, admin.headers);
    const reconnected = new Promise<void>((resolve) => second.app.clusterBus.onReconnect(resolve));
    // Every LISTEN connection of this test database (both instances'), killed from outside as a failover would.
    const killer = new pg.Client({ connectionString: first.database.connectionString });
    await killer.connect();
    try {
      await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()",
      );
    } finally {
      await killer.end();
    }
    // Sent while the second instance may still be away: the catch-up re-read on reconnect brings it.
    const sent = await sendV2(first.app, key, { text: 'during the outage' });
    await Promise.race([reconnected, new Promise((_, fail) => setTimeout(() => fail(new Error('the bus did not reconnect within 5 s')), 5000))]);
    await expect.poll(() => second.app.jotFeed.snapshot().latest?.id, { timeout: 2000, interval: 50 }).toBe(sent.id);
    expect(await jotCount(second.app)).toBe(await jotCount(first.app));
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('the bus over Redis pub/sub (set REDIS_URL to run)', () => {
  let first: TestApp;
  let second: TestApp;
  let redisA: Redis;
  let redisB: Redis;

  beforeAll(async () => {
    // A key prefix (and so a channel) of its own, so parallel runs never hear each other.
    const keyPrefix = `jotit-test-${randomBytes(6).toString('hex')}:`;
    redisA = new Redis(redisUrl!, { keyPrefix, maxRetriesPerRequest: 1 });
    redisB = new Redis(redisUrl!, { keyPrefix, maxRetriesPerRequest: 1 });
    first = await createTestApp(ENV, { redis: redisA });
    second = await createTestApp(ENV, { redis: redisB, database: first.database });
    await vi.waitFor(() => expect(first.app.clusterBus.connected && second.app.clusterBus.connected).toBe(true), { timeout: 5000 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    redisA?.disconnect();
    redisB?.disconnect();
  });

  it('uses Redis when it is configured', () => {
    expect(first.app.clusterBus.kind).toBe('redis');
  });

  it('relays content changes to the other instance', () => bannerReachesOtherInstance(first, second));

  it('brings a jot committed on one instance to the other within 2 s', async () => {
    const admin = await createTestAdmin(first.app);
    const key = await createKey(first.app, admin.headers);
    const sent = await sendV2(first.app, key, { text: 'through redis' });
    await expect.poll(() => second.app.jotFeed.snapshot().latest?.id, { timeout: 2000, interval: 50 }).toBe(sent.id);
    expect(await jotCount(second.app)).toBe(await jotCount(first.app));
  });
});
