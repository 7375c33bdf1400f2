/**
 * Revisions and safe concurrent editing (issue 39 §1–§2, decision 0064), through HTTP: every save stores a revision
 * and restore brings an old one back as a new save; autosave never touches the live post; pruning keeps published
 * revisions; a stale or missing version is a 409 naming who saved; a revision of another post is a 404.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestStaffs, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AdminBlogPostDetail, PublicBlogPost } from '../../../shared/schemas/blog.ts';
import type { BlogPostRevision, RevisionList, RevisionSummary } from '../../../shared/schemas/revisions.ts';
import { wordDiff } from '../../../shared/word-diff.ts';
import { auditLog, blogCategories, blogPosts, revisions } from '../../db/schema.ts';
import { pruneRevisions } from '../../jobs/prune-revisions.ts';

const usernameOf = (user: TestUser) => user.email.split('@')[0]!;

describe(`revisions on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let editor: TestUser;
  let otherEditor: TestUser;
  let author: TestUser;
  let otherAuthor: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [editor, otherEditor, author, otherAuthor] = await createTestStaffs(testApp.app, 'editor', 'editor', 'author', 'author');
    await testApp.app.services.database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' });
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    await testApp.app.services.database.db.delete(blogPosts);
    await testApp.app.services.database.db.delete(revisions);
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
    testApp.app.inject({ method, url, headers, payload: payload as object });
  const create = async (by: TestUser, fields: Record<string, unknown> = {}) => {
    const response = await inject('POST', '/api/blog-posts', by.headers, { title: 'First title', content: 'The quick brown fox', category: 'Security', ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminBlogPostDetail>();
  };
  const save = async (by: TestUser, id: string, changes: Record<string, unknown>) => {
    const response = await inject('PATCH', `/api/blog-posts/${id}`, by.headers, changes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminBlogPostDetail>();
  };
  const history = async (by: TestUser, id: string) => {
    const response = await inject('GET', `/api/blog-posts/${id}/revisions`, by.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RevisionList>().items;
  };

  it('stores a revision per save; restoring the first is a new save whose diff shows the words; the audit links the revision', async () => {
    const post = await create(editor);
    expect(post.version).toBe(1);
    const second = await save(editor, post.id, { content: 'The slow brown fox', version: 1 });
    const third = await save(otherEditor, post.id, { content: 'The slow red fox jumps', version: second.version });
    expect(third.version).toBe(3);

    const items = await history(editor, post.id);
    expect(items.map((item) => [item.kind, item.version, item.createdByName])).toEqual([
      ['save', 3, usernameOf(otherEditor)],
      ['save', 2, usernameOf(editor)],
      ['save', 1, usernameOf(editor)],
    ]);
    const first = (await inject('GET', `/api/blog-posts/${post.id}/revisions/${items[2]!.id}`, editor.headers)).json<BlogPostRevision>();
    expect(first.fields).toMatchObject({ title: 'First title', content: 'The quick brown fox' });

    // The history panel's diff (current → the first revision) names the words that changed, and only those.
    const parts = wordDiff(third.content, first.fields.content);
    const words = (kind: 'added' | 'removed') => parts.filter((part) => part[kind]).flatMap((part) => part.value.split(/\s+/).filter(Boolean));
    expect(words('removed')).toEqual(['slow', 'red', 'jumps']);
    expect(words('added')).toEqual(['quick', 'brown']);
    expect(parts.filter((part) => !part.added && !part.removed).map((part) => part.value).join('')).toContain('fox');

    const restore = await inject('POST', `/api/blog-posts/${post.id}/revisions/${first.id}/restore`, editor.headers, { version: 3 });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json<AdminBlogPostDetail>()).toMatchObject({ content: 'The quick brown fox', version: 4 });
    const after = await history(editor, post.id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ kind: 'restore', version: 4, restoredFrom: first.id });
    // Nothing lost: the overwritten third version is still there.
    const kept = (await inject('GET', `/api/blog-posts/${post.id}/revisions/${after[1]!.id}`, editor.headers)).json<BlogPostRevision>();
    expect(kept.fields.content).toBe('The slow red fox jumps');

    const entries = await testApp.app.services.database.db.select().from(auditLog).where(eq(auditLog.entityId, post.id));
    const restored = entries.find((entry) => entry.action === 'blog_post.restore');
    expect(restored?.details).toMatchObject({ revisionId: after[0]!.id, restoredFrom: first.id });
    const updates = entries.filter((entry) => entry.action === 'blog_post.update').map((entry) => (entry.details as { revisionId: number }).revisionId);
    expect(updates.sort()).toEqual([after[2]!.id, after[1]!.id].sort());
  });

  it('a stale or missing version is a 409 naming who saved and when, and nothing is written', async () => {
    const post = await create(editor);
    const etag = await inject('GET', `/api/blog-posts/${post.id}`, otherEditor.headers);
    expect(etag.headers.etag).toBe('"1"');
    await save(editor, post.id, { title: 'Editor one', version: 1 });

    const stale = await inject('PATCH', `/api/blog-posts/${post.id}`, otherEditor.headers, { title: 'Editor two', version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<{ error: string; details: Array<{ field: string; message: string }>; conflict: { savedBy: string; savedAt: string; version: number } }>();
    expect(body.error).toContain(usernameOf(editor));
    expect(body.details[0]).toMatchObject({ field: 'version' });
    expect(body.conflict).toMatchObject({ savedBy: usernameOf(editor), version: 2 });
    expect(Number.isNaN(Date.parse(body.conflict.savedAt))).toBe(false);

    const missing = await inject('PATCH', `/api/blog-posts/${post.id}`, otherEditor.headers, { title: 'Editor two' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ conflict: { savedBy: usernameOf(editor), version: 2 } });

    const now = (await inject('GET', `/api/blog-posts/${post.id}`, editor.headers)).json<AdminBlogPostDetail>();
    expect(now).toMatchObject({ title: 'Editor one', version: 2 });
    expect(await history(editor, post.id)).toHaveLength(2);
    // "Overwrite": saving again with the version the 409 named goes through.
    expect((await save(otherEditor, post.id, { title: 'Editor two', version: body.conflict.version })).version).toBe(3);
  });

  it('autosave stores a draft revision and never changes the live post', async () => {
    const post = await create(editor, { is_published: true, content: 'Live words' });
    const autosave = await inject('POST', `/api/blog-posts/${post.id}/autosave`, editor.headers, { content: 'Unsaved words', version: 1 });
    expect(autosave.statusCode, autosave.body).toBe(201);
    expect(autosave.json<RevisionSummary>()).toMatchObject({ kind: 'autosave', version: 1, published: false });

    const admin = (await inject('GET', `/api/blog-posts/${post.id}`, editor.headers)).json<AdminBlogPostDetail>();
    expect(admin).toMatchObject({ content: 'Live words', version: 1 });
    const visitor = (await inject('GET', `/api/blog-posts/${post.slug}`, {})).json<PublicBlogPost>();
    expect(visitor.contentHtml).toContain('Live words');
    const [latest] = await history(editor, post.id);
    const read = (await inject('GET', `/api/blog-posts/${post.id}/revisions/${latest!.id}`, editor.headers)).json<BlogPostRevision>();
    expect(read.fields).toMatchObject({ content: 'Unsaved words', title: 'First title' });
    // The autosave is not a save: the next save still names version 1.
    expect((await save(editor, post.id, { content: 'Saved words', version: 1 })).version).toBe(2);
  });

  it('pruning keeps every published revision and the newest others', async () => {
    const post = await create(editor, { is_published: true });
    const draft = await create(editor, { title: 'Draft' });
    for (let i = 0; i < 6; i += 1) {
      await inject('POST', `/api/blog-posts/${post.id}/autosave`, editor.headers, { content: `Autosave ${i}`, version: 1 });
      await inject('POST', `/api/blog-posts/${draft.id}/autosave`, editor.headers, { content: `Draft autosave ${i}`, version: 1 });
    }
    const deleted = await pruneRevisions(testApp.app.services.database.db, 2);
    expect(deleted).toBe(4 + 5);
    const published = await history(editor, post.id);
    expect(published.map((item) => item.kind)).toEqual(['autosave', 'autosave', 'publish']);
    const drafts = await history(editor, draft.id);
    expect(drafts.map((item) => item.kind)).toEqual(['autosave', 'autosave']);
    expect(await pruneRevisions(testApp.app.services.database.db, 2)).toBe(0);
  });

  it('a revision of another post is a 404; an author sees and restores only their own drafts', async () => {
    const mine = await create(author);
    const theirs = await create(otherAuthor);
    const [theirRevision] = await history(otherAuthor, theirs.id);
    expect((await inject('GET', `/api/blog-posts/${mine.id}/revisions/${theirRevision!.id}`, author.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/blog-posts/${mine.id}/revisions/${theirRevision!.id}/restore`, author.headers, { version: 1 })).statusCode).toBe(404);
    expect((await inject('GET', `/api/blog-posts/${theirs.id}/revisions`, author.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/blog-posts/${theirs.id}/autosave`, author.headers, { content: 'x' })).statusCode).toBe(404);
    expect((await inject('GET', `/api/blog-posts/${mine.id}/revisions/999999999`, author.headers)).statusCode).toBe(404);
    const [myRevision] = await history(author, mine.id);
    await save(author, mine.id, { content: 'Changed', version: 1 });
    const restore = await inject('POST', `/api/blog-posts/${mine.id}/revisions/${myRevision!.id}/restore`, author.headers, { version: 2 });
    expect(restore.statusCode, restore.body).toBe(200);
    // Editors read anyone's history.
    expect(await history(editor, mine.id)).toHaveLength(3);
  });

  it('never answers a 5xx whatever the autosave text or the ids', async () => {
    const post = await create(editor);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), async (content, revisionId) => {
        const autosave = await inject('POST', `/api/blog-posts/${post.id}/autosave`, editor.headers, { content });
        expect(autosave.statusCode).toBeLessThan(500);
        const read = await inject('GET', `/api/blog-posts/${post.id}/revisions/${encodeURIComponent(revisionId)}`, editor.headers);
        expect([200, 400, 404]).toContain(read.statusCode);
      }),
      { numRuns: 25 },
    );
  });
});
