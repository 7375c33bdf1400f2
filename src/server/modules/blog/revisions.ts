/**
 * A post's history (issue 39 §1, decision 0064): the list of its revisions, one revision with its fields, an autosave
 * (a revision of the editor's unsaved text; the live post never changes) and a restore (a save of an older revision's
 * fields: a new revision, nothing lost). Whoever may edit the post may use them; an author only on their own posts.
 */
import { eq } from 'drizzle-orm';
import type { AdminBlogPostDetail, AutosaveBlogPostInput } from '../../../shared/schemas/blog.ts';
import { BlogPostRevisionFieldsSchema, type BlogPostRevision, type RevisionSummary } from '../../../shared/schemas/revisions.ts';
import { blogPosts } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { actorCan, type Actor, type RequestContext } from '../../services.ts';
import type { BlogDeps } from './deps.ts';
import { assertMayChangePost, isOwnPost, isUuid, POST_NOT_FOUND, updatePost } from './posts.ts';
import { listRevisions, readRevision, toRevisionSummary } from '../document-revisions.ts';
import { BLOG_POST_DOCUMENT, postRevisionFields, recordPostRevision } from './revision-store.ts';
import { categoryName } from './taxonomy.ts';

/** The post whose history the caller may read: staff who publish, or its author (anyone else: 404, as for the post). */
export async function readablePost({ db }: BlogDeps, id: string, actor: Actor) {
  if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row || !(actorCan(actor, 'posts.publish') || isOwnPost(actor, row))) throw notFound(POST_NOT_FOUND);
  return row;
}

/** Newest first: at most the published ones and the last 50 others once pruned (jobs/prune-revisions.ts). */
export async function listPostRevisions(deps: BlogDeps, actor: Actor, postId: string): Promise<{ items: RevisionSummary[] }> {
  await readablePost(deps, postId, actor);
  return listRevisions(deps.db, BLOG_POST_DOCUMENT, postId);
}

/** One revision of this post; a revision of another document is a 404 (never read through the wrong post). */
export async function getPostRevision(deps: BlogDeps, actor: Actor, postId: string, revisionId: number): Promise<BlogPostRevision> {
  await readablePost(deps, postId, actor);
  return readRevision(deps.db, BLOG_POST_DOCUMENT, postId, revisionId, BlogPostRevisionFieldsSchema);
}

/** Stores the editor's unsaved fields over the post's as an autosave revision. The post itself is not written. */
export async function autosavePost(deps: BlogDeps, { actor, input: { id, changes } }: Pick<RequestContext, 'actor'> & { input: { id: string; changes: AutosaveBlogPostInput } }): Promise<RevisionSummary> {
  const current = await readablePost(deps, id, actor);
  assertMayChangePost(actor, current, false);
  const fields = postRevisionFields(current);
  const { version, category, ...text } = changes;
  const row = await deps.db.transaction(async (tx) => {
    const typed = {
      title: text.title,
      content: text.content,
      excerpt: text.excerpt,
      featuredImageUrl: text.featured_image_url,
      featuredImageAlt: text.featured_image_alt,
      metaTitle: text.meta_title,
      metaDescription: text.meta_description,
      metaKeywords: text.meta_keywords,
      authorName: text.author_name,
      tags: text.tags,
      category: category === undefined ? undefined : await categoryName(tx, category),
    };
    for (const [key, value] of Object.entries(typed)) if (value !== undefined) Object.assign(fields, { [key]: value });
    return recordPostRevision(tx, { actor, postId: id, kind: 'autosave', version: version ?? current.version, published: false, fields, at: deps.now() });
  });
  return toRevisionSummary(row);
}

/**
 * Restores a revision's fields as a new save (a `restore` revision; the publish state, slug and links stay as they
 * are). It names the version the restorer read, like any save.
 */
export async function restorePostRevision(
  deps: BlogDeps,
  { actor, meta, input: { id, revisionId, version } }: RequestContext & { input: { id: string; revisionId: number; version: number | undefined } },
): Promise<AdminBlogPostDetail> {
  const revision = await getPostRevision(deps, actor, id, revisionId);
  const { fields } = revision;
  return updatePost(deps, {
    actor,
    meta,
    input: {
      id,
      restoredFrom: revision.id,
      changes: {
        version,
        title: fields.title,
        content: fields.content,
        excerpt: fields.excerpt,
        featured_image_url: fields.featuredImageUrl,
        featured_image_alt: fields.featuredImageAlt,
        meta_title: fields.metaTitle,
        meta_description: fields.metaDescription,
        meta_keywords: fields.metaKeywords,
        author_name: fields.authorName,
        category: fields.category,
        tags: fields.tags,
      },
    },
  });
}
