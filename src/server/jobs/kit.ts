/**
 * Kit (ConvertKit) API v4 sync of leads (docs/architecture.md §9). A lead is stored first; this job then creates (or updates)
 * the Kit subscriber and adds it to the form, and stores the subscriber id. Kit being down never loses a lead:
 * the job is retried with backoff, and the lead shows "Not synced" until it succeeds.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { leads } from '../db/schema.ts';
import { MailPace } from './mail-pace.ts';
import type { JobInfo, JobOptions, JobQueue } from './queue.ts';

export const KIT_SYNC_JOB = 'kit.sync-lead';
/** Issue 24: an address that unsubscribed here is unsubscribed in Kit too, queued and retried like the sync. */
export const KIT_UNSUBSCRIBE_JOB = 'kit.unsubscribe';

/** 30 s, 1 min, 2 min … about 8.5 hours in all before the job gives up. */
export const KIT_JOB_OPTIONS: Required<JobOptions> = { retryLimit: 10, retryDelaySeconds: 30 };

const KIT_TIMEOUT_MS = 10_000;

export interface KitSyncJob {
  leadId: number;
}

export interface KitUnsubscribeJob {
  email: string;
}

export type KitConfig = AppConfig['kit'];

/** A failed Kit call; `retryable` is false for answers that will not change on a retry (bad key, bad e-mail). */
export class KitError extends Error {
  override name = 'KitError';
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function isKitEnabled(kit: KitConfig): boolean {
  return Boolean(kit.apiKey);
}

async function kitPost(kit: KitConfig, path: string, body: Record<string, unknown>): Promise<unknown> {
  return kitRequest(kit, 'POST', path, body);
}

async function kitRequest(kit: KitConfig, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${kit.apiUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Kit-Api-Key': kit.apiKey ?? '' },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(KIT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new KitError(`Kit ${path} unreachable: ${error instanceof Error ? error.message : String(error)}`, 0, true);
  }
  const text = await response.text();
  if (!response.ok) {
    // 408, 429 and 5xx are Kit's side or temporary; other 4xx (bad key, invalid address) will not improve.
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
    throw new KitError(`Kit ${path} answered ${response.status}: ${text.slice(0, 300)}`, response.status, retryable);
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new KitError(`Kit ${path} answered with invalid JSON`, response.status, true);
  }
}

/**
 * Creates or updates the subscriber (`POST /v4/subscribers`), then adds it to the form when KIT_FORM_ID is set
 * (`POST /v4/forms/{id}/subscribers`). Both calls are idempotent on Kit's side, so a retry after a half-done
 * attempt is safe. Returns the subscriber id.
 */
export async function subscribeToKit(
  kit: KitConfig,
  subscriber: { email: string; firstName: string | null; referrer?: string },
): Promise<number> {
  const created = (await kitPost(kit, '/v4/subscribers', {
    email_address: subscriber.email,
    ...(subscriber.firstName ? { first_name: subscriber.firstName } : {}),
  })) as { subscriber?: { id?: unknown } };
  const id = created.subscriber?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    throw new KitError('Kit /v4/subscribers answered without a subscriber id', 200, true);
  }
  if (kit.formId) {
    await kitPost(kit, `/v4/forms/${encodeURIComponent(kit.formId)}/subscribers`, {
      email_address: subscriber.email,
      ...(subscriber.referrer ? { referrer: subscriber.referrer } : {}),
    });
  }
  return id;
}

/**
 * Unsubscribes the address in Kit (`POST /v4/subscribers/{id}/unsubscribe`), finding its id with
 * `GET /v4/subscribers?email_address=` when we never stored one. An address Kit does not know is done.
 */
export async function unsubscribeFromKit(kit: KitConfig, email: string, knownId: number | null): Promise<boolean> {
  let id = knownId;
  if (id === null) {
    const found = (await kitRequest(kit, 'GET', `/v4/subscribers?email_address=${encodeURIComponent(email)}`)) as {
      subscribers?: Array<{ id?: unknown }>;
    };
    const candidate = found.subscribers?.[0]?.id;
    if (typeof candidate !== 'number' || !Number.isSafeInteger(candidate)) return false;
    id = candidate;
  }
  await kitPost(kit, `/v4/subscribers/${id}/unsubscribe`, {});
  return true;
}

export async function enqueueKitUnsubscribe(queue: JobQueue, kit: KitConfig, email: string): Promise<boolean> {
  if (!isKitEnabled(kit)) return false;
  await queue.send<KitUnsubscribeJob>(KIT_UNSUBSCRIBE_JOB, { email }, KIT_JOB_OPTIONS);
  return true;
}

/** Queues the sync of one lead, when Kit is configured (docs/architecture.md §9: without KIT_API_KEY nothing is queued). */
export async function enqueueKitSync(queue: JobQueue, kit: KitConfig, leadId: number): Promise<boolean> {
  if (!isKitEnabled(kit)) return false;
  await queue.send<KitSyncJob>(KIT_SYNC_JOB, { leadId }, KIT_JOB_OPTIONS);
  return true;
}

/**
 * Kit's form `referrer` is the page the visitor signed up on; Kit reads UTM parameters from it, so the lead's
 * UTM values travel in its query string.
 */
function signupPage(publicUrl: string, lead: typeof leads.$inferSelect): string {
  const url = new URL('/', publicUrl);
  const utm = {
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    utm_term: lead.utmTerm,
    utm_content: lead.utmContent,
  };
  for (const [name, value] of Object.entries(utm)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Registers the Kit sync worker. A thrown error makes pg-boss retry with backoff (KIT_JOB_OPTIONS). A backlog (a
 * launch day, Kit back after an outage) drains at KIT_LEADS_PER_MINUTE, one lead after another, not one per poll.
 */
export async function startKitWorker(app: FastifyInstance): Promise<void> {
  const { queue, config } = app.services;
  // Two in flight, so one slow Kit answer does not stall the pace; starts stay evenly spaced.
  const pace = new MailPace({ ratePerMinute: config.kit.leadsPerMinute, concurrency: 2 });
  await queue.consume<KitSyncJob>(KIT_SYNC_JOB, { concurrency: 2 }, async (data, job) => {
    // Rejects when the queue stops: the job fails and comes back with its retry.
    const release = await pace.acquire('bulk', job.signal);
    try {
      await syncLead(app, data, job);
    } finally {
      release();
    }
  });
  // Same pace: both kinds of call count against Kit's one limit per key.
  await queue.consume<KitUnsubscribeJob>(KIT_UNSUBSCRIBE_JOB, { concurrency: 1 }, async (data, job) => {
    const release = await pace.acquire('bulk', job.signal);
    try {
      await unsubscribeAddress(app, data, job);
    } finally {
      release();
    }
  });
}

async function unsubscribeAddress(app: FastifyInstance, { email }: KitUnsubscribeJob, job: JobInfo): Promise<void> {
  const { config, database } = app.services;
  if (!isKitEnabled(config.kit)) return;
  const [lead] = await database.db
    .select({ id: leads.convertkitSubscriberId, unsubscribedAt: leads.unsubscribedAt })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${email.toLowerCase()}`);
  // Resubscribed before this job ran: nothing to undo.
  if (lead && !lead.unsubscribedAt) return;
  try {
    const known = await unsubscribeFromKit(config.kit, email, lead?.id ?? null);
    app.log.info({ jobId: job.id, known }, 'address unsubscribed in Kit');
  } catch (error) {
    if (error instanceof KitError && !error.retryable) {
      app.log.error({ err: error, jobId: job.id }, 'Kit refused the unsubscribe; not retrying');
      return;
    }
    app.log.warn({ err: error, jobId: job.id, retryCount: job.retryCount }, 'Kit unsubscribe failed; will retry');
    throw error;
  }
}

async function syncLead(app: FastifyInstance, { leadId }: KitSyncJob, job: JobInfo): Promise<void> {
  const { config, database } = app.services;
  if (!isKitEnabled(config.kit)) {
    app.log.warn({ leadId }, 'Kit sync skipped: KIT_API_KEY is no longer set');
    return;
  }
  const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) return; // deleted meanwhile: nothing to sync
  if (lead.unsubscribedAt) return; // unsubscribed meanwhile: never put back into Kit by a late job
  try {
    const subscriberId = await subscribeToKit(config.kit, {
      email: lead.email,
      firstName: lead.firstName,
      referrer: signupPage(config.publicUrl, lead),
    });
    await database.db
      .update(leads)
      .set({ convertkitSubscriberId: subscriberId, kitSyncedAt: new Date() })
      .where(eq(leads.id, leadId));
    app.log.info({ leadId, subscriberId }, 'lead synced to Kit');
  } catch (error) {
    if (error instanceof KitError && !error.retryable) {
      // Retrying cannot help (e.g. Kit refuses the address or the key); the lead stays "Not synced".
      app.log.error({ err: error, leadId, jobId: job.id }, 'Kit refused the lead; not retrying');
      return;
    }
    app.log.warn({ err: error, leadId, jobId: job.id, retryCount: job.retryCount }, 'Kit sync failed; will retry');
    throw error;
  }
}
