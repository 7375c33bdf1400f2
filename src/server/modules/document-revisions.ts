/**
 * Revisions of every document that keeps them — blog posts, pages and campaigns (issue 39 §1–§2, decisions 0064 and
 * 0080): each save, publish, autosave and restore stores the content fields as they were, with who and when, inside
 * the save's transaction, and a save that names a stale or missing version is a 409 naming the last saver. Each
 * module says which fields are content and calls these with its document type.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REVISION_DOCUMENT_NOUNS,
  REVISION_TEXTS,
  type RevisionDocumentType,
  type RevisionKind,
  type RevisionSummary,
} from '../../shared/schemas/revisions.ts';
import { revisions, users } from '../db/schema.ts';
import { apiRow } from '../lib/api-row.ts';
import { HttpError, notFound } from '../lib/http-errors.ts';
import type { Executor } from '../lib/sql.ts';
import type { AuditAction } from '../../shared/schemas/audit.ts';
import { actorUserId, type Actor, type RequestContext } from '../services.ts';
import { writeAudit } from './audit/service.ts';

export type RevisionRow = typeof revisions.$inferSelect;

/** A document as the version check reads it (under the caller's row lock). */
export interface VersionedDocument {
  id: string | number;
  version: number;
  updatedAt: Date;
}

export function toRevisionSummary(row: RevisionRow): RevisionSummary {
  return apiRow(row, ['id', 'documentType', 'documentId', 'kind', 'version', 'published', 'restoredFrom', 'createdBy', 'createdByName', 'createdAt']);
}

const ofDocument = (documentType: RevisionDocumentType, documentId: string | number) =>
  and(eq(revisions.documentType, documentType), eq(revisions.documentId, String(documentId)));

/** Stores one revision in the caller's transaction; returns it (the audit entry links to its id). */
export async function recordRevision(
  tx: Executor,
  input: {
    documentType: RevisionDocumentType;
    documentId: string | number;
    actor: Actor;
    kind: RevisionKind;
    version: number;
    published: boolean;
    fields: object;
    restoredFrom?: number | undefined;
    at: Date;
  },
): Promise<RevisionRow> {
  const userId = actorUserId(input.actor);
  const [user] = userId === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  const [row] = await tx
    .insert(revisions)
    .values({
      documentType: input.documentType,
      documentId: String(input.documentId),
      kind: input.kind,
      version: input.version,
      published: input.published,
      fields: input.fields,
      restoredFrom: input.restoredFrom ?? null,
      createdBy: userId,
      createdByName: user?.username ?? null,
      createdAt: input.at,
    })
    .returning();
  return row!;
}

/** A kind of document with a number id that keeps revisions (pages, campaigns): what is content, and when it is live. */
export interface RevisedDocument<Row extends { id: number; version: number }> {
  documentType: RevisionDocumentType;
  /** Its audit actions for a save and a restore. */
  audit: { update: AuditAction; restore: AuditAction };
  fieldsOf(row: Row): object;
  isLive(row: Row): boolean;
}

/** A new document's first revision (`publish` when it is created live), in its creation's transaction. */
export function recordFirstRevision<Row extends { id: number; version: number; updatedAt: Date }>(
  tx: Executor,
  actor: Actor,
  document: RevisedDocument<Row>,
  row: Row,
): Promise<RevisionRow> {
  const published = document.isLive(row);
  return recordRevision(tx, {
    documentType: document.documentType,
    documentId: row.id,
    actor,
    kind: published ? 'publish' : 'save',
    version: row.version,
    published,
    fields: document.fieldsOf(row),
    at: row.updatedAt,
  });
}

/**
 * A save's revision and its audit entry, in the save's transaction (decision 0080): `restore` when it brought back
 * `restoredFrom`, `publish` when it took the document live, else `save`; the entry is its update action naming the
 * fields sent and the revision, or its restore action naming the revision restored too.
 */
export async function recordSave<Row extends { id: number; version: number }>(
  tx: Executor,
  context: RequestContext,
  document: RevisedDocument<Row>,
  { before, after, restoredFrom, at, sent }: { before: Row; after: Row; restoredFrom: number | undefined; at: Date; /** The save's body: the audit names its fields. */ sent: object },
): Promise<RevisionRow> {
  const published = document.isLive(after);
  const revision = await recordRevision(tx, {
    documentType: document.documentType,
    documentId: after.id,
    actor: context.actor,
    kind: restoredFrom !== undefined ? 'restore' : published && !document.isLive(before) ? 'publish' : 'save',
    version: after.version,
    published,
    fields: document.fieldsOf(after),
    restoredFrom,
    at,
  });
  await writeAudit(tx, context, {
    action: restoredFrom !== undefined ? document.audit.restore : document.audit.update,
    entityId: after.id,
    details: { fields: Object.keys(sent).filter((field) => field !== 'version'), revisionId: revision.id, ...(restoredFrom !== undefined ? { restoredFrom } : {}) },
    change: { before, after },
  });
  return revision;
}

/** The 409 of a stale or missing version: its text and `conflict` name who saved last, when, and the version now. */
export function versionConflict(message: string, last: { by: string | null; at: string | null; version: number }): HttpError {
  return new HttpError(409, message, [{ field: 'version', message }], undefined, {
    conflict: { savedBy: last.by, savedAt: last.at, version: last.version },
  });
}

/**
 * Refuses a save whose version is not the document's (read under the caller's row lock): who saved last is the
 * newest revision that is not an autosave, else the document's last change without a name (saved before revisions).
 */
export async function assertVersion(
  tx: Executor,
  documentType: RevisionDocumentType,
  current: VersionedDocument,
  sent: number | undefined,
): Promise<void> {
  if (sent === current.version) return;
  const [last] = await tx
    .select()
    .from(revisions)
    .where(and(ofDocument(documentType, current.id), ne(revisions.kind, 'autosave')))
    .orderBy(desc(revisions.id))
    .limit(1);
  const by = last?.createdByName ?? null;
  const at = (last?.createdAt ?? current.updatedAt).toISOString();
  const message =
    sent === undefined
      ? REVISION_TEXTS.versionMissing
      : REVISION_TEXTS.versionStale(by, `${at.slice(0, 16).replace('T', ' ')} UTC`, REVISION_DOCUMENT_NOUNS[documentType]);
  throw versionConflict(message, { by, at, version: current.version });
}

/** A document's revisions, newest first: the published ones and the last 50 others once pruned (jobs/prune-revisions.ts). */
export async function listRevisions(db: Executor, documentType: RevisionDocumentType, documentId: string | number): Promise<{ items: RevisionSummary[] }> {
  const rows = await db.select().from(revisions).where(ofDocument(documentType, documentId)).orderBy(desc(revisions.id));
  return { items: rows.map(toRevisionSummary) };
}

/** One revision of this document, its fields read through `fieldsSchema`; another document's revision is a 404. */
export async function readRevision<Fields>(
  db: Executor,
  documentType: RevisionDocumentType,
  documentId: string | number,
  revisionId: number,
  fieldsSchema: z.ZodType<Fields>,
): Promise<RevisionSummary & { fields: Fields }> {
  const [row] = await db.select().from(revisions).where(and(ofDocument(documentType, documentId), eq(revisions.id, revisionId)));
  if (!row) throw notFound(REVISION_TEXTS.notFound);
  return { ...toRevisionSummary(row), fields: fieldsSchema.parse(row.fields) };
}

/** Stores the editor's unsaved fields as an autosave revision of the version they were typed over; nothing else is written. */
export async function recordAutosave(
  db: Executor,
  input: { documentType: RevisionDocumentType; documentId: string | number; actor: Actor; version: number; fields: object },
): Promise<RevisionSummary> {
  return toRevisionSummary(await recordRevision(db, { ...input, kind: 'autosave', published: false, at: new Date() }));
}
