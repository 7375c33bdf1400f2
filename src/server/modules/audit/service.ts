/**
 * The audit log: who did what to which entity, from where. Written by services (never by routes), one entry per
 * change, with one vocabulary: the action is `entity.verb` (`banner.create`, `user.grant_admin`), snake_case on
 * both sides, and the entity column is the action's first part, so the two can never disagree.
 */
import { and, count, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import type { RequestContext } from '../../services.ts';
import type { AuditAction, AuditLogParams, AuditLogResponse } from '../../../shared/schemas/audit.ts';

export type { AuditAction, AuditEntity } from '../../../shared/schemas/audit.ts';

export interface AuditEntry {
  action: AuditAction;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Executor, context: RequestContext, entry: AuditEntry): Promise<void> {
  const { actor, meta } = context;
  await db.insert(auditLog).values({
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    actorClientId: actor.kind === 'client' ? actor.clientId : null,
    action: entry.action,
    entity: entry.action.slice(0, entry.action.indexOf('.')),
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
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
        ipAddress: auditLog.ipAddress,
        createdAt: auditLog.createdAt,
        // Uses audit_log_entity_idx (entity, entity_id); at most one page of rows asks.
        entityDeleted: sql<boolean>`exists (select 1 from audit_log deletions where deletions.entity = ${auditLog.entity} and deletions.entity_id = ${auditLog.entityId} and deletions.action = ${auditLog.entity} || '.delete')`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, entityDeleted: Boolean(row.entityDeleted), createdAt: row.createdAt.toISOString() })),
    total: Number(totalRow?.value ?? 0),
  };
}
