/**
 * A blog post's revisions (issue 39 §1, decision 0064) on the one store of every document (../document-revisions.ts):
 * which fields of a post are content, and the post's document type.
 */
import type { BlogPostRevisionFields, RevisionKind } from '../../../shared/schemas/revisions.ts';
import type { blogPosts } from '../../db/schema.ts';
import type { Executor } from '../../lib/sql.ts';
import type { Actor } from '../../services.ts';
import { assertVersion, recordRevision, type RevisionRow } from '../document-revisions.ts';

type PostRow = typeof blogPosts.$inferSelect;

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

/** Stores one revision of a post in the caller's transaction; returns it (the audit entry links to its id). */
export function recordPostRevision(
  tx: Executor,
  { postId, ...input }: { actor: Actor; postId: string; kind: RevisionKind; version: number; published: boolean; fields: BlogPostRevisionFields; restoredFrom?: number; at: Date },
): Promise<RevisionRow> {
  return recordRevision(tx, { ...input, documentType: BLOG_POST_DOCUMENT, documentId: postId });
}

/** Refuses a save whose version is not the post's (read under the caller's row lock): a 409 naming who saved last. */
export function assertPostVersion(tx: Executor, current: PostRow, sent: number | undefined): Promise<void> {
  return assertVersion(tx, BLOG_POST_DOCUMENT, current, sent);
}
