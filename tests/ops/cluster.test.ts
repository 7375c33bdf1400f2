/**
 * Three instances behind a real nginx, sharing one PostgreSQL database and one Redis (issue 14 item 2), as
 * docs/deploy.md and compose.yaml describe. Real processes (`dist/server/main.js`, as `npm start` runs it), real proxy, real SMTP; Kit is
 * the fake. Prints rough figures (start-up, latency through the proxy, convergence) for the deployment notes.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database), REDIS_URL and nginx; skipped
 * otherwise. Run alone: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379
 * npx vitest run --project ops tests/ops/cluster.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, freePort, projectRoot, startAppProcess } from '../fixtures/app-process.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { type FakeKitServer, startFakeKit } from '../fixtures/fake-kit.ts';
import { openJotStream } from '../fixtures/jot-stream.ts';
import { nginxAvailable, type Proxy, startProxy } from '../fixtures/proxy.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { createScratchDatabase, type ScratchDatabase } from '../fixtures/test-database.ts';
import { call } from './http-client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ready = Boolean(adminUrl && redisUrl && nginxAvailable());

const ADMIN_EMAIL = 'cluster-admin@example.com';
const ADMIN_PASSWORD = 'cluster-password-1';
// The banner cache's refresh interval (ActiveBanners maxAgeMs) and the jot count's promise (issue 14).
const BANNER_REFRESH_MS = 10_000;
const COUNT_CONVERGE_MS = 2_000;
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const figures: Record<string, string> = {};
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Polls `check` until it returns true; returns the time it took, or throws after `deadlineMs`. */
async function converge(what: string, deadlineMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`${what}: not converged within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.skipIf(!ready)(
  'three instances behind nginx, one PostgreSQL, one Redis (needs TEST_DATABASE_URL, REDIS_URL, nginx)',
  () => {
    let databaseUrl: string;
    let scratch: ScratchDatabase | undefined;
    let db: pg.Client;
    let smtp: TestSmtpServer;
    let kit: FakeKitServer;
    let apps: AppProcess[] = [];
    let proxy: Proxy;
    let startFailures: string[] = [];
    let adminToken: string;
    let adminId: number;

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, 'jotit_cluster');
      databaseUrl = scratch.url;
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();

      [smtp, kit] = await Promise.all([startSmtpServer(), startFakeKit()]);
      // A Redis database of its own (1–15), so rate-limit counters never meet another test run's.
      const redis = new URL(redisUrl!);
      redis.pathname = `/${1 + Math.floor(Math.random() * 15)}`;

      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.toString(),
        TRUST_PROXY: 'true',
        CAPTCHA_MAX_NUMBER: '10',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        ...kit.env(),
        // These tests prove the sync survives faults; double opt-in (issue 24) would hold it until a click.
        SUBSCRIBE_DOUBLE_OPT_IN: 'false',
        // The webhook test's receiver is plain http on 127.0.0.1 (development and tests only, docs/webhooks.md).
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
      };
      // All three at once on an empty database: migrations, pg-boss set-up and the first admin race.
      const started = performance.now();
      const results = await Promise.allSettled(
        ports.map((port) =>
          startAppProcess({ port, readyTimeoutMs: 90_000, env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` } }),
        ),
      );
      figures['start-up of three (all ready)'] = `${Math.round(performance.now() - started)} ms`;
      apps = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
      startFailures = results
        .filter((result) => result.status === 'rejected')
        .map((result) => String(result.reason).slice(0, 3000));
      if (apps.length > 0) proxy = await startProxy(apps.map((app) => `127.0.0.1:${app.port}`));
    });

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(apps.map((app) => app.stop()));
      await Promise.all([smtp?.close(), kit?.close(), db?.end()]);
      await scratch?.drop();
      console.log(
        `three-instance figures (rough: shared 2-core machine):\n${Object.entries(figures)
          .map(([key, value]) => `  ${key}: ${value}`)
          .join('\n')}`,
      );
    });

    it('starts all three together and runs each migration once', async () => {
      expect(startFailures).toEqual([]);
      expect(apps).toHaveLength(3);
      const journal = JSON.parse(
        readFileSync(path.join(projectRoot, 'src/server/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const { rows } = await db.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      const admins = await db.query('select id from users where lower(email) = $1', [ADMIN_EMAIL]);
      expect(admins.rowCount).toBe(1);

      // Latency of a cheap request, through the proxy and straight to an instance.
      const timeOf = async (baseUrl: string) => {
        const times: number[] = [];
        for (let index = 0; index < 40; index += 1) {
          const started = performance.now();
          expect((await call(baseUrl, '/api/banners/active')).status).toBe(200);
          times.push(performance.now() - started);
        }
        return median(times);
      };
      figures['GET /api/banners/active median, direct'] = `${(await timeOf(apps[0]!.baseUrl)).toFixed(1)} ms`;
      figures['GET /api/banners/active median, through nginx'] = `${(await timeOf(proxy.baseUrl)).toFixed(1)} ms`;
    });

    it('accepts a captcha solution once in total, and a sign-in on one instance is valid on all', async () => {
      const captcha = await solveCaptchaOver(proxy.baseUrl);
      // The same solution sent to the three instances at the same moment: one sign-in, two refusals.
      const attempts = await Promise.all(
        apps.map((app) =>
          call(app.baseUrl, '/api/auth/signin', {
            method: 'POST',
            body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, captcha },
          }),
        ),
      );
      expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 400, 400]);
      const signedIn = attempts.find((attempt) => attempt.status === 200)!.json as {
        token: string;
        user: { id: number };
      };
      adminToken = signedIn.token;
      adminId = signedIn.user.id;
      for (const baseUrl of [...apps.map((app) => app.baseUrl), proxy.baseUrl]) {
        expect((await call(baseUrl, '/api/auth/validate', { token: adminToken })).status).toBe(200);
      }
    });

    it('refuses a revoked session on every instance at once (password change through one)', async () => {
      const newPassword = 'cluster-password-2';
      const changed = await call(apps[1]!.baseUrl, `/api/users/${adminId}`, {
        method: 'PATCH',
        token: adminToken,
        body: { password: newPassword },
      });
      expect(changed.status, changed.text).toBe(200);
      const after = await Promise.all(
        apps.map((app) => call(app.baseUrl, '/api/auth/validate', { token: adminToken })),
      );
      expect(after.map((response) => response.status)).toEqual([401, 401, 401]);
      const captcha = await solveCaptchaOver(proxy.baseUrl);
      const again = await call(proxy.baseUrl, '/api/auth/signin', {
        method: 'POST',
        body: { email: ADMIN_EMAIL, password: newPassword, captcha },
      });
      expect(again.status).toBe(200);
      adminToken = (again.json as { token: string }).token;
    });

    it('refuses a session ended on the Security page through one instance on the others within a second', async () => {
      // Issue 36 §6: two more devices of the admin; one of them is signed out through instance A.
      const signIn = async () => {
        const captcha = await solveCaptchaOver(proxy.baseUrl);
        const response = await call(proxy.baseUrl, '/api/auth/signin', {
          method: 'POST',
          body: { email: ADMIN_EMAIL, password: 'cluster-password-2', captcha },
        });
        expect(response.status, response.text).toBe(200);
        return (response.json as { token: string }).token;
      };
      const [laptop, phone] = [await signIn(), await signIn()];
      const sessionOf = (token: string) =>
        (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;
      for (const app of apps) expect((await call(app.baseUrl, '/api/auth/validate', { token: phone })).status).toBe(200);

      const ended = await call(apps[0]!.baseUrl, `/api/auth/sessions/${sessionOf(phone)}`, { method: 'DELETE', token: laptop });
      expect(ended.status, ended.text).toBe(204);
      const times = await Promise.all(
        apps.slice(1).map((app) =>
          converge('ended session refused', 1_000, async () => (await call(app.baseUrl, '/api/auth/validate', { token: phone })).status === 401),
        ),
      );
      figures['ended session refused on B and C after'] = times.map((ms) => `${ms.toFixed(0)} ms`).join(', ');
      // The device that ended it, and the admin's first session, go on everywhere.
      for (const app of apps) {
        expect((await call(app.baseUrl, '/api/auth/validate', { token: laptop })).status).toBe(200);
        expect((await call(app.baseUrl, '/api/auth/validate', { token: adminToken })).status).toBe(200);
      }
    });

    it('shares per-IP rate limits between the instances (auth: 10 a minute in all)', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        // The address the proxy forwards (X-Forwarded-For), sent straight to each instance in turn.
        statuses.push(
          (await call(apps[index % 3]!.baseUrl, '/api/auth/signin', { method: 'POST', body: {}, ip })).status,
        );
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      // Another address still has its own budget; and a client cannot pick its address through the proxy.
      expect(
        (await call(apps[0]!.baseUrl, '/api/auth/signin', { method: 'POST', body: {}, ip: randomIp() })).status,
      ).toBe(400);
      expect((await call(proxy.baseUrl, '/api/auth/signin', { method: 'POST', body: {}, ip })).status).toBe(400);
    });

    it('serves an image uploaded through one instance from the others (decision 0017)', async () => {
      const boundary = 'jotit-cluster-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await fetch(new URL('/api/uploads', apps[0]!.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      for (const baseUrl of [apps[1]!.baseUrl, apps[2]!.baseUrl, proxy.baseUrl]) {
        const served = await fetch(new URL(url, baseUrl));
        expect(served.status).toBe(200);
        expect(served.headers.get('cache-control')).toContain('immutable');
        expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      }
    });

    it('serves a banner created through one instance from all within their refresh interval', async () => {
      const title = `Cluster banner ${randomBytes(4).toString('hex')}`;
      // Every instance has read (and cached) the banner list before the change.
      for (const app of apps) expect((await call(app.baseUrl, '/api/banners/active')).status).toBe(200);
      const created = await call(apps[0]!.baseUrl, '/api/banners', {
        method: 'POST',
        token: adminToken,
        body: { title, message: 'Served by every instance' },
      });
      expect(created.status, created.text).toBe(201);
      const took = await converge('banner on every instance', BANNER_REFRESH_MS + 1000, async () => {
        const answers = await Promise.all(apps.map((app) => call(app.baseUrl, '/api/banners/active')));
        return answers.every((answer) => answer.text.includes(title));
      });
      figures['banner visible on all three after'] =
        `${Math.round(took)} ms (refresh interval ${BANNER_REFRESH_MS} ms)`;
    });

    it('converges the jot count on all instances, and pushes it on their live streams, within 2 s', async () => {
      const guid = await call(apps[0]!.baseUrl, '/api/build-guids', {
        method: 'POST',
        token: adminToken,
        body: { name: 'cluster-build', value: randomBytes(16).toString('hex') },
      });
      expect(guid.status, guid.text).toBe(201);
      const counts = async () =>
        Promise.all(apps.map(async (app) => (await call(app.baseUrl, '/api/jots/count')).json.count as number));
      const before = await counts();
      // Live streams (SSE) on the two other instances and through nginx.
      const streams = await Promise.all(
        [apps[1]!.baseUrl, apps[2]!.baseUrl, proxy.baseUrl].map(async (baseUrl) => {
          const stream = await openJotStream(baseUrl);
          if (!('event' in stream)) throw new Error(`${baseUrl}: the stream answered ${stream.statusCode}`);
          return stream;
        }),
      );
      try {
        const posted = performance.now();
        const jot = await call(apps[0]!.baseUrl, '/api/test-jot', {
          method: 'POST',
          token: adminToken,
          body: { content: 'cluster jot', buildGuidName: 'cluster-build' },
        });
        expect(jot.status, jot.text).toBe(201);
        const expected = before[0]! + 1;
        const took = await converge('jot count on every instance', COUNT_CONVERGE_MS, async () =>
          (await counts()).every((count) => count === expected),
        );
        figures['jot count equal on all three after'] = `${Math.round(took)} ms`;
        await Promise.all(streams.map((stream) => stream.event((snapshot) => snapshot.count >= expected, COUNT_CONVERGE_MS)));
        figures["new count pushed on the other instances' streams and through nginx after"] =
          `${Math.round(performance.now() - posted)} ms (since the POST)`;
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it('runs each job once: one e-mail and one Kit subscription per lead, whichever instance took it', async () => {
      const emails = apps.map((_, index) => `cluster-lead-${index}-${randomBytes(3).toString('hex')}@example.com`);
      for (const [index, app] of apps.entries()) {
        const captcha = await solveCaptchaOver(app.baseUrl);
        const lead = await call(app.baseUrl, '/api/leads', {
          method: 'POST',
          ip: randomIp(),
          body: { firstName: 'Lea', email: emails[index], captcha },
        });
        expect(lead.status, lead.text).toBe(200);
      }
      const formPosts = (email: string) =>
        kit.requests.filter(
          (request) => request.path.includes('/forms/') && request.body.email_address === email && request.status < 300,
        );
      await Promise.all(emails.map((email) => smtp.waitForMail((mail) => mail.to.includes(email), 20_000)));
      await kit.waitFor(() => emails.every((email) => formPosts(email).length > 0), 20_000);
      // Sentinel: nothing left queued or running anywhere, so any duplicate would have been sent by now.
      await converge('job queue drained', 20_000, async () => {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
        );
        return rows[0]!.n === 0;
      });
      for (const email of emails) {
        expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
        expect(formPosts(email)).toHaveLength(1);
      }
    });

    it('sends each webhook event once, whichever instance stored it or took its delivery job (issue 41)', async () => {
      // A receiver that records every request on arrival and answers none until `open()`: the 20 changes below must
      // all be answered while it holds. Were delivery done inside the request, the creates would wait on the held
      // receiver and time out. Were a delivery sent twice (two dispatchers leasing one row, a job handled by two
      // instances), its webhook-id would be counted twice once the queue has drained.
      const received: Array<{ id: string; body: string; headers: Record<string, string> }> = [];
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
          received.push({ id: headers['webhook-id']!, body: Buffer.concat(chunks).toString('utf8'), headers });
          void gate.then(() => response.writeHead(204).end());
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const started = performance.now();
        const endpoint = await call(apps[0]!.baseUrl, '/api/webhooks/endpoints', {
          method: 'POST',
          token: adminToken,
          body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events: ['post.published'] },
        });
        expect(endpoint.status, endpoint.text).toBe(201);
        const secret = endpoint.json.secret as string;
        // 20 published posts, through the three instances in turn, all at once (in a category of their own).
        const run = randomBytes(3).toString('hex');
        const category = await call(apps[1]!.baseUrl, '/api/blog-categories', {
          method: 'POST',
          token: adminToken,
          body: { name: `Cluster ${run}` },
        });
        expect(category.status, category.text).toBe(201);
        const created = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            call(apps[index % 3]!.baseUrl, '/api/blog-posts', {
              method: 'POST',
              token: adminToken,
              body: { title: `Cluster webhook ${run} ${index}`, content: 'Sent once', category: `Cluster ${run}`, is_published: true },
            }),
          ),
        );
        expect(created.filter((answer) => answer.status !== 201).map((answer) => answer.text)).toEqual([]);
        const postIds = new Set(created.map((answer) => answer.json.id as string));
        open();
        const distinct = () => new Set(received.map((request) => request.id)).size;
        await converge('20 distinct webhook ids at the receiver', 15_000, async () => distinct() >= 20);
        figures['20 webhook events received once each after'] = `${Math.round(performance.now() - started)} ms`;
        // Sentinel: every delivery recorded as delivered and no delivery job left anywhere, so a duplicate would
        // have reached the receiver by now.
        await converge('webhook deliveries settled', 10_000, async () => {
          const { rows } = await db.query<{ open: number; jobs: number }>(
            `select (select count(*)::int from webhook_deliveries where endpoint_id = $1 and status <> 'delivered') as open,
                    (select count(*)::int from pgboss.job where name = 'webhooks.deliver' and state in ('created', 'retry', 'active')) as jobs`,
            [endpoint.json.id],
          );
          return rows[0]!.open === 0 && rows[0]!.jobs === 0;
        });
        expect(received).toHaveLength(20);
        expect(distinct()).toBe(20);
        const data = received.map((request) => {
          // Signed with the endpoint's secret, verified by standardwebhooks (not our code).
          const event = new Webhook(secret).verify(request.body, request.headers) as { type: string; data: { id: string } };
          expect(event.type).toBe('post.published');
          return event.data.id;
        });
        expect(new Set(data)).toEqual(postIds);
      } finally {
        open();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  },
);
