/**
 * Webhook endpoints and their delivery log (issue 41, decision 0063): the admin's reads and writes, plain functions
 * like every module's. A URL is checked against the SSRF policy (address-guard.ts) before it is stored; the signing
 * secret is sealed at rest and leaves the server only in the answers of create and rotate.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookAttempt,
  WebhookDeliveriesQuerySchema,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../../../shared/schemas/webhooks.ts';
import { REPLAY_SINCE_FUTURE_ERROR, WEBHOOK_TEST_EVENT } from '../../../shared/schemas/webhooks.ts';
import type { Database } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { Sealer } from '../../lib/sealed.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { type AddressPolicy, checkWebhookUrl, RefusedUrlError } from './address-guard.ts';
import { generateEventId, generateWebhookSecret } from './signing.ts';

export const WEBHOOK_ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Webhook delivery not found';
/** Issue 41 §2: after a rotation the previous secret keeps signing this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** The delivery log answers this many rows at most, newest first. */
export const DELIVERY_LOG_LIMIT = 200;

export interface WebhookDependencies {
  db: Database;
  sealer: Sealer;
  policy: AddressPolicy;
  now: () => Date;
  /** Called after a committed change of endpoints (the in-memory subscriptions follow). */
  onEndpointsChanged: () => Promise<void>;
  /** Resolves a host name (tests give a fixed answer); DNS otherwise. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toWebhookDelivery(row: DeliveryRow & { eventType: string }): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseSnippet: row.responseSnippet,
    durationMs: row.durationMs,
    nextAttemptAt: row.status === 'pending' && row.attempts > 0 ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The SSRF check at create/update time: a refused URL is a 400 naming the `url` field (issue 41, Bad input). */
async function checkedUrl(deps: WebhookDependencies, url: string): Promise<string> {
  try {
    await checkWebhookUrl(url, deps.policy, deps.resolve);
    return url;
  } catch (error) {
    if (error instanceof RefusedUrlError) throw badRequest(error.message, [{ field: 'url', message: error.message }]);
    throw error;
  }
}

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  return rows.map(toWebhookEndpoint);
}

async function endpointOrThrow(db: Database, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  return row;
}

/** The endpoint without its sealed secrets: what the audit log may keep. */
const auditable = ({ secretSealed: _secret, previousSecretSealed: _previous, ...row }: EndpointRow) => row;

export async function createWebhookEndpoint(
  deps: WebhookDependencies,
  { actor, meta, input }: RequestContext & { input: z.output<typeof CreateWebhookEndpointSchema> },
): Promise<WebhookEndpointWithSecret> {
  const url = await checkedUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ url, description: input.description, events: input.events, enabled: input.enabled, secretSealed: deps.sealer.seal(secret), createdBy: actorUserId(actor) })
      .returning();
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.create', entityId: created!.id, change: { before: null, after: auditable(created!) } });
    return created!;
  });
  await deps.onEndpointsChanged();
  return { ...toWebhookEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  deps: WebhookDependencies,
  { actor, meta, input: { id, changes } }: RequestContext & { input: { id: number; changes: z.output<typeof UpdateWebhookEndpointSchema> } },
): Promise<WebhookEndpoint> {
  const current = await endpointOrThrow(deps.db, id);
  if (changes.url !== undefined) await checkedUrl(deps, changes.url);
  // Enabling an endpoint again (after three days of failures disabled it) starts its failure clock afresh.
  const revived = changes.enabled === true && !current.enabled ? { failingSince: null, disabledAt: null } : {};
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ ...changes, ...revived, updatedAt: deps.now() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.update', entityId: id, change: { before: auditable(current), after: auditable(updated) } });
    return updated;
  });
  await deps.onEndpointsChanged();
  return toWebhookEndpoint(row);
}

export async function deleteWebhookEndpoint(deps: WebhookDependencies, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!deleted) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.delete', entityId: id, change: { before: auditable(deleted), after: null } });
  });
  await deps.onEndpointsChanged();
}

/** A new secret; the current one keeps signing beside it for 24 h (receivers switch without losing an event). */
export async function rotateWebhookSecret(deps: WebhookDependencies, { actor, meta, input: { id } }: RequestContext & { input: { id: number } }): Promise<WebhookEndpointWithSecret> {
  const current = await endpointOrThrow(deps.db, id);
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: deps.sealer.seal(secret),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(deps.now().getTime() + SECRET_OVERLAP_MS),
        updatedAt: deps.now(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.rotate_secret', entityId: id });
    return updated;
  });
  return { ...toWebhookEndpoint(row), secret };
}

export async function listWebhookDeliveries(
  db: Database,
  endpointId: number,
  filter: z.output<typeof WebhookDeliveriesQuerySchema>,
): Promise<WebhookDelivery[]> {
  await endpointOrThrow(db, endpointId);
  const conditions = [eq(webhookDeliveries.endpointId, endpointId)];
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (filter.eventType) conditions.push(eq(webhookEvents.type, filter.eventType));
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(({ delivery, eventType }) => toWebhookDelivery({ ...delivery, eventType }));
}

async function deliveryWithType(db: Database, id: number): Promise<WebhookDelivery> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  if (!row) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  return toWebhookDelivery({ ...row.delivery, eventType: row.eventType });
}

/** Every attempt of one delivery of the endpoint, oldest first (issue 41 §5); 404 for a delivery of another endpoint. */
export async function listWebhookAttempts(db: Database, endpointId: number, deliveryId: number): Promise<WebhookAttempt[]> {
  await endpointOrThrow(db, endpointId);
  const [delivery] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!delivery) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const rows = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.id));
  return rows.map((row) => ({
    attempt: row.attempt,
    attemptedAt: row.attemptedAt.toISOString(),
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseSnippet: row.responseSnippet,
    error: row.error,
    nextAttemptAt: iso(row.nextAttemptAt),
  }));
}

/** Replay: a new delivery of the same event (same `webhook-id`), picked up by the worker at once. Audited. */
export async function replayWebhookDelivery(
  deps: WebhookDependencies,
  { actor, meta, input: { endpointId, deliveryId } }: RequestContext & { input: { endpointId: number; deliveryId: number } },
): Promise<WebhookDelivery> {
  const replay = await deps.db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!original) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
    const [row] = await tx.insert(webhookDeliveries).values({ eventId: original.eventId, endpointId, nextAttemptAt: deps.now() }).returning();
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.replay', entityId: endpointId, details: { deliveryId, replayId: row!.id, eventId: original.eventId } });
    return row!;
  });
  return deliveryWithType(deps.db, replay.id);
}

/**
 * "Replay failed since" (issue 41 §5): one new delivery for each event whose delivery to this endpoint failed for
 * good since `since` — once per event however often it failed, and not when the event has reached the endpoint
 * since (a replay delivered) or is on its way again (a delivery still pending). One statement and its audit entry.
 */
export async function replayFailedWebhookDeliveries(
  deps: WebhookDependencies,
  { actor, meta, input: { endpointId, since } }: RequestContext & { input: { endpointId: number; since: Date } },
): Promise<{ replayed: number }> {
  const now = deps.now();
  if (since.getTime() > now.getTime()) throw badRequest(REPLAY_SINCE_FUTURE_ERROR, [{ field: 'since', message: REPLAY_SINCE_FUTURE_ERROR }]);
  await endpointOrThrow(deps.db, endpointId);
  return deps.db.transaction(async (tx) => {
    const queued = await tx.execute<{ id: number }>(sql`
      insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
      select distinct failed.event_id, failed.endpoint_id, ${now}::timestamptz
      from webhook_deliveries failed
      where failed.endpoint_id = ${endpointId} and failed.status = 'failed' and failed.created_at >= ${since}
        and not exists (
          select 1 from webhook_deliveries other
          where other.endpoint_id = failed.endpoint_id and other.event_id = failed.event_id and other.status <> 'failed')
      returning id`);
    const replayed = queued.rows.length;
    await writeAudit(tx, { actor, meta }, { action: 'webhook_endpoint.replay_failed', entityId: endpointId, details: { since: since.toISOString(), replayed } });
    return { replayed };
  });
}

/** "Send test event": a `webhook.test` event to this endpoint only, delivered (and logged) like any other. */
export async function sendWebhookTestEvent(
  deps: WebhookDependencies,
  { input: { endpointId } }: RequestContext & { input: { endpointId: number } },
): Promise<WebhookDelivery> {
  await endpointOrThrow(deps.db, endpointId);
  const id = generateEventId();
  const delivery = await deps.db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({ id, type: WEBHOOK_TEST_EVENT, payload: { message: 'A test event from JotIt' }, createdAt: deps.now() });
    const [row] = await tx.insert(webhookDeliveries).values({ eventId: id, endpointId, nextAttemptAt: deps.now() }).returning();
    return row!;
  });
  return deliveryWithType(deps.db, delivery.id);
}

/** Deliveries and events older than this are pruned (issue 41 §5: kept 30 days). */
export const DELIVERY_LOG_DAYS = 30;

export async function pruneWebhookLog(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000);
  await db.execute(sql`delete from webhook_events where created_at < ${before}`);
}
