/**
 * A blog post's revisions, written inside the save's transaction (issue 39 §1, decision 0064): every save, publish,
 * autosave and restore stores the content fields as they were, with who and when, so no save loses a version. The
 * version check lives here too: a save names the version it read, and a stale or missing one is a 409 naming the
 * last saver (never a silent overwrite).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { type BlogPostRevisionFields, REVISION_TEXTS, type RevisionKind, type RevisionSummary } from '../../../shared/schemas/revisions.ts';
import { type blogPosts, revisions, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Executor } from '../../lib/sql.ts';
import { actorUserId, type Actor } from '../../services.ts';

type PostRow = typeof blogPosts.$inferSelect;
export type RevisionRow = typeof revisions.$inferSelect;

export const BLOG_POST_DOCUMENT = 'blog_post' as const;

/** The content fields of a post a revision keeps. */
export function postRevisionFields(row: Pick<PostRow, keyof BlogPostRevisionFields>): BlogPostRevisionFields {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    featuredImageUrl: row.featuredImageUrl,
    featuredImageAlt: row.featuredImageAlt,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    authorName: row.authorName,
    category: row.category,
    tags: row.tags,
  };
}

export function toRevisionSummary(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    documentType: row.documentType,
    documentId: row.documentId,
    kind: row.kind,
    version: row.version,
    published: row.published,
    restoredFrom: row.restoredFrom,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores one revision of a post in the caller's transaction; returns its id (the audit entry links to it). */
export async function recordPostRevision(
  tx: Executor,
  input: { actor: Actor; postId: string; kind: RevisionKind; version: number; published: boolean; fields: BlogPostRevisionFields; restoredFrom?: number; at: Date },
): Promise<RevisionRow> {
  const userId = actorUserId(input.actor);
  const [user] = userId === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  const [row] = await tx
    .insert(revisions)
    .values({
      documentType: BLOG_POST_DOCUMENT,
      documentId: input.postId,
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

/** The 409 of a stale or missing version: its text and `conflict` name who saved last, when, and the version now. */
export function versionConflict(message: string, last: { by: string | null; at: string | null; version: number }): HttpError {
  return new HttpError(409, message, [{ field: 'version', message }], undefined, {
    conflict: { savedBy: last.by, savedAt: last.at, version: last.version },
  });
}

/**
 * Refuses a save whose version is not the post's (read under the caller's row lock): who saved last is the newest
 * revision that is not an autosave, else the post's last change without a name (a post saved before revisions).
 */
export async function assertPostVersion(tx: Executor, current: PostRow, sent: number | undefined): Promise<void> {
  if (sent === current.version) return;
  const [last] = await tx
    .select()
    .from(revisions)
    .where(and(eq(revisions.documentType, BLOG_POST_DOCUMENT), eq(revisions.documentId, current.id), ne(revisions.kind, 'autosave')))
    .orderBy(desc(revisions.id))
    .limit(1);
  const by = last?.createdByName ?? null;
  const at = (last?.createdAt ?? current.updatedAt).toISOString();
  const message = sent === undefined ? REVISION_TEXTS.versionMissing : REVISION_TEXTS.versionStale(by, `${at.slice(0, 16).replace('T', ' ')} UTC`);
  throw versionConflict(message, { by, at, version: current.version });
}
