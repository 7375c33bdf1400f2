/**
 * Sign-in sessions (issue 36 item 6; decision 0051): a person's list of signed-in devices, and ending one or all
 * others. The auth plugin creates a session at every sign-in and refuses a token whose session row is gone, so a
 * DELETE here ends the session on every instance at the next request, with nothing cached in between.
 *
 * A session is only ever the caller's own: another account's id answers 404 like an unknown one, never 403, so
 * the answer does not tell that the id exists. Every end is audited (`session.end`, `session.end_others`) with
 * the user as the target and what the sessions were; a session id is a name, never a credential, so it may be
 * logged.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  SESSION_NOT_FOUND_MESSAGE,
  type EndOtherSessionsResponse,
  type Session,
  type SessionListResponse,
} from '../../../shared/schemas/sessions.ts';
import { sessions, users } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

/** What a route hands over: the caller (a user, checked by `requireUser`) and the session of the token that asked. */
export interface SessionContext extends RequestContext {
  userId: number;
  currentSessionId: string | null;
}

type SessionRow = typeof sessions.$inferSelect;

const auditView = (row: SessionRow) => ({ userId: row.userId, device: row.device, country: row.country, lastSeenAt: row.lastSeenAt });

/**
 * The caller's sessions a token can still use, newest first: not from before a password change or a revoked right
 * (their token version is old) and not older than JWT_MAX_AGE. Dead rows stay until the next sign-in sweeps them.
 */
export async function listSessions(services: AppServices, context: SessionContext): Promise<SessionListResponse> {
  const { db } = services.database;
  const rows = await db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, context.userId),
        eq(sessions.tokenVersion, users.tokenVersion),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${services.config.jwtMaxAgeSeconds})`),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return { sessions: rows.map(({ session }) => toSession(session, context.currentSessionId)) };
}

function toSession(row: SessionRow, currentSessionId: string | null): Session {
  return {
    id: row.id,
    device: row.device,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}

/** Ends one of the caller's sessions (the current one too: that is signing out). Another account's id → 404. */
export async function endSession(services: AppServices, context: SessionContext & { input: { id: string } }): Promise<void> {
  const { db } = services.database;
  const { actor, meta, userId, currentSessionId, input } = context;
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, input.id), eq(sessions.userId, userId)))
      .returning();
    if (!ended) throw notFound(SESSION_NOT_FOUND_MESSAGE);
    await writeAudit(tx, { actor, meta }, {
      action: 'session.end',
      entityId: ended.id,
      details: { userId, isCurrent: ended.id === currentSessionId },
      change: { before: auditView(ended), after: null },
    });
  });
}

/** Ends every session of the caller but the one that asked; how many ended. */
export async function endOtherSessions(services: AppServices, context: SessionContext): Promise<EndOtherSessionsResponse> {
  const { db } = services.database;
  const { actor, meta, userId, currentSessionId } = context;
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), currentSessionId ? ne(sessions.id, currentSessionId) : undefined))
      .returning();
    if (ended.length > 0) {
      await writeAudit(tx, { actor, meta }, {
        action: 'session.end_others',
        entityId: currentSessionId,
        details: {
          userId,
          ended: ended.map((row) => ({ id: row.id, device: row.device, country: row.country })),
        },
        change: { before: { userId, sessions: ended.length + 1 }, after: { userId, sessions: 1 } },
      });
    }
    return { ended: ended.length };
  });
}
