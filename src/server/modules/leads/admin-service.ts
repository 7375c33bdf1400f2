/**
 * Leads Management (spec §2, issue 10): what an operator needs with 100,000 leads — a filtered, paged list, the
 * detail of one lead, re-queuing its Kit sync, erasure, bulk actions and a streamed CSV export. Every change is
 * audited, one entry per lead (`lead.retry_sync`, `lead.delete`).
 */
import { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { resubscribe, suppress } from '../unsubscribe/service.ts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import {
  LEAD_CSV_COLUMNS,
  type Lead,
  type LeadBulk,
  type LeadBulkResult,
  type LeadDetail,
  type LeadExportParams,
  type LeadFilters,
  type LeadListParams,
  type LeadPage,
  UNKNOWN_LEAD_SOURCE,
} from '../../../shared/schemas/leads.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, leads } from '../../db/schema.ts';
import { enqueueKitSync, isKitEnabled } from '../../jobs/kit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { type AuditAction, writeAudit } from '../audit/service.ts';

type LeadRow = typeof leads.$inferSelect;

export const LEAD_NOT_FOUND_MESSAGE = 'Lead not found';
export const KIT_NOT_CONFIGURED_MESSAGE = 'Kit is not configured (KIT_API_KEY), so leads cannot be synced';
export const ALREADY_SYNCED_MESSAGE = 'This lead is already synced with Kit';

/** Rows read per query while exporting: memory stays flat whatever the number of leads. */
export const EXPORT_BATCH_SIZE = 1000;

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    source: row.source,
    subscribedAt: row.subscribedAt.toISOString(),
    convertkitSubscriberId: row.convertkitSubscriberId,
    kitSyncedAt: row.kitSyncedAt?.toISOString() ?? null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    utmTerm: row.utmTerm,
    utmContent: row.utmContent,
    referrer: row.referrer,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    consentText: row.consentText,
    consentAt: row.consentAt?.toISOString() ?? null,
    consentCountry: row.consentCountry,
  };
}

/**
 * The text `q` searches: e-mail, first and last name, lower case. The same expression as the trigram index of
 * migration 0002 (where pg_trgm exists), so PostgreSQL can answer `%q%` from the index.
 */
const searchText = sql`lower(${leads.email} || ' ' || coalesce(${leads.firstName}, '') || ' ' || coalesce(${leads.lastName}, ''))`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The WHERE of the list and the export: every filter given, combined with AND. */
export function leadFilterWhere(filters: Partial<LeadFilters> & { ids?: number[] }): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.q) parts.push(sql`${searchText} like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  if (filters.source) {
    parts.push(
      filters.source === UNKNOWN_LEAD_SOURCE
        ? or(isNull(leads.source), eq(leads.source, UNKNOWN_LEAD_SOURCE))!
        : eq(leads.source, filters.source),
    );
  }
  if (filters.synced) parts.push(filters.synced === 'true' ? isNotNull(leads.convertkitSubscriberId) : isNull(leads.convertkitSubscriberId));
  if (filters.unsubscribed) parts.push(filters.unsubscribed === 'true' ? isNotNull(leads.unsubscribedAt) : isNull(leads.unsubscribedAt));
  // Days are UTC and inclusive: `to` ends before the next day starts.
  if (filters.from) parts.push(sql`${leads.subscribedAt} >= ${new Date(`${filters.from}T00:00:00Z`).toISOString()}::timestamptz`);
  if (filters.to) parts.push(sql`${leads.subscribedAt} < ${new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString()}::timestamptz`);
  if (filters.ids) parts.push(inArray(leads.id, filters.ids.length ? filters.ids : [0]));
  return parts.length ? and(...parts) : undefined;
}

function dateOrder(sort: LeadFilters['sort']) {
  return sort === 'asc' ? [asc(leads.subscribedAt), asc(leads.id)] : [desc(leads.subscribedAt), desc(leads.id)];
}

/** `GET /api/leads`: one page by date (newest first unless `sort=asc`) and the total matching the filters. */
export async function listLeadPage(db: Database, params: LeadListParams): Promise<LeadPage> {
  const where = leadFilterWhere(params);
  const counting = db.select({ value: count() }).from(leads).where(where);
  const page = (sort: LeadFilters['sort'], limit: number, offset: number) =>
    db.select().from(leads).where(where).orderBy(...dateOrder(sort)).limit(limit).offset(offset);
  let rows: LeadRow[];
  let total: number;
  if (params.offset < DEEP_OFFSET) {
    const [found, [counted]] = await Promise.all([page(params.sort, params.limit, params.offset), counting]);
    rows = found;
    total = counted?.value ?? 0;
  } else {
    // A deep page: count first, and past the middle read from the other end (the last page reads 50 rows, not 100,000).
    total = (await counting)[0]?.value ?? 0;
    const remaining = total - params.offset;
    if (params.offset > total / 2 && remaining > 0) {
      const reversed = params.sort === 'asc' ? 'desc' : 'asc';
      rows = (await page(reversed, Math.min(params.limit, remaining), Math.max(0, remaining - params.limit))).reverse();
    } else {
      rows = remaining > 0 ? await page(params.sort, params.limit, params.offset) : [];
    }
  }
  const items = rows.map(toLead);
  return { items, leads: items, total };
}

/** From this offset on, a lead page is counted first so it can be read from the nearer end. */
const DEEP_OFFSET = 1000;

/** `GET /api/leads/sources`: the distinct sources, 'unknown' standing for leads stored without one. */
export async function listLeadSources(db: Database): Promise<{ sources: string[] }> {
  // A loose index scan over leads_source_subscribed_at_idx: one index probe per distinct source (a handful),
  // where DISTINCT would read all 100,000 leads (issue 13).
  const result = await db.execute<{ source: string | null }>(sql`
    with recursive found(source) as (
      (select ${leads.source} from ${leads} where ${leads.source} is not null order by ${leads.source} limit 1)
      union all
      select (select ${leads.source} from ${leads} where ${leads.source} > found.source order by ${leads.source} limit 1)
      from found where found.source is not null
    )
    select source from found where source is not null
    union all
    select null where exists (select 1 from ${leads} where ${leads.source} is null)`);
  const sources = new Set(result.rows.map((row) => row.source ?? UNKNOWN_LEAD_SOURCE));
  return { sources: [...sources].sort() };
}

/** The country of an IP address (ISO code), from GeoIP when GEOIP_DB is set. */
export type IpCountryLookup = (ip: string) => string | null;

export async function getLeadDetail(db: Database, lookupCountry: IpCountryLookup | null, id: number): Promise<LeadDetail> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  if (!row) throw notFound(LEAD_NOT_FOUND_MESSAGE);
  return { ...toLead(row), ipCountry: row.ipAddress && lookupCountry ? lookupCountry(row.ipAddress) : null };
}

/** One audit entry per lead, in one statement (a bulk action of 500 writes 500 entries). */
async function auditEach(db: Executor, { actor, meta }: RequestContext, action: AuditAction, entries: Array<{ id: number; details?: Record<string, unknown> }>) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor.kind === 'user' ? actor.userId : null,
      actorClientId: actor.kind === 'client' ? actor.clientId : null,
      actorKind: actor.kind,
      action,
      entity: 'lead',
      entityId: String(entry.id),
      details: entry.details ?? null,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    })),
  );
}

type Services = Pick<AppServices, 'database' | 'queue' | 'config'>;

/**
 * Re-queues the Kit sync of leads that are not synced (those already synced are skipped). 409 when Kit is not
 * configured: nothing could ever run the job.
 */
async function requeueSync(services: Services, context: RequestContext, ids: number[]) {
  if (!isKitEnabled(services.config.kit)) throw conflict(KIT_NOT_CONFIGURED_MESSAGE);
  const { db } = services.database;
  const rows = await db
    .select({ id: leads.id, synced: isNotNull(leads.convertkitSubscriberId).mapWith(Boolean) })
    .from(leads)
    .where(inArray(leads.id, ids));
  const pending = rows.filter((row) => !row.synced).map((row) => row.id);
  for (const id of pending) await enqueueKitSync(services.queue, services.config.kit, id);
  await auditEach(db, context, 'lead.retry_sync', pending.map((id) => ({ id })));
  return { found: rows.length, queued: pending.length };
}

/** `POST /api/leads/{id}/retry-sync`. */
export async function retryLeadSync(services: Services, { input, ...context }: RequestContext & { input: { id: number } }) {
  const result = await requeueSync(services, context, [input.id]);
  if (result.found === 0) throw notFound(LEAD_NOT_FOUND_MESSAGE);
  if (result.queued === 0) throw conflict(ALREADY_SYNCED_MESSAGE);
  return { queued: true as const };
}

/**
 * Erasure on request: the row goes, with one audit entry per lead that keeps its id and source but not the
 * address (erased is erased). A queued Kit job for it finds nothing and ends.
 */
async function deleteLeads(services: Services, context: RequestContext, ids: number[]): Promise<number> {
  return services.database.db.transaction(async (tx) => {
    const deleted = await tx.delete(leads).where(inArray(leads.id, ids)).returning({ id: leads.id, source: leads.source });
    await auditEach(tx, context, 'lead.delete', deleted.map((row) => ({ id: row.id, details: { source: row.source } })));
    return deleted.length;
  });
}

/** `DELETE /api/leads/{id}`. */
export async function deleteLead(services: Services, { input, ...context }: RequestContext & { input: { id: number } }): Promise<void> {
  if ((await deleteLeads(services, context, [input.id])) === 0) throw notFound(LEAD_NOT_FOUND_MESSAGE);
}

/**
 * `PUT /api/leads/{id}/subscription` (issue 24): an admin unsubscribes a lead (the suppression list, scope
 * 'marketing', method 'admin'; Kit unsubscribe queued) or subscribes it again; one audit entry when it changes.
 */
export async function setLeadSubscription(
  services: Services,
  { input, ...context }: RequestContext & { input: { id: number; unsubscribed: boolean } },
): Promise<Lead> {
  const { db } = services.database;
  const [row] = await db.select().from(leads).where(eq(leads.id, input.id));
  if (!row) throw notFound(LEAD_NOT_FOUND_MESSAGE);
  const deps = { db, queue: services.queue, kit: services.config.kit };
  if (input.unsubscribed !== Boolean(row.unsubscribedAt)) {
    if (input.unsubscribed) await suppress(deps, row.email, 'marketing', 'admin');
    else await resubscribe(deps, row.email, 'marketing');
    await auditEach(db, context, input.unsubscribed ? 'lead.unsubscribe' : 'lead.resubscribe', [{ id: row.id }]);
  }
  const [after] = await db.select().from(leads).where(eq(leads.id, input.id));
  return toLead(after!);
}

/** `POST /api/leads/bulk`: retry sync or delete up to 500 leads; one audit entry per lead changed. */
export async function bulkLeadAction(services: Services, { input, ...context }: RequestContext & { input: LeadBulk }): Promise<LeadBulkResult> {
  const ids = [...new Set(input.ids)];
  if (input.action === 'delete') {
    const done = await deleteLeads(services, context, ids);
    return { action: input.action, done, skipped: 0, notFound: ids.length - done };
  }
  const { found, queued } = await requeueSync(services, context, ids);
  return { action: input.action, done: queued, skipped: found - queued, notFound: ids.length - found };
}

// ------------------------------------------------------------------------------------------------- CSV export

/** `JotIt-leads-2026-11-24.csv` (the day in UTC). */
export function exportFileName(now = new Date()): string {
  return `${PRODUCT_NAME}-leads-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (tab and carriage return can hide
 * one): such cells get a leading apostrophe, which makes them text (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The leads matching the filters, in keyset batches on (subscribed_at, id): never more than one batch in memory. */
async function* exportBatches(db: Database, params: LeadExportParams): AsyncGenerator<Array<Array<string | number | null>>> {
  const where = leadFilterWhere(params);
  const ascending = params.sort === 'asc';
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? ascending
        ? sql`(${leads.subscribedAt}, ${leads.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${leads.subscribedAt}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    const rows = await db
      .select({
        id: leads.id,
        // The exact stored timestamp (microseconds) for the cursor: a JavaScript Date would round it.
        cursorAt: sql<string>`${leads.subscribedAt}::text`,
        email: leads.email,
        firstName: leads.firstName,
        lastName: leads.lastName,
        source: leads.source,
        subscribedAt: leads.subscribedAt,
        convertkitSubscriberId: leads.convertkitSubscriberId,
        utmSource: leads.utmSource,
        utmMedium: leads.utmMedium,
        utmCampaign: leads.utmCampaign,
        utmTerm: leads.utmTerm,
        utmContent: leads.utmContent,
        referrer: leads.referrer,
        unsubscribedAt: leads.unsubscribedAt,
      })
      .from(leads)
      .where(and(where, after))
      .orderBy(...dateOrder(params.sort))
      .limit(EXPORT_BATCH_SIZE);
    yield rows.map((row) => [
        row.email,
        row.firstName,
        row.lastName,
        row.source ?? UNKNOWN_LEAD_SOURCE,
        row.subscribedAt.toISOString(),
        row.convertkitSubscriberId,
        row.utmSource,
        row.utmMedium,
        row.utmCampaign,
        row.utmTerm,
        row.utmContent,
        row.referrer,
        row.unsubscribedAt?.toISOString() ?? null,
      ]);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/**
 * `GET /api/leads/export.csv`: UTF-8 with a BOM (Excel), the header row of LEAD_CSV_COLUMNS, one line per lead.
 * Returns the stream at once; rows are read as the client takes them (backpressure), so 100,000 leads export in
 * constant memory. `onError` hears a failure after the headers went out (the response is then cut short).
 */
export function exportLeadsCsv(
  db: Database,
  { input: params, ...context }: RequestContext & { input: LeadExportParams },
  onError: (error: unknown) => void,
): NodeJS.ReadableStream {
  // One CSV chunk per batch of rows (issue 13): a stream transform per row cost more than the query.
  const options = (first: boolean) => ({ bom: first, header: first, columns: [...LEAD_CSV_COLUMNS], cast: { string: neutraliseFormula } });
  async function* chunks(): AsyncGenerator<string> {
    let first = true;
    let rows = 0;
    let complete = false;
    try {
      for await (const batch of exportBatches(db, params)) {
        if (batch.length === 0) continue;
        yield stringifySync(batch, options(first));
        rows += batch.length;
        first = false;
      }
      if (first) yield stringifySync([], options(true));
      complete = true;
    } catch (error) {
      onError(error);
      throw error;
    } finally {
      // A bulk read of personal data is audited (issue 23 §6): who, with which filter, how many rows went out —
      // once the stream ends, fails or is abandoned by the client (`complete` tells which).
      void writeAudit(db, context, { action: 'lead.export', details: { filter: params, rows, complete } }).catch(onError);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
