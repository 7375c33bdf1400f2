import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
}

/** Writes who did what to which entity, from where (issue: every user, build GUID and client change). */
export async function writeAudit(db: Database, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const caller = request.caller;
  await db.insert(auditLog).values({
    actorUserId: caller?.kind === 'user' ? caller.user.id : null,
    actorClientId: caller?.kind === 'client' ? caller.client.clientId : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
}
