/**
 * The admin inbox (issue 10 §7): feedback and contact messages, newest first, read / unread and archived.
 * Two tables, one list: a UNION ALL of both, each side a range-friendly scan on its created_at index.
 * Every change is audited (`inbox_message.mark_read`, `.mark_unread`, `.archive`, `.unarchive`).
 */
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
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
import { contactMessages, feedback } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Executor } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { type AuditAction, writeAudit } from '../audit/service.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';

const TABLES = { feedback, contact: contactMessages } as const;

function summarySelection(type: InboxMessageType) {
  const table = TABLES[type];
  return {
    type: sql<InboxMessageType>`${type}::text`.as('type'),
    id: table.id,
    name: table.name,
    email: table.email,
    subject: table.subject,
    preview: sql<string>`left(${table.message}, ${INBOX_PREVIEW_LENGTH})`.as('preview'),
    readAt: table.readAt,
    archivedAt: table.archivedAt,
    createdAt: table.createdAt,
  };
}

interface SummaryRow {
  type: InboxMessageType;
  id: number;
  name: string;
  email: string;
  subject: string;
  preview: string;
  readAt: Date | string | null;
  archivedAt: Date | string | null;
  createdAt: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: SummaryRow): InboxMessageSummary {
  return {
    type: row.type,
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    preview: row.preview,
    isRead: row.readAt !== null,
    isArchived: row.archivedAt !== null,
    createdAt: iso(row.createdAt),
  };
}

function viewFilter(type: InboxMessageType, view: InboxListParams['view']): SQL {
  const table = TABLES[type];
  return view === 'archived' ? isNotNull(table.archivedAt) : isNull(table.archivedAt);
}

export async function listInbox(db: Database, query: InboxListParams): Promise<InboxListResponse> {
  const types: InboxMessageType[] = query.type ? [query.type] : ['feedback', 'contact'];
  const sides = types.map((type) => db.select(summarySelection(type)).from(TABLES[type]).where(viewFilter(type, query.view)));
  const ordered =
    sides.length === 2
      ? unionAll(sides[0]!, sides[1]!).orderBy(desc(sql`created_at`), desc(sql`id`))
      : sides[0]!.orderBy(desc(TABLES[types[0]!].createdAt), desc(TABLES[types[0]!].id));
  const rows = (await ordered.limit(query.limit).offset(query.offset)) as SummaryRow[];
  const totals = await Promise.all(
    types.map((type) => db.select({ value: count() }).from(TABLES[type]).where(viewFilter(type, query.view))),
  );
  return { messages: rows.map(toSummary), total: totals.reduce((sum, [row]) => sum + Number(row?.value ?? 0), 0) };
}

/** Unread and not archived, across both kinds: the dashboard card and the admin menu. */
export async function unreadInboxCount(db: Executor): Promise<number> {
  const counts = await Promise.all(
    (['feedback', 'contact'] as const).map((type) =>
      db
        .select({ value: count() })
        .from(TABLES[type])
        .where(and(isNull(TABLES[type].readAt), isNull(TABLES[type].archivedAt))),
    ),
  );
  return counts.reduce((sum, [row]) => sum + Number(row?.value ?? 0), 0);
}

async function findMessage(db: Executor, { type, id }: InboxMessageParams): Promise<InboxMessage> {
  const table = TABLES[type];
  const [row] = await db
    .select({ ...summarySelection(type), message: table.message, company: type === 'contact' ? contactMessages.company : sql<null>`null` })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return { ...toSummary(row as SummaryRow), message: row.message, company: (row.company as string | null) ?? null };
}

export const getInboxMessage = (db: Database, params: InboxMessageParams) => findMessage(db, params);

/** Read / unread and archive / unarchive; one audit entry per state that changed. */
export async function updateInboxMessage(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: InboxMessageParams & { changes: UpdateInboxMessage } },
): Promise<InboxMessage> {
  const { type, id, changes } = input;
  const table = TABLES[type];
  return services.database.db.transaction(async (tx) => {
    const [current] = await tx.select({ readAt: table.readAt, archivedAt: table.archivedAt }).from(table).where(eq(table.id, id)).for('update');
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
      await tx.update(table).set(set).where(eq(table.id, id));
      for (const action of actions) await writeAudit(tx, { actor, meta }, { action, entityId: `${type}:${id}` });
    }
    return findMessage(tx, { type, id });
  });
}
