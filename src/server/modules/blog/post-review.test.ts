/**
 * Submit for review (issue 36 §3, decision 0058), through HTTP: an author submits their own draft and withdraws it;
 * editors see submitted drafts first and publishing ends the review; nobody submits another person's post or a
 * published one; whatever the id or body, never a 5xx.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaffs, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AdminBlogPostDetail, AdminBlogPostList } from '../../../shared/schemas/blog.ts';
import { auditLog, blogCategories, blogPosts } from '../../db/schema.ts';
import { AUTHOR_OWN_POSTS_ONLY, REVIEW_TEXTS } from './posts.ts';

describe(`post review on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let author: TestUser;
  let otherAuthor: TestUser;
  let editor: TestUser;
  let clock: number;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [author, otherAuthor, editor] = await createTestStaffs(testApp.app, 'author', 'author', 'editor');
    await testApp.app.services.database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' });
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    clock = Date.parse('2026-06-01T12:00:00Z');
    testApp.app.services.now = () => new Date(clock);
    await testApp.app.services.database.db.delete(blogPosts);
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
    testApp.app.inject({ method, url, headers, payload: payload as object });
  const draft = async (by: TestUser, title: string) => {
    const response = await inject('POST', '/api/blog-posts', by.headers, { title, content: 'Words', category: 'Security' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminBlogPostDetail>();
  };
  const review = (verb: 'submit' | 'withdraw', id: string, by: TestUser) => inject('POST', `/api/blog-posts/${id}/${verb}`, by.headers, {});
  const list = async (by: TestUser, query = '') => {
    const response = await inject('GET', `/api/blog-posts${query}`, by.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminBlogPostList>().items;
  };
  const auditActions = async (id: string) =>
    (await testApp.app.services.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((entry) => entry.action);

  it('an author submits their own draft (200, audited) and withdraws it; editing keeps it submitted', async () => {
    const post = await draft(author, 'Mine');
    expect(post.submittedForReviewAt).toBeNull();
    const submitted = await review('submit', post.id, author);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ id: post.id, status: 'draft', submittedForReviewAt: new Date(clock).toISOString() });

    clock += 60_000;
    // A second submit answers the post as it is: the queue keeps its place.
    expect((await review('submit', post.id, author)).json()).toMatchObject({ submittedForReviewAt: new Date(clock - 60_000).toISOString() });
    const edited = await inject('PATCH', `/api/blog-posts/${post.id}`, author.headers, { excerpt: 'Better', version: post.version });
    expect(edited.json()).toMatchObject({ excerpt: 'Better', submittedForReviewAt: new Date(clock - 60_000).toISOString() });
    expect((await list(author))[0]).toMatchObject({ id: post.id, submittedForReviewAt: expect.any(String) });

    const withdrawn = await review('withdraw', post.id, author);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'draft', submittedForReviewAt: null });
    expect(await auditActions(post.id)).toEqual(expect.arrayContaining(['blog_post.submit', 'blog_post.withdraw']));
  });

  it("an author may not submit or withdraw another person's post (403), nor submit a published one (409)", async () => {
    const theirs = await draft(otherAuthor, 'Theirs');
    for (const verb of ['submit', 'withdraw'] as const) {
      const refused = await review(verb, theirs.id, author);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ error: AUTHOR_OWN_POSTS_ONLY });
    }
    // An editor's own drafts are theirs to submit; another person's draft is its author's to submit.
    expect((await review('submit', theirs.id, editor)).json()).toEqual({ error: REVIEW_TEXTS.submitOwnOnly });

    const mine = await draft(author, 'Mine');
    await testApp.app.services.database.db.update(blogPosts).set({ isPublished: true, publishedAt: new Date(clock) }).where(eq(blogPosts.id, mine.id));
    const published = await review('submit', mine.id, author);
    expect(published.statusCode, published.body).toBe(409);
    expect(published.json()).toEqual({ error: REVIEW_TEXTS.submitDraftOnly });
    const [row] = await testApp.app.services.database.db.select().from(blogPosts).where(eq(blogPosts.id, theirs.id));
    expect(row!.submittedForReviewAt).toBeNull();
  });

  it('editors list submitted drafts first (and alone with status=submitted); publishing or returning ends the review', async () => {
    const older = await draft(author, 'Older draft, not submitted');
    clock += 1_000;
    const waiting = await draft(author, 'Waiting');
    clock += 1_000;
    const newest = await draft(otherAuthor, 'Newest, not submitted');
    clock += 1_000;
    const returned = await draft(otherAuthor, 'Returned');
    expect((await review('submit', waiting.id, author)).statusCode).toBe(200);
    clock += 1_000;
    expect((await review('submit', returned.id, otherAuthor)).statusCode).toBe(200);

    expect((await list(editor)).map((post) => post.title)).toEqual(['Waiting', 'Returned', newest.title, older.title]);
    expect((await list(editor, '?status=submitted')).map((post) => post.title)).toEqual(['Waiting', 'Returned']);
    // An author's list is their own, newest first: the queue order is the editors'.
    expect((await list(author)).map((post) => post.title)).toEqual(['Waiting', older.title]);

    const returnedToAuthor = await review('withdraw', returned.id, editor);
    expect(returnedToAuthor.statusCode, returnedToAuthor.body).toBe(200);
    expect(returnedToAuthor.json()).toMatchObject({ submittedForReviewAt: null });

    const published = await inject('PATCH', `/api/blog-posts/${waiting.id}`, editor.headers, { is_published: true, version: waiting.version });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', submittedForReviewAt: null });
    expect(await list(editor, '?status=submitted')).toEqual([]);
    const [row] = await testApp.app.services.database.db.select().from(blogPosts).where(eq(blogPosts.id, waiting.id));
    expect(row).toMatchObject({ submittedForReviewAt: null, submittedBy: null });
  });

  it('the public may not filter by status=submitted (401)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/blog-posts?status=submitted' })).statusCode).toBe(401);
  });

  it('whatever the id or body: never a 5xx, always an { error } text', async () => {
    const post = await draft(author, 'Target');
    const id = fc.oneof(fc.constant(post.id), fc.uuid(), fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('%00', '..', 'a%2Fb', ' '.repeat(250)));
    const body = fc.oneof(fc.constant({}), fc.constant(undefined), fc.json(), fc.dictionary(fc.string(), fc.jsonValue()));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('submit', 'withdraw'), id, body, fc.constantFrom(author, otherAuthor, editor), async (verb, postId, payload, by) => {
        const response = await testApp.app.inject({
          method: 'POST',
          url: `/api/blog-posts/${encodeURIComponent(postId)}/${verb}`,
          headers: { ...by.headers, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload ?? {}),
        });
        expect(response.statusCode, `${verb} ${JSON.stringify(postId)} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json<{ error: unknown }>().error).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});
