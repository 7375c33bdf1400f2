/**
 * The admin inbox (issue 10 §7): feedback and contact messages (one `messages` table, told apart by `kind`), newest
 * first, read / unread and archived. Every change is audited (`inbox_message.mark_read`, `.mark_unread`, `.archive`,
 * `.unarchive`).
 */
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  INBOX_PREVIEW_LENGTH,
  type InboxListParams,
  type InboxListResponse,
  type InboxMessage,
  type InboxMessageParams,
  type InboxMessageSummary,
  type InboxMessageType,
  type UpdateInboxMessage,
} from '../../../shared/schemas/inbox.ts';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Executor } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { type AuditAction, writeAudit } from '../audit/service.ts';
import { apiRow } from '../../lib/api-row.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';

const SUMMARY = {
  type: messages.kind,
  id: messages.id,
  name: messages.name,
  email: messages.email,
  subject: messages.subject,
  preview: sql<string>`left(${messages.message}, ${INBOX_PREVIEW_LENGTH})`,
  readAt: messages.readAt,
  archivedAt: messages.archivedAt,
  createdAt: messages.createdAt,
};

interface SummaryRow {
  type: InboxMessageType;
  id: number;
  name: string;
  email: string;
  subject: string;
  preview: string;
  readAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
}

function toSummary(row: SummaryRow): InboxMessageSummary {
  return {
    ...apiRow(row, ['type', 'id', 'name', 'email', 'subject', 'preview', 'createdAt']),
    isRead: row.readAt !== null,
    isArchived: row.archivedAt !== null,
  };
}

function listFilter(query: InboxListParams): SQL | undefined {
  return and(
    query.view === 'archived' ? isNotNull(messages.archivedAt) : isNull(messages.archivedAt),
    query.type ? eq(messages.kind, query.type) : undefined,
  );
}

export async function listInbox(db: Database, query: InboxListParams): Promise<InboxListResponse> {
  const where = listFilter(query);
  const [rows, [total]] = await Promise.all([
    db.select(SUMMARY).from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(messages).where(where),
  ]);
  return { messages: rows.map(toSummary), total: Number(total?.value ?? 0) };
}

/** Unread and not archived, across both kinds: the dashboard card and the admin menu. */
export async function unreadInboxCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(isNull(messages.readAt), isNull(messages.archivedAt)));
  return Number(row?.value ?? 0);
}

const byKey = ({ type, id }: InboxMessageParams) => and(eq(messages.kind, type), eq(messages.id, id));

async function findMessage(db: Executor, params: InboxMessageParams): Promise<InboxMessage> {
  const [row] = await db
    .select({ ...SUMMARY, message: messages.message, company: messages.company })
    .from(messages)
    .where(byKey(params));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return { ...toSummary(row), message: row.message, company: row.company };
}

export const getInboxMessage = (db: Database, params: InboxMessageParams) => findMessage(db, params);

/** Read / unread and archive / unarchive; one audit entry per state that changed. */
export async function updateInboxMessage(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: InboxMessageParams & { changes: UpdateInboxMessage } },
): Promise<InboxMessage> {
  const { type, id, changes } = input;
  return services.database.db.transaction(async (tx) => {
    const [current] = await tx.select({ readAt: messages.readAt, archivedAt: messages.archivedAt }).from(messages).where(byKey(input)).for('update');
    if (!current) throw notFound(MESSAGE_NOT_FOUND);
    const now = new Date();
    const set: { readAt?: Date | null; archivedAt?: Date | null } = {};
    const actions: AuditAction[] = [];
    if (changes.isRead !== undefined && changes.isRead !== (current.readAt !== null)) {
      set.readAt = changes.isRead ? now : null;
      actions.push(changes.isRead ? 'inbox_message.mark_read' : 'inbox_message.mark_unread');
    }
    if (changes.isArchived !== undefined && changes.isArchived !== (current.archivedAt !== null)) {
      set.archivedAt = changes.isArchived ? now : null;
      actions.push(changes.isArchived ? 'inbox_message.archive' : 'inbox_message.unarchive');
    }
    if (actions.length > 0) {
      await tx.update(messages).set(set).where(byKey(input));
      for (const action of actions) await writeAudit(tx, { actor, meta }, { action, entityId: `${type}:${id}` });
    }
    return findMessage(tx, { type, id });
  });
}
