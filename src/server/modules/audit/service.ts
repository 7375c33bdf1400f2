/**
 * The audit log: who did what to which entity, from where. Written by services (never by routes), one entry per
 * change, with one vocabulary: the action is `entity.verb` (`banner.create`, `user.role_change`), snake_case on
 * both sides, and the entity column is the action's first part, so the two can never disagree.
 */
import { and, count, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import type { RequestContext } from '../../services.ts';
import type { AuditAction, AuditActorKind, AuditLogParams, AuditLogResponse } from '../../../shared/schemas/audit.ts';
import { auditChanges } from './changes.ts';
import { entityNames, storedEntityName } from './entity-names.ts';

export type { AuditAction, AuditEntity } from '../../../shared/schemas/audit.ts';

export interface AuditEntry {
  action: AuditAction;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  /**
   * The entity before and after the change (whole rows are fine; `null` before a create and after a delete): stored as
   * `details.changes`, only the fields that changed, bounded and without secret values (changes.ts).
   */
  change?: { before: object | null; after: object | null };
}

export async function writeAudit(db: Executor, context: RequestContext, entry: AuditEntry): Promise<void> {
  const { actor, meta } = context;
  const details = entry.change ? { ...entry.details, changes: auditChanges(entry.change.before, entry.change.after) } : entry.details;
  await db.insert(auditLog).values({
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    actorClientId: actor.kind === 'client' ? actor.clientId : null,
    actorKind: actor.kind,
    actorCountry: meta.country ?? null,
    action: entry.action,
    entity: entry.action.slice(0, entry.action.indexOf('.')),
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: details ?? null,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
}

/** What one anonymous event adds to its hour's roll-up row (decision 0022). */
export interface AuditRollupEvent {
  action: AuditAction;
  /** Why (a failed sign-in's reason): counted per value. */
  reason?: string;
  /** Two-letter country of the request, when known: counted per value. */
  country?: string | null;
  /** A hash of the e-mail address concerned: the first ROLLUP_MAX_EMAIL_HASHES distinct ones are kept. */
  emailHash?: string;
}

/** Distinct e-mail hashes kept on one roll-up row: enough to spot a targeted account, bounded for a flood. */
export const ROLLUP_MAX_EMAIL_HASHES = 20;

/**
 * Anonymous events (failed sign-ins, sign-ups) are not one row each: anyone can send them by the thousand, and a
 * log flooded by them hides the entries that matter (issue 23 §7; decision 0022). Each adds to one row per action
 * per UTC hour — a count, counts per reason and per country, and the first few distinct e-mail hashes — in one
 * atomic upsert, so concurrent instances add to the same row.
 */
export async function addToAuditRollup(db: Executor, now: Date, event: AuditRollupEvent): Promise<void> {
  const hour = `${now.toISOString().slice(0, 13)}:00Z`;
  const rollupKey = `${event.action}@${hour}`;
  const reason = event.reason ?? null;
  const country = event.country ?? null;
  const emailHash = event.emailHash ?? null;
  const tally = (value: string | null) => (value ? { [value]: 1 } : {});
  const initial = { count: 1, hour, reasons: tally(reason), countries: tally(country), emailHashes: emailHash ? [emailHash] : [] };
  // Adds one to `field`'s counter named by `value` (a no-op for null); `value` is a bound parameter, never SQL.
  const bump = (field: string, value: string | null) =>
    value === null
      ? sql`coalesce(${auditLog.details} -> ${field}, '{}'::jsonb)`
      : sql`coalesce(${auditLog.details} -> ${field}, '{}'::jsonb) || jsonb_build_object(${value}::text, coalesce((${auditLog.details} -> ${field} ->> ${value}::text)::int, 0) + 1)`;
  const hashes = sql`coalesce(${auditLog.details} -> 'emailHashes', '[]'::jsonb)`;
  await db
    .insert(auditLog)
    .values({
      action: event.action,
      entity: event.action.slice(0, event.action.indexOf('.')),
      actorKind: 'anonymous',
      details: initial,
      rollupKey,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: auditLog.rollupKey,
      set: {
        details: sql`jsonb_build_object(
          'count', coalesce((${auditLog.details} ->> 'count')::int, 0) + 1,
          'hour', ${hour}::text,
          'reasons', ${bump('reasons', reason)},
          'countries', ${bump('countries', country)},
          'emailHashes', case
            when ${emailHash}::text is null or ${hashes} @> jsonb_build_array(${emailHash}::text)
              or jsonb_array_length(${hashes}) >= ${ROLLUP_MAX_EMAIL_HASHES} then ${hashes}
            else ${hashes} || jsonb_build_array(${emailHash}::text)
          end)`,
      },
    });
}

/**
 * Rows written by writeAudit know their actor's kind (older rows were backfilled by migration 0010). A row inserted
 * without one (a public form's mail cap writes its own) had a user or client only if it names one.
 */
function actorKindOf(row: { actorKind: string | null; actorEmail: string | null; actorClientId: string | null }): AuditActorKind {
  if (row.actorKind === 'user' || row.actorKind === 'client' || row.actorKind === 'anonymous') return row.actorKind;
  return row.actorEmail ? 'user' : row.actorClientId ? 'client' : 'anonymous';
}

/** `GET /api/audit-log` (issue 10 §5): newest first, by actor e-mail, action, entity and date range, paged. */
export async function listAuditLog(db: Database, query: AuditLogParams): Promise<AuditLogResponse> {
  const filters: SQL[] = [];
  if (query.actor) filters.push(ilike(users.email, `%${escapeLike(query.actor)}%`));
  if (query.action) {
    filters.push(query.action.endsWith('.') ? ilike(auditLog.action, `${escapeLike(query.action)}%`) : eq(auditLog.action, query.action));
  }
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        actorEmail: users.email,
        actorClientId: auditLog.actorClientId,
        actorKind: auditLog.actorKind,
        actorCountry: auditLog.actorCountry,
        ipAddress: auditLog.ipAddress,
        details: auditLog.details,
        rollupKey: auditLog.rollupKey,
        createdAt: auditLog.createdAt,
        // Uses audit_log_entity_idx (entity, entity_id); at most one page of rows asks.
        entityDeleted: sql<boolean>`exists (select 1 from audit_log deletions where deletions.entity = ${auditLog.entity} and deletions.entity_id = ${auditLog.entityId} and deletions.action = ${auditLog.entity} || '.delete')`,
        // What the delete entry kept of it (e-mail, name, title, slug), so every entry of a deleted entity is named.
        deletedName: sql<string | null>`(select coalesce(deletions.details ->> 'email', deletions.details ->> 'title', deletions.details ->> 'name', deletions.details ->> 'slug') from audit_log deletions where deletions.entity = ${auditLog.entity} and deletions.entity_id = ${auditLog.entityId} and deletions.action = ${auditLog.entity} || '.delete' limit 1)`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where),
  ]);
  const names = await entityNames(db, rows);
  return {
    entries: rows.map(({ rollupKey, details, actorKind, deletedName, ...row }) => ({
      ...row,
      actorKind: rollupKey !== null ? 'anonymous' : actorKindOf({ actorKind, actorEmail: row.actorEmail, actorClientId: row.actorClientId }),
      entityName:
        (row.entityId && names.get(`${row.entity}:${row.entityId}`)) || deletedName || storedEntityName(details as Record<string, unknown> | null),
      details: (details ?? null) as Record<string, unknown> | null,
      isRollup: rollupKey !== null,
      entityDeleted: Boolean(row.entityDeleted),
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(totalRow?.value ?? 0),
  };
}
