import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { postPublicForm } from '../../../../tests/fixtures/public-form-suite.ts';
import { createKey, sendV2 } from '../../../../tests/fixtures/test-kit.ts';
import { createTestStaffs, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/schemas/webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../tests/fixtures/webhook-receiver.ts';
import { waitForOutboxMail } from '../../../../tests/fixtures/outbox.ts';
import { startMailWorker } from '../../jobs/mail.ts';
import { auditLog, blogPosts, webhookAttempts, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { announceLivePosts } from '../blog/announce.ts';
import { checkWebhookUrl, isRefusedAddress } from './address-guard.ts';
import { pruneWebhookLog } from './service.ts';
import { startAppWebhookWorker, type WebhookWorker } from './worker.ts';

const HOUR = 60 * 60 * 1000;
type Endpoint = { id: number; secret: string; url: string; events: string[]; enabled: boolean; disabledAt: string | null };
type Delivery = { id: number; status: string; attempts: number; responseStatus: number | null; responseSnippet: string | null; eventType: string; eventId: string };
type Attempt = { attempt: number; attemptedAt: string; responseStatus: number | null; durationMs: number; responseSnippet: string | null; error: string | null; nextAttemptAt: string | null };

describe(`webhooks on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser, editor: TestUser, adminRole: TestUser, author: TestUser, support: TestUser;
  let receiver: WebhookReceiver;
  let worker: WebhookWorker;
  let clock = 0;
  useTestAppWithUsers({ WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' }, async (suite) => {
    ({ testApp, admin, user } = suite);
    [editor, adminRole, author, support] = await createTestStaffs(testApp.app, 'editor', 'admin', 'author', 'support');
    receiver = await startWebhookReceiver();
    testApp.app.services.now = () => new Date(Date.now() + clock);
    await testApp.queue.start();
    await startMailWorker(testApp.queue, testApp.app.services.mailer, testApp.app.log, testApp.config.mail);
    // The real schedule in milliseconds, and a 1 s limit instead of 10 s: same code, shorter waits.
    worker = await startAppWebhookWorker(testApp.app, { retryScheduleMs: [20, 20, 20, 20, 20], pollMs: 25, timeoutMs: 1000 });
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
  });
  beforeEach(async () => {
    clock = 0;
    testApp.app.webhooks.policy.allowPrivate = true;
    testApp.app.webhooks.policy.allowHttp = true;
    await testApp.app.services.database.db.delete(webhookEndpoints);
    await testApp.app.services.database.db.delete(webhookEvents);
    receiver.reset();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: object = admin.headers) =>
    testApp.app.inject({ method, url, payload, headers: headers as Record<string, string> });
  const createEndpoint = async (body: Record<string, unknown> = {}) => {
    const response = await inject('POST', '/api/webhooks/endpoints', { url: receiver.url, events: ['lead.created'], ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Endpoint>();
  };
  const deliveries = async (endpointId: number, query = '') => {
    const response = await inject('GET', `/api/webhooks/endpoints/${endpointId}/deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Delivery[]>();
  };
  const attemptsOf = async (endpointId: number, deliveryId: number) => {
    const response = await inject('GET', `/api/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/attempts`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Attempt[]>();
  };
  const settled = (endpointId: number) =>
    vi.waitFor(
      async () => {
        const log = await deliveries(endpointId);
        expect(log.length).toBeGreaterThan(0);
        expect(log.every((delivery) => delivery.status === 'delivered' || delivery.status === 'failed')).toBe(true);
        return log;
      },
      { timeout: 15_000, interval: 50 },
    );
  /** The endpoint's log once its newest delivery has had its first attempt. */
  const attempted = (endpointId: number, interval = 50) =>
    vi.waitFor(
      async () => {
        const log = await deliveries(endpointId);
        expect(log[0]!.attempts).toBeGreaterThanOrEqual(1);
        return log;
      },
      { timeout: 10_000, interval },
    );
  let ip = 0;
  const postLead = async (email: string) => {
    ip += 1;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: `198.51.100.${ip}`,
      payload: { captcha: await solveCaptcha(testApp.app), firstName: 'Ada', email },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  describe('permissions (owners and admins only)', () => {
    it.each([
      ['GET', '/api/webhooks/endpoints'],
      ['POST', '/api/webhooks/endpoints'],
      ['PATCH', '/api/webhooks/endpoints/1'],
      ['DELETE', '/api/webhooks/endpoints/1'],
      ['POST', '/api/webhooks/endpoints/1/rotate-secret'],
      ['GET', '/api/webhooks/endpoints/1/deliveries'],
      ['GET', '/api/webhooks/endpoints/1/deliveries/1/attempts'],
      ['POST', '/api/webhooks/endpoints/1/deliveries/1/replay'],
      ['POST', '/api/webhooks/endpoints/1/replay-failed'],
      ['POST', '/api/webhooks/endpoints/1/test'],
    ] as const)('%s %s: anonymous 401, user and editor 403', async (method, url) => {
      const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
      expect((await testApp.app.inject({ method, url, payload: body })).statusCode).toBe(401);
      expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
      expect((await inject(method, url, body, editor.headers)).statusCode).toBe(403);
    });

    it('the attempts of a delivery: owner and admin 200; editor, author, support and user 403; anonymous 401; unknown ids 404', async () => {
      const endpoint = await createEndpoint();
      const other = await createEndpoint();
      const test = (await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<Delivery>();
      const [delivery] = await settled(endpoint.id);
      const url = `/api/webhooks/endpoints/${endpoint.id}/deliveries/${test.id}/attempts`;
      for (const caller of [admin, adminRole]) {
        const response = await inject('GET', url, undefined, caller.headers);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual([expect.objectContaining({ attempt: 1, responseStatus: 200, responseSnippet: 'ok', error: null, nextAttemptAt: null })]);
      }
      expect(delivery!.id).toBe(test.id);
      for (const caller of [editor, author, support, user]) expect((await inject('GET', url, undefined, caller.headers)).statusCode).toBe(403);
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      // Another endpoint's delivery, an unknown delivery, an unknown endpoint: 404; not an id: 400.
      expect((await inject('GET', `/api/webhooks/endpoints/${other.id}/deliveries/${test.id}/attempts`)).statusCode).toBe(404);
      expect((await inject('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${test.id + 1000}/attempts`)).statusCode).toBe(404);
      expect((await inject('GET', `/api/webhooks/endpoints/${other.id + 1000}/deliveries/${test.id}/attempts`)).statusCode).toBe(404);
      expect((await inject('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries/x/attempts`)).statusCode).toBe(400);
    });
  });

  describe('endpoints', () => {
    it('shows the secret once, on create and on rotate; lists, changes and deletes', async () => {
      const created = await createEndpoint({ description: 'CRM' });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      const list = (await inject('GET', '/api/webhooks/endpoints')).json<Array<Record<string, unknown>>>();
      expect(list).toEqual([expect.objectContaining({ id: created.id, description: 'CRM', events: ['lead.created'], enabled: true })]);
      expect(JSON.stringify(list)).not.toContain('whsec_');
      const [row] = await testApp.app.services.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(row!.secretSealed).not.toContain(created.secret.slice(6)); // sealed at rest
      const rotated = await inject('POST', `/api/webhooks/endpoints/${created.id}/rotate-secret`);
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json<Endpoint>().secret).not.toBe(created.secret);
      const changed = await inject('PATCH', `/api/webhooks/endpoints/${created.id}`, { events: ['post.published', 'lead.created'], enabled: false });
      expect(changed.json()).toMatchObject({ events: ['post.published', 'lead.created'], enabled: false });
      expect((await inject('DELETE', `/api/webhooks/endpoints/${created.id}`)).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/webhooks/endpoints/${created.id}`)).statusCode).toBe(404);
    });

    it.each([
      [{ url: 'not a url', events: ['lead.created'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['lead.created'] }, 'url'],
      [{ url: 'https://example.com/x', events: ['lead.exploded'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', events: ['lead.created'], secret: 'mine' }, 'secret'],
    ])('%j → 400 naming %s', async (body, field) => {
      const response = await inject('POST', '/api/webhooks/endpoints', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: Array<{ field: string }> }>().details.map((detail) => detail.field)).toContain(field);
    });
  });

  describe('SSRF (without WEBHOOKS_ALLOW_PRIVATE and WEBHOOKS_ALLOW_HTTP)', () => {
    it.each(['https://127.0.0.1/x', 'https://10.0.0.1/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://localhost/x', 'https://[::ffff:127.0.0.1]/x', 'https://192.168.1.20/x', 'https://[fe80::1]/x', 'https://0.0.0.0/x'])(
      '%s is refused with 400 naming url',
      async (url) => {
        testApp.app.webhooks.policy.allowPrivate = false;
        const response = await inject('POST', '/api/webhooks/endpoints', { url, events: ['lead.created'] });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ details: [{ field: 'url' }] });
      },
    );

    it('refuses http:// unless WEBHOOKS_ALLOW_HTTP, and checks every address a name resolves to', async () => {
      testApp.app.webhooks.policy.allowHttp = false;
      const response = await inject('POST', '/api/webhooks/endpoints', { url: receiver.url, events: ['lead.created'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'URL must use https', details: [{ field: 'url' }] });
      const policy = { allowHttp: false, allowPrivate: false };
      const mixed = async () => [{ address: '93.184.215.14', family: 4 }, { address: '10.1.2.3', family: 4 }];
      await expect(checkWebhookUrl('https://rebind.example/x', policy, mixed)).rejects.toThrow(/may not reach/);
      const publicOnly = async () => [{ address: '93.184.215.14', family: 4 }];
      await expect(checkWebhookUrl('https://hooks.example/x', policy, publicOnly)).resolves.toMatchObject({ address: '93.184.215.14' });
      expect(['100.64.0.1', '224.0.0.1', 'fd00:ec2::254', 'fc00::1', 'ff02::1', '::', '::ffff:7f00:1'].filter((address) => !isRefusedAddress(address))).toEqual([]);
      expect(['93.184.215.14', '2606:4700::1111'].filter(isRefusedAddress)).toEqual([]);
    });

    it('refuses at delivery time when the address changed since the endpoint was saved, and retries', async () => {
      const endpoint = await createEndpoint();
      testApp.app.webhooks.policy.allowPrivate = false;
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      const [delivery] = await attempted(endpoint.id);
      expect(delivery!.responseSnippet).toMatch(/^Refused: /);
      // The refusal is an attempt of its own in the log: no status, the reason, the next attempt.
      const [refused] = await attemptsOf(endpoint.id, delivery!.id);
      expect(refused).toMatchObject({ attempt: 1, responseStatus: null, responseSnippet: null, error: expect.stringMatching(/^Refused: /), nextAttemptAt: expect.any(String) });
      expect(receiver.received).toEqual([]);
      expect(testApp.logs.some((line) => line.msg === 'webhook delivery refused by the address check')).toBe(true);
    });
  });

  describe('delivery', () => {
    it('a lead created → exactly one lead.created, verified by the standardwebhooks package; the same address again → none', async () => {
      const endpoint = await createEndpoint({ events: ['lead.created', 'post.published'] });
      await postLead('webhook-lead@example.com');
      await postLead('Webhook-Lead@example.com');
      const [delivery] = await settled(endpoint.id);
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate to show
      expect(receiver.received).toHaveLength(1);
      const [event] = receiver.received;
      expect(event!.type).toBe('lead.created');
      expect(event!.data).toMatchObject({ email: 'webhook-lead@example.com', firstName: 'Ada' });
      expect(event!.verifiedBy(endpoint.secret)).toEqual([true]);
      expect(event!.id).toBe(delivery!.eventId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, responseSnippet: 'ok', eventType: 'lead.created' });
    });

    it('no endpoint subscribed → no event stored', async () => {
      await createEndpoint({ events: ['post.published'] });
      await postLead('nobody-listens@example.com');
      expect(await testApp.app.services.database.db.select().from(webhookEvents)).toEqual([]);
    });

    it('500, 500, 200 → delivered on the third attempt, with the same webhook-id each time', async () => {
      const endpoint = await createEndpoint();
      receiver.answer({ status: 500, body: 'down' }, { status: 500, body: 'still down' });
      await postLead('retry-lead@example.com');
      const [delivery] = await settled(endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
      // Every attempt is in the log (issue 41 §5), not only the last: status, answer, duration, next retry.
      const attempts = await attemptsOf(endpoint.id, delivery!.id);
      expect(attempts.map(({ attempt, responseStatus, responseSnippet, error }) => ({ attempt, responseStatus, responseSnippet, error }))).toEqual([
        { attempt: 1, responseStatus: 500, responseSnippet: 'down', error: null },
        { attempt: 2, responseStatus: 500, responseSnippet: 'still down', error: null },
        { attempt: 3, responseStatus: 200, responseSnippet: 'ok', error: null },
      ]);
      expect(attempts.map((attempt) => attempt.nextAttemptAt === null)).toEqual([false, false, true]);
      expect(attempts.every((attempt) => Number.isInteger(attempt.durationMs) && attempt.durationMs >= 0)).toBe(true);
      expect(Date.parse(attempts[0]!.nextAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(attempts[0]!.attemptedAt));
      expect(receiver.received.map((request) => request.id)).toEqual(Array(3).fill(delivery!.eventId));
      expect(receiver.received.every((request) => request.verifiedBy(endpoint.secret)[0])).toBe(true);
    });

    it('a receiver that hangs, answers 10 MB or redirects to 127.0.0.1 → failed attempts, retried, then delivered', async () => {
      const endpoint = await createEndpoint();
      receiver.answer('hang', 'huge', { status: 302, headers: { location: `${receiver.url.replace('/hooks', '/redirected')}` } });
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      const [delivery] = await settled(endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, responseStatus: 200 });
      expect(receiver.received.map((request) => request.path)).toEqual(['/hooks', '/hooks', '/hooks', '/hooks']);
      // The 10 MB answer: 4 KB of it kept, and the connection closed long before its end (the worker's RSS, checked
      // here before, measured the whole test process and PGlite with it: 1.13 GB on a loaded CI rehearsal).
      const attempts = await attemptsOf(endpoint.id, delivery!.id);
      expect(attempts.map((attempt) => attempt.responseSnippet?.length ?? null)).toEqual([null, 4096, 0, 2]);
      expect(receiver.hugeAnswersCutShort).toBe(1);
    });

    it('the hang, the 10 MB answer and the redirect are each logged as a failed attempt', async () => {
      const endpoint = await createEndpoint();
      const outcomes: Delivery[] = [];
      for (const answer of ['hang', 'huge', { status: 307, headers: { location: 'http://127.0.0.1:1/' } }] as const) {
        receiver.answer(answer, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
        await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
        const [delivery] = await attempted(endpoint.id, 20);
        outcomes.push(delivery!);
        await settled(endpoint.id);
        receiver.reset();
      }
      expect(outcomes[0]).toMatchObject({ responseStatus: null, responseSnippet: 'No answer within 1 s' });
      expect(outcomes[1]!.responseSnippet!.length).toBeLessThanOrEqual(4096);
      expect(outcomes[2]).toMatchObject({ responseStatus: 307 });
      // Each delivery's first attempt says the same in the attempts log: the timeout as an error, at most 4 KB kept.
      const firsts = await Promise.all(outcomes.map(async (outcome) => (await attemptsOf(endpoint.id, outcome.id))[0]!));
      expect(firsts[0]).toMatchObject({ responseStatus: null, responseSnippet: null, error: 'No answer within 1 s' });
      expect(firsts[1]).toMatchObject({ responseStatus: 500, error: null });
      expect(firsts[1]!.responseSnippet!.length).toBeLessThanOrEqual(4096);
      expect(firsts[2]).toMatchObject({ responseStatus: 307, error: null });
    });

    it('gives up after the schedule, keeps the log filterable, replays one and every failed since a time', async () => {
      const endpoint = await createEndpoint();
      receiver.answer(...Array(6).fill({ status: 503, body: 'nope' }));
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      const [failed] = await settled(endpoint.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 6, responseStatus: 503, responseSnippet: 'nope', eventType: 'webhook.test' });
      expect(await deliveries(endpoint.id, '?status=delivered')).toEqual([]);
      expect(await deliveries(endpoint.id, '?eventType=lead.created')).toEqual([]);
      expect((await inject('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries?status=lost`)).statusCode).toBe(400);

      const replay = await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${failed!.id}/replay`);
      expect(replay.statusCode).toBe(202);
      await vi.waitFor(async () => expect((await deliveries(endpoint.id, '?status=delivered')).length).toBe(1), { timeout: 10_000, interval: 50 });
      const all = await deliveries(endpoint.id);
      expect(new Set(all.map((delivery) => delivery.eventId)).size).toBe(1); // a replay keeps the webhook-id

      // Its event reached the endpoint since: "replay failed" leaves it alone.
      const delivered = await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, { since: new Date(Date.now() - HOUR).toISOString() });
      expect(delivered.statusCode).toBe(202);
      expect(delivered.json()).toEqual({ replayed: 0 });
    });

    it('replays every failed event since a time once (however often it failed), audited; since in the future or not a date → 400', async () => {
      const endpoint = await createEndpoint();
      const failAll = () => receiver.answer(...Array(6).fill({ status: 500, body: 'nope' }));
      const untilFailed = (count: number) =>
        vi.waitFor(async () => expect((await deliveries(endpoint.id, '?status=failed')).length).toBe(count), { timeout: 15_000, interval: 50 });
      failAll();
      const first = (await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`)).json<Delivery>();
      await untilFailed(1);
      failAll();
      expect((await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${first.id}/replay`)).statusCode).toBe(202);
      await untilFailed(2); // the first event failed twice
      failAll();
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await untilFailed(3); // a second event failed once
      const before = await deliveries(endpoint.id);
      expect(new Set(before.map((delivery) => delivery.eventId)).size).toBe(2);

      // Nothing failed since now; an hour ago: two events, one new delivery each.
      const since = new Date(Date.now() - HOUR).toISOString();
      expect((await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, { since: new Date().toISOString() })).json()).toEqual({ replayed: 0 });
      const replayed = await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, { since });
      expect(replayed.statusCode, replayed.body).toBe(202);
      expect(replayed.json()).toEqual({ replayed: 2 });
      const delivered = await vi.waitFor(
        async () => {
          const log = await deliveries(endpoint.id, '?status=delivered');
          expect(log).toHaveLength(2);
          return log;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(delivered.map((delivery) => delivery.eventId).sort()).toEqual([...new Set(before.map((delivery) => delivery.eventId))].sort());
      expect((await deliveries(endpoint.id)).length).toBe(5);
      // Both delivered now: asked again, nothing is queued.
      expect((await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, { since })).json()).toEqual({ replayed: 0 });

      const audit = await testApp.app.services.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(endpoint.id)));
      const actions = audit.map((entry) => entry.action);
      expect(actions).toContain('webhook_endpoint.replay');
      expect(audit.filter((entry) => entry.action === 'webhook_endpoint.replay_failed').map((entry) => entry.details)).toContainEqual({ since, replayed: 2 });

      for (const body of [{ since: new Date(Date.now() + HOUR).toISOString() }, { since: 'yesterday' }, { since: '2026-11-29' }, {}, { since, extra: 1 }]) {
        const response = await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/replay-failed`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json<{ details: Array<{ field: string }> }>().details.map((detail) => detail.field)).toContain('extra' in body ? 'extra' : 'since');
      }
      expect((await inject('POST', `/api/webhooks/endpoints/${endpoint.id + 1000}/replay-failed`, { since })).statusCode).toBe(404);
    });

    it('keeps every attempt with its delivery for 30 days, then prunes them together', async () => {
      const endpoint = await createEndpoint();
      receiver.answer({ status: 500 });
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await settled(endpoint.id);
      const db = testApp.app.services.database.db;
      expect(await db.select().from(webhookAttempts)).toHaveLength(2);
      await pruneWebhookLog(db, new Date(Date.now() + 29 * 24 * HOUR));
      expect(await db.select().from(webhookAttempts)).toHaveLength(2);
      await pruneWebhookLog(db, new Date(Date.now() + 31 * 24 * HOUR));
      expect(await db.select().from(webhookAttempts)).toEqual([]);
      expect(await deliveries(endpoint.id)).toEqual([]);
    });

    it('rotation: during the 24 h overlap both secrets verify, after it only the new one', async () => {
      const endpoint = await createEndpoint();
      const rotated = (await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`)).json<Endpoint>();
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await settled(endpoint.id);
      expect(receiver.received.at(-1)!.verifiedBy(rotated.secret, endpoint.secret)).toEqual([true, true]);
      clock = 25 * HOUR;
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 10_000, interval: 50 });
      expect(receiver.received.at(-1)!.verifiedBy(rotated.secret, endpoint.secret)).toEqual([true, false]);
    });

    it('three days of failures disable the endpoint; enabling it again starts afresh', async () => {
      const endpoint = await createEndpoint();
      receiver.answer(...Array(12).fill({ status: 500 }));
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await settled(endpoint.id);
      clock = 73 * HOUR;
      await inject('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await vi.waitFor(
        async () => {
          const [row] = (await inject('GET', '/api/webhooks/endpoints')).json<Endpoint[]>();
          expect(row).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
        },
        { timeout: 10_000, interval: 50 },
      );
      // The owners are told, through the mail job (the test "admin" is an owner).
      const mail = await waitForOutboxMail(path.join(testApp.config.dataDir, 'outbox'), (message) => message.to.includes(admin.email));
      expect(mail.subject).toBe('A webhook endpoint was disabled: 127.0.0.1:' + new URL(receiver.url).port);
      const enabled = await inject('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, { enabled: true });
      expect(enabled.json()).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
    });
  });
  describe('events (noun.verb, the audit vocabulary)', () => {
    it('jot.received only while an endpoint subscribes, with id, app, version, plugin and time: never the text', async () => {
      const key = await createKey(testApp.app, admin.headers, `webhook-build-${Date.now()}`);
      await sendV2(testApp.app, key, { text: 'unsubscribed secret words', appName: 'Notepad' });
      expect(await testApp.app.services.database.db.select().from(webhookEvents)).toEqual([]);
      const endpoint = await createEndpoint({ events: ['jot.received'] });
      const jot = await sendV2(testApp.app, key, { text: 'secret words of the jot', appName: 'Notepad', windowTitle: 'Private window', appVersion: '2.1.0', plugin: 'clipper' });
      await settled(endpoint.id);
      expect(receiver.received).toHaveLength(1);
      const [event] = receiver.received;
      expect(event!.type).toBe('jot.received');
      expect(event!.data).toEqual({ id: jot.id, app: 'Notepad', version: '2.1.0', plugin: 'clipper', time: expect.any(String) });
      expect(event!.body).not.toMatch(/secret words|Private window/);
      expect(event!.verifiedBy(endpoint.secret)).toEqual([true]);
      // Disabled: the in-memory set follows at once, and the jot path writes no event.
      await inject('PATCH', `/api/webhooks/endpoints/${endpoint.id}`, { enabled: false });
      expect(testApp.app.webhooks.subscribedEvents.has('jot.received')).toBe(false);
    });

    it('every other event reaches a subscribed endpoint once, verified', async () => {
      const endpoint = await createEndpoint({ events: WEBHOOK_EVENT_TYPES.filter((type) => type !== 'jot.received') });
      const email = `events-${Date.now()}@example.com`;
      await postLead(email);
      const links = testApp.app.services.unsubscribeLinks;
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const confirm = await testApp.app.inject({ method: 'POST', url: '/confirm-subscription', headers: form, payload: `t=${encodeURIComponent(links.token(email, 'confirm'))}` });
      expect(confirm.json()).toEqual({ confirmed: true });
      const unsubscribe = await testApp.app.inject({ method: 'POST', url: `/unsubscribe?t=${encodeURIComponent(links.token(email, 'marketing'))}`, headers: form, payload: 'List-Unsubscribe=One-Click' });
      expect(unsubscribe.statusCode, unsubscribe.body).toBeLessThan(400);
      expect((await postPublicForm(testApp.app, '/api/feedback', { name: 'Ada', email, subject: 'Hi', message: 'A message of ten characters or more' })).statusCode).toBe(200);
      const signUp = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `signup-${email}`, password: 'secret-password', captcha: await solveCaptcha(testApp.app) } });
      expect(signUp.statusCode, signUp.body).toBeLessThan(300);
      const pending = await createTestUser(testApp.app, { isApproved: false });
      expect((await inject('PATCH', `/api/users/${pending.id}`, { isApproved: true })).statusCode).toBe(200);
      expect((await inject('POST', '/api/pages', { title: 'Webhook page', content: 'Hello', is_published: true })).statusCode).toBe(201);
      expect((await inject('POST', '/api/blog-categories', { name: 'Webhooks' })).statusCode).toBe(201);
      const post = await inject('POST', '/api/blog-posts', { title: 'Webhook post', content: 'Words', category: 'Webhooks', is_published: true });
      expect(post.statusCode, post.body).toBe(201);
      const created = post.json<{ id: string; version: number }>();
      // Saved with the version it was read at (decision 0064).
      expect((await inject('PATCH', `/api/blog-posts/${created.id}`, { is_published: false, version: created.version })).statusCode).toBe(200);
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(9), { timeout: 15_000, interval: 50 });
      await settled(endpoint.id);
      expect(receiver.received.map((event) => event.type).sort()).toEqual(
        ['lead.created', 'lead.confirmed', 'lead.unsubscribed', 'message.received', 'user.signed_up', 'user.approved', 'page.published', 'post.published', 'post.unpublished'].sort(),
      );
      expect(receiver.received.every((event) => event.verifiedBy(endpoint.secret)[0])).toBe(true);
      expect(JSON.stringify(receiver.received.map((event) => event.data))).not.toMatch(/password/i);
    });

    it('post.published when a scheduled post goes live: once, at its time (not its save); none if unpublished, deleted or moved on before', async () => {
      const endpoint = await createEndpoint({ events: ['post.published', 'post.unpublished'] });
      const db = testApp.app.services.database.db;
      const postEvents = async () => (await db.select().from(webhookEvents)).filter((event) => event.type.startsWith('post.')).map((event) => [event.type, (event.payload as { title: string }).title]);
      const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
      expect((await inject('POST', '/api/blog-categories', { name: 'Scheduled' })).statusCode).toBe(201);
      const schedule = async (title: string) => {
        const response = await inject('POST', '/api/blog-posts', { title, content: 'Words', category: 'Scheduled', is_published: true, published_at: inHours(1) });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ status: 'scheduled' });
        return response.json<{ id: string; version: number }>();
      };
      const [scheduled, moved, withdrawn, deleted] = [await schedule('Goes live'), await schedule('Moved on'), await schedule('Withdrawn'), await schedule('Deleted')];
      // Saved scheduled: nothing at the save, nothing before the time.
      expect(await announceLivePosts(testApp.app.blog)).toBe(0);
      // Before the time: one moved two hours on, one taken back to draft (never announced: no post.unpublished), one deleted.
      expect((await inject('PATCH', `/api/blog-posts/${moved.id}`, { published_at: inHours(3), version: moved.version })).statusCode).toBe(200);
      expect((await inject('PATCH', `/api/blog-posts/${withdrawn.id}`, { is_published: false, version: withdrawn.version })).statusCode).toBe(200);
      expect((await inject('DELETE', `/api/blog-posts/${deleted.id}`)).statusCode).toBe(204);
      expect(await postEvents()).toEqual([]);

      clock = 2 * HOUR;
      // Two instances sweeping at once announce the post once.
      expect((await Promise.all([announceLivePosts(testApp.app.blog), announceLivePosts(testApp.app.blog)])).sort()).toEqual([0, 1]);
      expect(await announceLivePosts(testApp.app.blog)).toBe(0);
      // Going live is not a save (the version read before still saves), and an edit of an announced post sends nothing.
      const edited = await inject('PATCH', `/api/blog-posts/${scheduled.id}`, { title: 'Goes live, edited', version: scheduled.version });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await postEvents()).toEqual([['post.published', 'Goes live']]);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
      expect(receiver.received[0]).toMatchObject({ type: 'post.published', data: expect.objectContaining({ id: scheduled.id, title: 'Goes live', status: 'published' }) });
      expect(receiver.received[0]!.verifiedBy(endpoint.secret)).toEqual([true]);

      // The moved post at its own time; then taken back (post.unpublished), published again (post.published again).
      clock = 4 * HOUR;
      expect(await announceLivePosts(testApp.app.blog)).toBe(1);
      const movedNow = (await inject('GET', `/api/blog-posts/${moved.id}`)).json<{ version: number }>();
      const unpublished = await inject('PATCH', `/api/blog-posts/${moved.id}`, { is_published: false, version: movedNow.version });
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect((await inject('PATCH', `/api/blog-posts/${moved.id}`, { is_published: true, published_at: null, version: movedNow.version + 1 })).statusCode).toBe(200);
      expect(await announceLivePosts(testApp.app.blog)).toBe(0);
      expect((await postEvents()).slice(1)).toEqual([['post.published', 'Moved on'], ['post.unpublished', 'Moved on'], ['post.published', 'Moved on']]);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(4), { timeout: 10_000, interval: 50 });
      await settled(endpoint.id);
      expect(receiver.received.every((event) => event.verifiedBy(endpoint.secret)[0])).toBe(true);
      const [withdrawnRow] = await db.select().from(blogPosts).where(eq(blogPosts.id, withdrawn.id));
      expect(withdrawnRow!.announcedAt).toBeNull();
    });
  });
});
