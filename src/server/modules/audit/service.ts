/**
 * The audit log: who did what to which entity, from where. Written by services (never by routes), one entry per
 * change, with one vocabulary: the action is `entity.verb` (`banner.create`, `user.grant_admin`), snake_case on
 * both sides, and the entity column is the action's first part, so the two can never disagree.
 */
import { auditLog } from '../../db/schema.ts';
import type { Executor } from '../../lib/sql.ts';
import type { RequestContext } from '../../services.ts';
import type { AuditAction } from '../../../shared/schemas/audit.ts';

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
