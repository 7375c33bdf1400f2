/**
 * Webhook delivery (issue 41 §4, decision 0063), never inside a request. The outbox's pending deliveries are found
 * by a dispatcher that leases them (`next_attempt_at` moved 5 minutes on) and sends one pg-boss job each; the job
 * claims its delivery (pending or sending → sending: a job pg-boss runs again after its process died finds the row
 * still sending, and must send it; so does a duplicate job, hence at-least-once, de-duplicated by `webhook-id`),
 * signs and sends one attempt, and records it. A failure schedules the next attempt in the same row (the retry schedule below), which the dispatcher picks
 * up when due. A delivery whose process died mid-attempt is due again when its lease ends: at-least-once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../jobs/mail.ts';
import type { Sealer } from '../../lib/sealed.ts';
import { type AddressPolicy, checkWebhookUrl, RefusedUrlError } from './address-guard.ts';
import { type AttemptOutcome, sendAttempt, WEBHOOK_TIMEOUT_MS } from './send-attempt.ts';
import { signatureHeaders } from './signing.ts';
import { webhookEndpointDisabledEmail } from '../mail/webhook-emails.ts';
import type { MailBrand } from '../../services.ts';
import { pruneWebhookLog } from './service.ts';

export const WEBHOOK_DELIVER_QUEUE = 'webhooks.deliver';
export const WEBHOOK_PRUNE_QUEUE = 'webhooks.prune';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Issue 41 §4: the waits before attempts 2–9; after the last one fails the delivery has failed for good. */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR];
/** Issue 41 §4: an endpoint failing this long without a success is disabled and the owners are told. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * HOUR;
/** Deliveries one dispatch leases and queues at most. */
const DISPATCH_BATCH = 200;
/** How long a dispatched or in-flight delivery is leased before it counts as lost and is sent again. */
const LEASE_MS = 5 * MINUTE;

export interface WebhookWorkerOptions {
  db: Database;
  queue: JobQueue;
  sealer: Sealer;
  policy: AddressPolicy;
  mailer: Pick<Mailer, 'enqueue'>;
  mailBrand: MailBrand;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Waits before each retry (tests: milliseconds). */
  retryScheduleMs?: readonly number[];
  /** How often the dispatcher looks for due deliveries (ms). */
  pollMs?: number;
  /** Attempts in flight at once, in this process, to one endpoint: a slow endpoint never holds every worker. */
  perEndpointConcurrency?: number;
  /** Jobs this process handles at once. */
  concurrency?: number;
  timeoutMs?: number;
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

type ClaimedDelivery = {
  id: number;
  attempts: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  payload: unknown;
  event_created_at: Date | string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | string | null;
};

export interface WebhookWorker {
  /** Looks for due deliveries now (the dispatcher also does every `pollMs`). */
  dispatch(): Promise<number>;
  stop(): Promise<void>;
}

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const { db, queue, log } = options;
  const schedule = options.retryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS;
  const perEndpoint = options.perEndpointConcurrency ?? 4;
  const inFlight = new Map<number, number>();

  async function dispatch(): Promise<number> {
    const now = options.now();
    const due = await db.execute<{ id: number }>(sql`
      update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      where id in (
        select id from webhook_deliveries
        where status in ('pending', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at limit ${DISPATCH_BATCH} for update skip locked)
      returning id`);
    // One statement for the batch (one send each was 200 round trips a tick: the dispatcher capped throughput).
    await queue.sendMany(WEBHOOK_DELIVER_QUEUE, due.rows.map((row) => ({ deliveryId: Number(row.id) })), { retryLimit: 3, retryDelaySeconds: 5 });
    return due.rows.length;
  }

  async function claim(deliveryId: number): Promise<ClaimedDelivery | undefined> {
    const now = options.now();
    const result = await db.execute<ClaimedDelivery>(sql`
      with claimed as (
        update webhook_deliveries set status = 'sending', next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
        where id = ${deliveryId} and status in ('pending', 'sending')
        returning id, attempts, endpoint_id, event_id)
      select claimed.*, e.type as event_type, e.payload, e.created_at as event_created_at,
             w.url, w.enabled, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at
      from claimed
      join webhook_events e on e.id = claimed.event_id
      join webhook_endpoints w on w.id = claimed.endpoint_id`);
    return result.rows[0];
  }

  /** Puts a claimed delivery back, due after `delayMs`, without counting an attempt. */
  async function release(deliveryId: number, delayMs: number) {
    await db.execute(sql`update webhook_deliveries set status = 'pending', next_attempt_at = ${new Date(options.now().getTime() + delayMs)} where id = ${deliveryId}`);
  }

  function secretsOf(delivery: ClaimedDelivery): string[] {
    const secrets = [options.sealer.open(delivery.secret_sealed)];
    const expires = delivery.previous_secret_expires_at ? new Date(delivery.previous_secret_expires_at) : null;
    if (delivery.previous_secret_sealed && expires && expires > options.now()) secrets.push(options.sealer.open(delivery.previous_secret_sealed));
    return secrets.filter((secret): secret is string => secret !== null);
  }

  async function attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    let target;
    try {
      target = await checkWebhookUrl(delivery.url, options.policy, options.resolve);
    } catch (error) {
      if (!(error instanceof RefusedUrlError)) throw error;
      // The URL passed when it was saved: DNS changed since. Logged as a refusal, retried like any failure.
      log.warn({ endpointId: delivery.endpoint_id, deliveryId: delivery.id, reason: error.message }, 'webhook delivery refused by the address check');
      return { ok: false, status: null, snippet: null, error: `Refused: ${error.message}`, durationMs: 0 };
    }
    const body = JSON.stringify({ type: delivery.event_type, timestamp: new Date(delivery.event_created_at).toISOString(), data: delivery.payload });
    // The timestamp is the attempt's own (receivers refuse stale ones), the id the event's (receivers de-duplicate).
    const headers = signatureHeaders(secretsOf(delivery), delivery.event_id, Math.floor(Date.now() / 1000), body);
    return sendAttempt(target, headers, body, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  }

  /**
   * The outcome into the delivery row (its last attempt, the log's summary) and a row of its own in webhook_attempts,
   * in one statement: the log never shows an outcome without its attempt, or the reverse.
   */
  async function record(delivery: ClaimedDelivery, outcome: AttemptOutcome, startedAt: Date) {
    const now = options.now();
    const attempts = delivery.attempts + 1;
    const retryIn = outcome.ok ? undefined : schedule[attempts - 1];
    const status = outcome.ok ? 'delivered' : retryIn === undefined ? 'failed' : 'pending';
    const nextAttemptAt = retryIn === undefined ? null : new Date(now.getTime() + retryIn);
    await db.execute(sql`
      with updated as (
        update webhook_deliveries set status = ${status}, attempts = ${attempts}, response_status = ${outcome.status},
          response_snippet = ${outcome.snippet ?? outcome.error}, duration_ms = ${outcome.durationMs}, last_attempt_at = ${now},
          next_attempt_at = ${nextAttemptAt}
        where id = ${delivery.id} returning id)
      insert into webhook_attempts (delivery_id, attempt, attempted_at, response_status, duration_ms, response_snippet, error, next_attempt_at)
      select id, ${attempts}, ${startedAt}, ${outcome.status}, ${outcome.durationMs}, ${outcome.snippet}, ${outcome.error}, ${nextAttemptAt}
      from updated`);
    if (outcome.ok) {
      await db.execute(sql`update webhook_endpoints set failing_since = null where id = ${delivery.endpoint_id} and failing_since is not null`);
      return;
    }
    const failing = await db.execute<{ failing_since: Date | string }>(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, ${now})
      where id = ${delivery.endpoint_id} returning failing_since`);
    const since = failing.rows[0] ? new Date(failing.rows[0].failing_since) : now;
    if (now.getTime() - since.getTime() >= DISABLE_AFTER_FAILING_MS) await disable(delivery.endpoint_id, delivery.url, now);
  }

  /** Three days of failures: the endpoint is disabled (once) and every owner is e-mailed through the mail job. */
  async function disable(endpointId: number, url: string, now: Date) {
    const disabled = await db.execute<{ id: number }>(sql`
      update webhook_endpoints set enabled = false, disabled_at = ${now}, updated_at = ${now}
      where id = ${endpointId} and enabled returning id`);
    if (disabled.rows.length === 0) return;
    await db.execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = ${endpointId} and status = 'pending'`);
    log.warn({ endpointId }, 'webhook endpoint disabled after three days of failed deliveries');
    const owners = await db.execute<{ email: string }>(sql`select email from users where role = 'owner'`);
    for (const { email } of owners.rows) await options.mailer.enqueue(await webhookEndpointDisabledEmail(email, options.mailBrand, { url }));
  }

  async function deliver(deliveryId: number) {
    const delivery = await claim(deliveryId);
    if (!delivery) return; // delivered, failed for good, or its endpoint deleted
    if (!delivery.enabled) {
      await db.execute(sql`update webhook_deliveries set status = 'failed', next_attempt_at = null, response_snippet = 'Endpoint disabled' where id = ${deliveryId}`);
      return;
    }
    const busy = inFlight.get(delivery.endpoint_id) ?? 0;
    if (busy >= perEndpoint) return release(deliveryId, 200);
    inFlight.set(delivery.endpoint_id, busy + 1);
    try {
      const startedAt = options.now();
      await record(delivery, await attempt(delivery), startedAt);
    } finally {
      const left = (inFlight.get(delivery.endpoint_id) ?? 1) - 1;
      if (left <= 0) inFlight.delete(delivery.endpoint_id);
      else inFlight.set(delivery.endpoint_id, left);
    }
  }

  await queue.consume<{ deliveryId: number }>(WEBHOOK_DELIVER_QUEUE, { concurrency: options.concurrency ?? 16 }, ({ deliveryId }) => deliver(deliveryId));
  await queue.consume(WEBHOOK_PRUNE_QUEUE, { concurrency: 1 }, () => pruneWebhookLog(db, options.now()));
  await queue.schedule(WEBHOOK_PRUNE_QUEUE, '17 4 * * *');

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    dispatch()
      .catch((error: unknown) => {
        log.error({ err: error }, 'webhook dispatch failed');
        return 0;
      })
      // A full batch: more are probably due, so look again at once instead of after the interval.
      .then((count) => {
        if (!stopped) timer = setTimeout(tick, count >= DISPATCH_BATCH ? 0 : (options.pollMs ?? SECOND)).unref();
      });
  };
  tick();
  return {
    dispatch,
    async stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The worker of a built app (main.ts; tests pass a short schedule and poll). */
export function startAppWebhookWorker(app: FastifyInstance, overrides: Partial<WebhookWorkerOptions> = {}): Promise<WebhookWorker> {
  const { database, queue, mailer, mailBrand } = app.services;
  return startWebhookWorker({
    db: database.db,
    queue,
    mailer,
    mailBrand,
    sealer: app.webhooks.sealer,
    policy: app.webhooks.policy,
    log: app.log,
    now: () => app.services.now(),
    ...overrides,
  });
}
