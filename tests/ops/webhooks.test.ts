/**
 * Webhooks across a crash (issue 41, decision 0063): kill -9 of the server while a webhook delivery is in hand, a
 * restart on the same data directory, and the receiver (a real `node:http` server on 127.0.0.1, every request
 * verified with the `standardwebhooks` package) still gets the event: at least once, one distinct `webhook-id`.
 *
 * The sequence: an endpoint is created through the API; a lead is created through the API (its answer means the
 * lead and its `lead.created` event are committed together); the receiver holds the first attempt (never answers)
 * and the process is killed with SIGKILL the moment that attempt arrives, so the delivery is neither done nor
 * recorded as failed: its row says 'sending' and its pg-boss job is active in a dead process. The restarted process
 * takes the job again once it expires (JOB_EXPIRE_SECONDS=4) and sends the same event, which the receiver now
 * accepts.
 *
 * Why it fails if delivery were done inside the request: the request would hang on the held receiver until the
 * attempt's 10 s timeout and nothing would be left to send after the restart (no outbox row, no job), so no attempt
 * reaches the receiver after the restart. If an event were recorded or sent as two events (two ids), the distinct
 * `webhook-id` count would be 2, not 1.
 *
 * PGlite only (the embedded database a single instance runs on); the three-instance test in cluster.test.ts covers
 * PostgreSQL. Bounds: start ≤ 60 s (about 5 s), first attempt ≤ 20 s (the dispatcher looks every second), restart ≤
 * 60 s, delivery after the restart ≤ 30 s (job expiry 4 s + pg-boss maintenance). Whole file about 17–27 s (measured on the shared 2-core machine).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from '../fixtures/app-process.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { FAULT_ADMIN, FAULT_ENV } from './faults-load.ts';
import { call } from './http-client.ts';

/** Polls `check` every 50 ms until it is true; throws naming `what` after `timeoutMs`. */
async function until(what: string, timeoutMs: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhooks across kill -9 and a restart (PGlite)', () => {
  let receiver: WebhookReceiver;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const app of processes) await app.kill();
    if (processes[0]) rmSync(processes[0].dataDir, { recursive: true, force: true });
    await receiver?.close();
  });

  it('delivers an event whose attempt was in hand at the kill after the restart, one webhook-id, signed', async () => {
    const env = {
      ...FAULT_ENV,
      // Leads are created at once (no double opt-in); their mail job has no SMTP server here and is not the subject.
      SUBSCRIBE_DOUBLE_OPT_IN: 'false',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_EXPIRE_SECONDS: '4',
      JOB_POLLING_SECONDS: '0.5',
    };
    const t0 = performance.now();
    const mark = (label: string) => console.info(`[webhooks kill] ${label} at ${Math.round(performance.now() - t0)} ms`);
    const first = await startAppProcess({ env });
    processes.push(first);
    mark('started');

    const signedIn = await call(first.baseUrl, '/api/auth/signin', {
      method: 'POST',
      body: { ...FAULT_ADMIN, captcha: await solveCaptchaOver(first.baseUrl) },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = signedIn.json.token as string;
    const endpoint = await call(first.baseUrl, '/api/webhooks/endpoints', {
      method: 'POST',
      token,
      body: { url: receiver.url, events: ['lead.created'] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const secret = endpoint.json.secret as string;
    expect(secret).toMatch(/^whsec_/);

    // The receiver holds the first attempt: it is recorded on arrival and never answered.
    receiver.answer('hang');
    const email = `kill-webhook-${randomBytes(3).toString('hex')}@example.com`;
    const lead = await call(first.baseUrl, '/api/leads', {
      method: 'POST',
      body: { email, firstName: 'Kill', source: 'webhook-kill-test', captcha: await solveCaptchaOver(first.baseUrl) },
    });
    // The answer means the lead and its event are committed: from here nothing may be lost.
    expect(lead.status, lead.text).toBe(200);
    expect(lead.text).toContain('"success":true');
    mark('lead answered');

    await until('first attempt at the receiver', 20_000, () => receiver.received.length >= 1);
    await first.kill();
    mark('killed with the attempt in hand');
    const beforeKill = receiver.received.length;
    expect(beforeKill).toBe(1);
    const eventId = receiver.received[0]!.id;

    const second = await startAppProcess({ env, dataDir: first.dataDir, port: first.port });
    processes.push(second);
    mark('restarted');

    // Sentinel: an attempt after the restart reaches the receiver (answered 200: nothing else is scripted).
    await until('an attempt after the restart', 30_000, () => receiver.received.length > beforeKill);
    mark('delivered after the restart');
    // …and the delivery log says delivered (so no further attempt is due).
    const signedInAgain = await call(second.baseUrl, '/api/auth/signin', {
      method: 'POST',
      body: { ...FAULT_ADMIN, captcha: await solveCaptchaOver(second.baseUrl) },
    });
    expect(signedInAgain.status, signedInAgain.text).toBe(200);
    let log: Array<{ status: string; attempts: number; eventId?: string }> = [];
    await until('delivery recorded as delivered', 10_000, async () => {
      const answer = await call(second.baseUrl, `/api/webhooks/endpoints/${endpoint.json.id as number}/deliveries`, {
        token: signedInAgain.json.token as string,
      });
      log = answer.json as unknown as typeof log;
      return log.length === 1 && log[0]!.status === 'delivered';
    });

    const leadEvents = receiver.received.filter((request) => request.type === 'lead.created');
    // At least once; de-duplicated by webhook-id, exactly one event.
    expect(leadEvents.length).toBeGreaterThanOrEqual(2);
    expect(new Set(leadEvents.map((request) => request.id))).toEqual(new Set([eventId]));
    expect(leadEvents.every((request) => request.data.email === email)).toBe(true);
    // Every attempt, before and after the kill, verifies with the endpoint's secret (standardwebhooks, not ours).
    for (const request of leadEvents) {
      expect(request.verifiedBy(secret)).toEqual([true]);
      expect(() => new Webhook(secret).verify(request.body, request.headers)).not.toThrow();
    }
    console.info(
      `[webhooks kill] ${leadEvents.length} attempts of one event (${eventId}) reached the receiver; ` +
        `delivery log: ${log.map((delivery) => `${delivery.status} after ${delivery.attempts} attempt(s)`).join(', ')}`,
    );
  });
});
