/**
 * Blog posts (issue 11): the admin list and detail, and the save — a post with its ad links and related posts is
 * written in ONE transaction and announced once (issue 28 §3): a refused link leaves the post as it was, and the
 * page cache drops its pages once per save. Time-dependent rules (scheduled posts) read the injectable clock.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminBlogPost,
  type AdminBlogPostDetail,
  type BlogPostListQuerySchema,
  blogPostStatus,
  BLOG_TEXTS,
  type CreateBlogPostInput,
  estimateReadTime,
  type PublicBlogPostSummary,
  type UpdateBlogPostInput,
} from '../../../shared/schemas/blog.ts';
import { blogCategories, blogPostAds, blogPosts, blogRelatedPosts, users } from '../../db/schema.ts';
import { principalsFor, ROLES, type Role } from '../../../shared/permissions.ts';
import { postReturnedEmail, postSubmittedEmail } from '../mail/review-emails.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { slugOf, slugsOf } from '../../lib/slugs.ts';
import { escapeLike, type Executor } from '../../lib/sql.ts';
import { actorCan, actorUserId, type Actor, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { replacePostAds, toAdLink } from './ads.ts';
import type { BlogDeps } from './deps.ts';
import { isLive, isScheduled } from './live.ts';
import { toSummary } from './public-service.ts';
import { assertPostVersion, postRevisionFields, recordPostRevision } from './revision-store.ts';
import { categoryName, syncTags } from './taxonomy.ts';
import { postVisibilityEvent } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';

type PostRow = typeof blogPosts.$inferSelect;
type ListQuery = z.output<typeof BlogPostListQuerySchema>;

/** The columns of a post no longer waiting for review (decision 0058). */
const notSubmitted = { submittedForReviewAt: null, submittedBy: null } as const;

export const POST_NOT_FOUND = 'Blog post not found';
export const UNKNOWN_RELATED_POST = 'Unknown post in the related posts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const statusCondition = (status: NonNullable<ListQuery['status']>, now: Date): SQL => {
  // Served by the partial index blog_posts_submitted_idx (decision 0058).
  if (status === 'submitted') return and(isNotNull(blogPosts.submittedForReviewAt), eq(blogPosts.isPublished, false))!;
  if (status === 'draft') return eq(blogPosts.isPublished, false);
  return status === 'scheduled' ? isScheduled(now) : isLive(now);
};

export function toAdminPost(row: PostRow, now: Date): AdminBlogPost {
  const publishedAt = row.publishedAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    authorName: row.authorName,
    authorBio: row.authorBio,
    authorAvatarUrl: row.authorAvatarUrl,
    category: row.category,
    tags: row.tags,
    featuredImageUrl: row.featuredImageUrl,
    featuredImageAlt: row.featuredImageAlt,
    isPublished: row.isPublished,
    isFeatured: row.isFeatured,
    status: blogPostStatus({ isPublished: row.isPublished, publishedAt }, now.getTime()),
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    readTimeMinutes: row.readTimeMinutes,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    publishedAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    submittedForReviewAt: row.submittedForReviewAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** Post columns from the snake_case input (only the keys that were sent; the links are not columns). */
function postColumns(input: UpdateBlogPostInput): Partial<typeof blogPosts.$inferInsert> {
  const columns: Partial<typeof blogPosts.$inferInsert> = {};
  const set = <K extends keyof typeof blogPosts.$inferInsert>(key: K, value: (typeof blogPosts.$inferInsert)[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('title', input.title);
  set('excerpt', input.excerpt);
  set('content', input.content);
  set('featuredImageUrl', input.featured_image_url);
  set('featuredImageAlt', input.featured_image_alt);
  set('metaTitle', input.meta_title);
  set('metaDescription', input.meta_description);
  set('metaKeywords', input.meta_keywords);
  set('authorName', input.author_name);
  set('authorBio', input.author_bio);
  set('authorAvatarUrl', input.author_avatar_url);
  set('tags', input.tags);
  set('readTimeMinutes', input.read_time_minutes);
  set('isPublished', input.is_published);
  set('isFeatured', input.is_featured);
  set('publishedAt', input.published_at);
  return columns;
}

/** Editors see the review queue first (decision 0058): submitted drafts, longest waiting first, then the rest as before. */
const submittedFirst = [sql`${blogPosts.submittedForReviewAt} is null`, asc(blogPosts.submittedForReviewAt)];

export async function listPosts(deps: BlogDeps, query: ListQuery, admin: true, authorId?: number): Promise<{ items: AdminBlogPost[]; total: number }>;
export async function listPosts(deps: BlogDeps, query: ListQuery, admin: false): Promise<{ items: PublicBlogPostSummary[]; total: number }>;
export async function listPosts({ db, now: clock }: BlogDeps, query: ListQuery, admin: boolean, authorId?: number) {
  const now = clock();
  const conditions: Array<SQL | undefined> = [];
  if (authorId !== undefined) conditions.push(eq(blogPosts.createdBy, authorId));
  if (!admin) conditions.push(isLive(now));
  else if (query.status) conditions.push(statusCondition(query.status, now));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.slug, pattern)));
  }
  if (query.category) {
    const [category] = await db
      .select({ name: blogCategories.name })
      .from(blogCategories)
      .where(or(eq(blogCategories.slug, query.category.toLowerCase()), sql`lower(${blogCategories.name}) = lower(${query.category})`));
    conditions.push(eq(blogPosts.category, category?.name ?? query.category));
  }
  if (query.tag) conditions.push(sql`${blogPosts.tags} @> ARRAY[${query.tag}]::text[]`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...(admin && authorId === undefined ? submittedFirst : []), desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.createdAt))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { items: rows.map((row) => (admin ? toAdminPost(row, now) : toSummary(row))), total: total?.total ?? 0 };
}

const byIdOrSlug = (idOrSlug: string) => (isUuid(idOrSlug) ? or(eq(blogPosts.id, idOrSlug), eq(blogPosts.slug, idOrSlug)) : eq(blogPosts.slug, idOrSlug));

/** The post with its related-post ids and ad links, read with `db` (inside a save: its transaction). */
/** A post's related-post ids and ad links, in their saved order. */
async function postLinks(db: Executor, postId: string): Promise<Pick<AdminBlogPostDetail, 'relatedPostIds' | 'adLinks'>> {
  // One after the other: a transaction runs one query at a time.
  const related = await db.select().from(blogRelatedPosts).where(eq(blogRelatedPosts.postId, postId)).orderBy(asc(blogRelatedPosts.id));
  const links = await db.select().from(blogPostAds).where(eq(blogPostAds.postId, postId)).orderBy(asc(blogPostAds.id));
  return { relatedPostIds: related.map((link) => link.relatedPostId), adLinks: links.map(toAdLink) };
}

export async function postDetail(db: Executor, row: PostRow, now: Date): Promise<AdminBlogPostDetail> {
  return { ...toAdminPost(row, now), ...(await postLinks(db, row.id)) };
}

/**
 * What the audit log compares of a post (issue 26 §3: the detail drawer's before/after): its columns and its links
 * (related posts; ads by id and position, not the link rows a save replaces), so a publish, a schedule or a change
 * of links shows as the fields it changed.
 */
const auditViewOf = (row: PostRow, links: Pick<AdminBlogPostDetail, 'relatedPostIds' | 'adLinks'>) => ({
  ...row,
  // The version moves on every save (decision 0064): the entry's revision id says which save it was.
  version: undefined,
  // Webhook bookkeeping (decision 0067), not a change anyone made.
  announcedAt: undefined,
  relatedPostIds: links.relatedPostIds,
  adLinks: links.adLinks.map(({ adId, position }) => ({ adId, position })),
});

/** A post by id or slug for staff: with its related-post ids and ad links (an author: their own posts only). */
export async function getAdminPost({ db, now }: BlogDeps, idOrSlug: string, actor: Actor): Promise<AdminBlogPostDetail> {
  const [row] = await db.select().from(blogPosts).where(byIdOrSlug(idOrSlug));
  if (!row || !(actorCan(actor, 'posts.publish') || isOwnPost(actor, row))) throw notFound(POST_NOT_FOUND);
  return postDetail(db, row, now());
}

/**
 * Decision 0050: whoever may not publish (an author) writes drafts of their own — never a published or scheduled
 * post, never another person's post. Checked before any change.
 */
export const AUTHOR_DRAFTS_ONLY = 'Authors save drafts: submit the post for review and an editor publishes it';
export const AUTHOR_OWN_POSTS_ONLY = 'Authors can change only their own drafts';

export const isOwnPost = (actor: Actor, row: Pick<PostRow, 'createdBy'>) => row.createdBy !== null && row.createdBy === actorUserId(actor);

export function assertMayChangePost(actor: Actor, current: Pick<PostRow, 'createdBy' | 'isPublished'> | null, publishes: boolean): void {
  if (actorCan(actor, 'posts.publish')) return;
  if (current && (!isOwnPost(actor, current) || current.isPublished)) throw forbidden(AUTHOR_OWN_POSTS_ONLY);
  if (publishes) throw forbidden(AUTHOR_DRAFTS_ONLY);
}

/** The row of a live post by id or slug, or 404 (drafts and scheduled posts do not exist for the public). */
export async function getLivePostRow({ db, now }: BlogDeps, idOrSlug: string): Promise<PostRow> {
  const [row] = await db.select().from(blogPosts).where(and(byIdOrSlug(idOrSlug), isLive(now())));
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}

const slugs = slugsOf({ table: blogPosts, id: blogPosts.id, slug: blogPosts.slug, uniqueIndex: 'blog_posts_slug_unique', takenText: BLOG_TEXTS.slugTaken });
/** A post's slug from its title; a title without a single letter or digit (emoji only) still gets one. */
const postSlugOf = (title: string) => slugOf(title, 'post');

/** Live at `now` when published: no date, or a date that has come (live.ts says the same in SQL). */
const isLiveAt = (publishedAt: Date | null | undefined, now: Date) => !publishedAt || publishedAt.getTime() <= now.getTime();

/** Spec §4: saved as published without a date → now. */
function publishedAtOf(now: Date, isPublished: boolean, publishedAt: Date | null | undefined, current: Date | null): Date | null {
  if (publishedAt !== undefined && publishedAt !== null) return publishedAt;
  if (publishedAt === null) return isPublished ? now : null;
  return current ?? (isPublished ? now : null);
}

/** Replaces the chosen related posts inside the caller's transaction (in order, the post itself left out). */
async function replaceRelatedPosts(tx: Executor, postId: string, relatedPostIds: readonly string[]): Promise<void> {
  const ids = [...new Set(relatedPostIds)].filter((other) => other !== postId);
  if (ids.length > 0) {
    const found = await tx.select({ id: blogPosts.id }).from(blogPosts).where(inArray(blogPosts.id, ids));
    if (found.length !== ids.length) throw badRequest(UNKNOWN_RELATED_POST, [{ field: 'related_post_ids', message: UNKNOWN_RELATED_POST }]);
  }
  await tx.delete(blogRelatedPosts).where(eq(blogRelatedPosts.postId, postId));
  if (ids.length > 0) await tx.insert(blogRelatedPosts).values(ids.map((relatedPostId) => ({ postId, relatedPostId })));
}

/** The links sent with a save, written in its transaction; a field not sent leaves those links as they are. */
async function saveLinks(tx: Executor, postId: string, input: Pick<UpdateBlogPostInput, 'ad_links' | 'related_post_ids'>): Promise<void> {
  if (input.ad_links) await replacePostAds(tx, postId, input.ad_links);
  if (input.related_post_ids) await replaceRelatedPosts(tx, postId, input.related_post_ids);
}

export async function createPost({ db, events, now }: BlogDeps, { actor, meta, input }: RequestContext & { input: CreateBlogPostInput }): Promise<AdminBlogPostDetail> {
  assertMayChangePost(actor, null, input.is_published || input.published_at != null);
  let slug = input.slug ?? '';
  const post = await slugs.guard(() => slug, () => db.transaction(async (tx) => {
    const at = now();
    const category = await categoryName(tx, input.category);
    if (input.slug) await slugs.assertFree(tx, input.slug);
    else slug = await slugs.unique(tx, postSlugOf(input.title));
    const publishedAt = publishedAtOf(at, input.is_published, input.published_at, null);
    // Live at once: announced now; scheduled: the sweep announces it when its time comes (announce.ts).
    const announce = input.is_published && isLiveAt(publishedAt, at);
    const [row] = await tx
      .insert(blogPosts)
      .values({
        ...postColumns(input),
        title: input.title,
        content: input.content,
        slug,
        category,
        readTimeMinutes: input.read_time_minutes ?? estimateReadTime(input.content),
        publishedAt,
        announcedAt: announce ? at : null,
        createdBy: actorUserId(actor),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await syncTags(tx, input.tags);
    await saveLinks(tx, row!.id, input);
    const detail = await postDetail(tx, row!, at);
    const revision = await recordPostRevision(tx, { actor, postId: row!.id, kind: row!.isPublished ? 'publish' : 'save', version: row!.version, published: row!.isPublished, fields: postRevisionFields(row!), at });
    await writeAudit(tx, { actor, meta }, { action: 'blog_post.create', entityId: row!.id, details: { slug, revisionId: revision.id }, change: { before: null, after: auditViewOf(row!, detail) } });
    // Issue 41: committed with the post (decisions 0063, 0067).
    if (announce) await recordWebhookEvent(tx, 'post.published', detail);
    return detail;
  }));
  events.emit('blog');
  return post;
}

/**
 * A save. It names the version it read (decision 0064): a stale or missing one is a 409 naming who saved since, checked
 * under the row lock so two saves never both pass. Every save stores a revision and bumps the version; `restoredFrom`
 * marks a restore (revisions.ts), which is a save like any other.
 */
export async function updatePost(
  { db, events, now }: BlogDeps,
  { actor, meta, input: { id, changes, restoredFrom } }: RequestContext & { input: { id: string; changes: UpdateBlogPostInput; restoredFrom?: number } },
): Promise<AdminBlogPostDetail> {
  if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
  let slug = changes.slug ?? '';
  const post = await slugs.guard(() => slug, () => db.transaction(async (tx) => {
    const at = now();
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) throw notFound(POST_NOT_FOUND);
    assertMayChangePost(actor, current, changes.is_published === true || (changes.published_at != null));
    await assertPostVersion(tx, current, changes.version);
    const linksBefore = await postLinks(tx, id);
    const columns = postColumns(changes);
    if (changes.category !== undefined) columns.category = await categoryName(tx, changes.category);
    if (changes.slug) {
      if (changes.slug !== current.slug) await slugs.assertFree(tx, changes.slug, id);
      columns.slug = changes.slug;
    } else if (changes.slug === null) {
      slug = columns.slug = await slugs.unique(tx, postSlugOf(changes.title ?? current.title), id);
    }
    const isPublished = changes.is_published ?? current.isPublished;
    if (changes.is_published !== undefined || changes.published_at !== undefined) {
      columns.publishedAt = publishedAtOf(at, isPublished, changes.published_at, current.publishedAt);
    }
    // Publishing or scheduling ends the review (decision 0058); an author's edit of a submitted draft keeps it submitted.
    if (isPublished) Object.assign(columns, notSubmitted);
    // Decision 0067: one post.published per publication, when it is live — now, or by the sweep when scheduled; an
    // edit of a post already announced sends nothing; taking back an announced post sends post.unpublished.
    const announce = isPublished && current.announcedAt === null && isLiveAt(columns.publishedAt === undefined ? current.publishedAt : columns.publishedAt, at);
    const withdraw = !isPublished && current.announcedAt !== null;
    if (announce) columns.announcedAt = at;
    else if (!isPublished) columns.announcedAt = null;
    const [row] = await tx
      .update(blogPosts)
      // updatedAt always moves forward: it versions the rendered HTML cache (public-service.ts).
      .set({ ...columns, version: current.version + 1, updatedAt: new Date(Math.max(at.getTime(), current.updatedAt.getTime() + 1)) })
      .where(eq(blogPosts.id, id))
      .returning();
    if (changes.tags) await syncTags(tx, changes.tags);
    await saveLinks(tx, id, changes);
    const detail = await postDetail(tx, row!, at);
    const kind = restoredFrom !== undefined ? 'restore' : row!.isPublished ? 'publish' : 'save';
    const revision = await recordPostRevision(tx, { actor, postId: id, kind, version: row!.version, published: row!.isPublished, fields: postRevisionFields(row!), restoredFrom, at });
    await writeAudit(tx, { actor, meta }, {
      action: restoredFrom !== undefined ? 'blog_post.restore' : 'blog_post.update',
      entityId: id,
      details: { fields: Object.keys(changes).filter((field) => field !== 'version'), revisionId: revision.id, ...(restoredFrom !== undefined ? { restoredFrom } : {}) },
      change: { before: auditViewOf(current, linksBefore), after: auditViewOf(row!, detail) },
    });
    if (announce || withdraw) await recordWebhookEvent(tx, postVisibilityEvent(announce), detail);
    return detail;
  }));
  events.emit('blog');
  return post;
}

export async function removePost({ db, events }: BlogDeps, { actor, meta, input: { id } }: RequestContext & { input: { id: string } }): Promise<void> {
  if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) throw notFound(POST_NOT_FOUND);
    assertMayChangePost(actor, current, false);
    const links = await postLinks(tx, id);
    const [deleted] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!deleted) throw notFound(POST_NOT_FOUND);
    await writeAudit(tx, { actor, meta }, { action: 'blog_post.delete', entityId: id, details: { slug: deleted.slug }, change: { before: auditViewOf(deleted, links), after: null } });
  });
  events.emit('blog');
}

// --- review (decision 0058) ---------------------------------------------------------------------------------------

export const REVIEW_TEXTS = {
  submitOwnOnly: 'Only the author of a post can submit it for review',
  submitDraftOnly: 'Only a draft can be submitted for review: this post is published or scheduled',
  withdrawOnly: "Only the post's author or an editor can withdraw it from review",
} as const;

/**
 * Submit (`submit: true`) a draft for review, or withdraw it (an editor's "Return to author"). Idempotent: a post
 * already in the asked state answers as it is, with no audit entry. The author submits their own draft; the author or
 * whoever may publish withdraws it. Checked under the row lock, so a publish and a submit never interleave.
 */
export async function setPostReview(
  deps: BlogDeps,
  { actor, meta, input: { id, submit } }: RequestContext & { input: { id: string; submit: boolean } },
): Promise<AdminBlogPostDetail> {
  const { db, now } = deps;
  if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
  let mail: ReviewMail | null = null;
  const post = await db.transaction(async (tx) => {
    const at = now();
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) throw notFound(POST_NOT_FOUND);
    const mayPublish = actorCan(actor, 'posts.publish');
    // An author never learns of another person's post beyond the 403 a change of it answers (as a save does).
    if (submit && !isOwnPost(actor, current)) throw forbidden(mayPublish ? REVIEW_TEXTS.submitOwnOnly : AUTHOR_OWN_POSTS_ONLY);
    if (!submit && !isOwnPost(actor, current) && !mayPublish) throw forbidden(AUTHOR_OWN_POSTS_ONLY);
    if (submit && current.isPublished) throw conflict(REVIEW_TEXTS.submitDraftOnly);
    if ((current.submittedForReviewAt !== null) === submit) return postDetail(tx, current, at);
    const [row] = await tx
      .update(blogPosts)
      .set(submit ? { submittedForReviewAt: at, submittedBy: actorUserId(actor) } : notSubmitted)
      .where(eq(blogPosts.id, id))
      .returning();
    await writeAudit(tx, { actor, meta }, {
      action: submit ? 'blog_post.submit' : 'blog_post.withdraw',
      entityId: id,
      details: { slug: row!.slug, ...(submit || isOwnPost(actor, current) ? {} : { returnedToAuthor: true }) },
      change: { before: { submittedForReviewAt: current.submittedForReviewAt, submittedBy: current.submittedBy }, after: { submittedForReviewAt: row!.submittedForReviewAt, submittedBy: row!.submittedBy } },
    });
    if (submit) mail = { kind: 'submitted', title: row!.title, by: actorUserId(actor) };
    else if (!isOwnPost(actor, current)) mail = { kind: 'returned', title: row!.title, by: actorUserId(actor), authorId: current.createdBy };
    return postDetail(tx, row!, at);
  });
  // Drafts are not public: no page reads a submitted flag, so nothing is announced. People are told, after the commit.
  if (mail) await sendReviewMail(deps, mail);
  return post;
}

type ReviewMail = { kind: 'submitted'; title: string; by: number | null } | { kind: 'returned'; title: string; by: number | null; authorId: number | null };

/** The roles that may publish a post: those a submitted draft waits for. */
const PUBLISHING_ROLES = ROLES.filter((role) => (principalsFor('posts.publish') as readonly string[]).includes(role)) as Role[];

/**
 * A submitted draft is mailed to every confirmed, approved account that may publish it (not the one who submitted);
 * a draft an editor returned is mailed to its author. Queued on the mail job, so the answer waits on no SMTP.
 */
async function sendReviewMail({ db, mail: services }: BlogDeps, mail: ReviewMail): Promise<void> {
  const emailOf = async (id: number | null) =>
    id === null ? null : ((await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? null);
  const by = (await emailOf(mail.by)) ?? 'An administrator';
  if (mail.kind === 'returned') {
    const author = await emailOf(mail.authorId);
    if (author) await services.mailer.enqueue(await postReturnedEmail(author, services.mailBrand, { title: mail.title, by }));
    return;
  }
  const reviewers = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, PUBLISHING_ROLES), eq(users.isApproved, true), isNotNull(users.emailConfirmedAt), mail.by === null ? undefined : sql`${users.id} <> ${mail.by}`));
  for (const reviewer of reviewers) {
    await services.mailer.enqueue(await postSubmittedEmail(reviewer.email, services.mailBrand, { title: mail.title, author: by }));
  }
}
