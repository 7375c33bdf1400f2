import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { auditLog, blogAds, blogCategories, blogPosts, blogTags, leads } from '../../db/schema.ts';

const DAY = 86_400_000;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

type Json = Record<string, unknown>;

describe(`blog CMS API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let clock: number;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    clock = Date.parse('2026-06-01T12:00:00Z');
    testApp.app.services.now = () => new Date(clock);
    const { db } = testApp.app.services.database;
    await db.delete(blogPosts);
    await db.delete(blogAds);
    await db.delete(blogTags);
    await db.delete(blogCategories);
    await db.insert(blogCategories).values([
      { name: 'Security', slug: 'security', color: '#ef4444' },
      { name: 'Engineering', slug: 'engineering' },
    ]);
  });

  const inject = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = admin.headers) =>
    testApp.app.inject({ method, url, payload: method === 'PATCH' ? await withVersion(url, payload, headers) : payload, headers });
  // A save names the version it read, as the editor does (decision 0064; revisions.test.ts proves the 409s).
  const withVersion = async (url: string, payload: object | undefined, headers: Record<string, string>) => {
    const post = /^\/api\/blog-posts\/([0-9a-f-]{36})$/.exec(url);
    if (!post || !payload || 'version' in payload) return payload;
    const read = await testApp.app.inject({ method: 'GET', url, headers });
    return read.statusCode === 200 ? { ...payload, version: read.json<{ version: number }>().version } : payload;
  };
  const anon = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method, url, headers: { 'user-agent': BROWSER_UA, ...headers } });
  const createPost = async (body: Json = {}) => {
    const response = await inject('POST', '/api/blog-posts', { title: 'Hello world', content: 'Some **words**', category: 'Security', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Json & { id: string; slug: string }>();
  };
  const publicSlugs = async (query = '') => (await anon('GET', `/api/blog-posts${query}`)).json<{ items: Array<{ slug: string }> }>().items.map((post) => post.slug);

  describe('permissions (docs/architecture.md §6)', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    it.each([
      ['POST', '/api/blog-posts', { title: 'T', content: 'C', category: 'Security' }],
      ['PATCH', `/api/blog-posts/${id}`, { title: 'T' }],
      ['DELETE', `/api/blog-posts/${id}`, undefined],
      ['POST', '/api/blog-categories', { name: 'New' }],
      ['PATCH', '/api/blog-categories/1', { name: 'New' }],
      ['DELETE', '/api/blog-categories/1', undefined],
      ['POST', '/api/blog-tags', { name: 'x' }],
      ['PATCH', '/api/blog-tags/1', { name: 'x' }],
      ['DELETE', '/api/blog-tags/1', undefined],
      ['GET', '/api/blog-ads', undefined],
      ['POST', '/api/blog-ads', { name: 'A', content: 'B' }],
      ['PATCH', '/api/blog-ads/1', { name: 'A' }],
      ['DELETE', '/api/blog-ads/1', undefined],
      ['GET', '/api/blog-stats', undefined],
    ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url, body) => {
      expect((await testApp.app.inject({ method, url, payload: body })).statusCode).toBe(401);
      expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
    });

    it('admins create (201), change (200), link (200) and delete (204) posts, audited', async () => {
      const post = await createPost();
      expect(post).toMatchObject({ title: 'Hello world', slug: 'hello-world', status: 'draft', authorName: 'JotIt Team', createdBy: admin.id });
      expect((await inject('PATCH', `/api/blog-posts/${post.id}`, { title: 'Changed' })).json()).toMatchObject({ title: 'Changed', slug: 'hello-world' });
      const other = await createPost({ title: 'Other' });
      const related = await inject('PATCH', `/api/blog-posts/${post.id}`, { related_post_ids: [other.id, post.id] });
      expect(related.statusCode, related.body).toBe(200);
      expect(related.json()).toMatchObject({ id: post.id, relatedPostIds: [other.id] });
      const detail = (await inject('GET', `/api/blog-posts/${post.id}`)).json<Json>();
      expect(detail).toMatchObject({ relatedPostIds: [other.id], adLinks: [] });
      expect((await inject('DELETE', `/api/blog-posts/${post.id}`)).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/blog-posts/${post.id}`)).statusCode).toBe(404);
      const actions = (await testApp.app.services.database.db.select().from(auditLog)).filter((row) => row.entityId === post.id).map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(['blog_post.create', 'blog_post.update', 'blog_post.delete']));
    });
  });

  describe('audit of post saves: before and after (issue 26 §3)', () => {
    type Changes = Record<string, { from: unknown; to: unknown } | { hidden: true }>;
    const auditEntry = async (action: string, postId: string) => {
      const response = await inject('GET', `/api/audit-log?action=${action}&limit=200`);
      expect(response.statusCode, response.body).toBe(200);
      const entries = response.json<{ entries: Array<{ entityId: string | null; entityName: string | null; details: { changes?: Changes } | null }> }>().entries;
      return entries.find((entry) => entry.entityId === postId);
    };

    it('records the fields a create, an update, a publish, a schedule, an unpublish and a delete changed, from and to', async () => {
      const other = await createPost({ title: 'Other' });
      const ad = (await inject('POST', '/api/blog-ads', { name: 'Ad', content: 'Buy' })).json<{ id: number }>();
      const post = await createPost({ title: 'Draft one', meta_keywords: 'notes, capture' });
      const created = (await auditEntry('blog_post.create', post.id))!.details!.changes!;
      expect(created).toMatchObject({ title: { from: null, to: 'Draft one' }, isPublished: { from: null, to: false }, metaKeywords: { from: null, to: 'notes, capture' } });
      expect(created).not.toHaveProperty('excerpt');

      const saved = await inject('PATCH', `/api/blog-posts/${post.id}`, { title: 'Published one', is_published: true, related_post_ids: [other.id], ad_links: [{ ad_id: ad.id, position: 'top' }] });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = (await auditEntry('blog_post.update', post.id))!;
      expect(published.entityName).toBe('Published one');
      expect(published.details!.changes).toEqual({
        title: { from: 'Draft one', to: 'Published one' },
        isPublished: { from: false, to: true },
        publishedAt: { from: null, to: new Date(clock).toISOString() },
        relatedPostIds: { from: '[]', to: JSON.stringify([other.id]) },
        adLinks: { from: '[]', to: JSON.stringify([{ adId: ad.id, position: 'top' }]) },
      });

      const later = new Date(clock + 7 * DAY).toISOString();
      expect((await inject('PATCH', `/api/blog-posts/${post.id}`, { published_at: later })).statusCode).toBe(200);
      expect((await auditEntry('blog_post.update', post.id))!.details!.changes).toEqual({ publishedAt: { from: new Date(clock).toISOString(), to: later } });
      expect((await inject('PATCH', `/api/blog-posts/${post.id}`, { is_published: false })).statusCode).toBe(200);
      expect((await auditEntry('blog_post.update', post.id))!.details!.changes).toEqual({ isPublished: { from: true, to: false } });

      expect((await inject('DELETE', `/api/blog-posts/${post.id}`)).statusCode).toBe(204);
      expect((await auditEntry('blog_post.delete', post.id))!.details!.changes).toMatchObject({ title: { from: 'Published one', to: null }, isPublished: { from: false, to: null } });
    });
  });

  describe('a post saves in one request and one transaction (issue 28 §3)', () => {
    const changesOf = async (save: () => Promise<unknown>) => {
      const kinds: string[] = [];
      const unsubscribe = testApp.app.services.contentEvents.subscribe((kind) => kinds.push(kind));
      try {
        await save();
      } finally {
        unsubscribe();
      }
      return kinds;
    };

    it('saves the fields, the ad links and the related posts together and announces the change once', async () => {
      const other = await createPost({ title: 'Other' });
      const post = await createPost({ title: 'Main' });
      const ad = (await inject('POST', '/api/blog-ads', { name: 'Ad', content: 'Buy' })).json<{ id: number }>();
      let response: Awaited<ReturnType<typeof inject>> | undefined;
      const kinds = await changesOf(async () => {
        response = await inject('PATCH', `/api/blog-posts/${post.id}`, {
          title: 'Main, published',
          is_published: true,
          ad_links: [{ ad_id: ad.id, position: 'top' }],
          related_post_ids: [other.id],
        });
      });
      expect(response!.statusCode, response!.body).toBe(200);
      expect(response!.json()).toMatchObject({ title: 'Main, published', status: 'published', relatedPostIds: [other.id], adLinks: [{ adId: ad.id, position: 'top' }] });
      expect(kinds).toEqual(['blog']);
    });

    it('a save whose ad link fails leaves nothing half-saved: the post, its links and the cache are as they were', async () => {
      const other = await createPost({ title: 'Other' });
      const ad = (await inject('POST', '/api/blog-ads', { name: 'Ad', content: 'Buy' })).json<{ id: number }>();
      const created = await inject('POST', '/api/blog-posts', { title: 'Kept', content: 'Body', category: 'Security', ad_links: [{ ad_id: ad.id }], related_post_ids: [other.id] });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json<Json & { id: string }>();
      const before = (await inject('GET', `/api/blog-posts/${post.id}`)).json<Json>();
      let response: Awaited<ReturnType<typeof inject>> | undefined;
      const kinds = await changesOf(async () => {
        response = await inject('PATCH', `/api/blog-posts/${post.id}`, {
          title: 'Half saved?',
          is_published: true,
          related_post_ids: [],
          ad_links: [{ ad_id: 2_000_000_000, position: 'bottom' }],
        });
      });
      expect(response!.statusCode).toBe(400);
      expect(response!.json()).toMatchObject({ error: 'Unknown ad in the links', details: [{ field: 'ad_links', message: 'Unknown ad in the links' }] });
      expect((await inject('GET', `/api/blog-posts/${post.id}`)).json()).toEqual(before);
      expect(before).toMatchObject({ title: 'Kept', status: 'draft', relatedPostIds: [other.id], adLinks: [{ adId: ad.id, position: 'middle' }] });
      expect(kinds).toEqual([]);
      expect(await publicSlugs()).not.toContain('kept');
    });

    it('a new post whose related post is unknown is not created', async () => {
      const response = await inject('POST', '/api/blog-posts', { title: 'Never', content: 'Body', category: 'Security', related_post_ids: ['00000000-0000-4000-8000-000000000000'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ field: 'related_post_ids' }] });
      expect((await inject('GET', '/api/blog-posts?q=Never')).json()).toMatchObject({ total: 0 });
    });
  });

  describe('validation (spec §5)', () => {
    it('answers the spec texts for missing fields, never a 5xx', async () => {
      const response = await inject('POST', '/api/blog-posts', { title: ' ', content: '', author_name: '', category: '', read_time_minutes: 0 });
      expect(response.statusCode).toBe(400);
      const text = response.body;
      for (const message of ['Title is required', 'Content is required', 'Author name is required', 'Category is required', 'Read time must be a number of at least 1 minute']) {
        expect(text).toContain(message);
      }
    });

    it('refuses invalid image URLs, accepts empty ones as null, and upload paths', async () => {
      const bad = await inject('POST', '/api/blog-posts', { title: 'T', content: 'C', category: 'Security', featured_image_url: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Featured image URL must be a valid URL');
      const post = await createPost({ featured_image_url: '', author_avatar_url: '/uploads/abc.png', excerpt: '  ', meta_title: '' });
      expect(post).toMatchObject({ featuredImageUrl: null, authorAvatarUrl: '/uploads/abc.png', excerpt: null, metaTitle: null });
    });

    it('stores the cover alt text with the post, lists it publicly, and clears it with null (issue 37 §6)', async () => {
      const post = await createPost({ featured_image_url: '/uploads/cover.png', featured_image_alt: '  A lighthouse at dusk  ', is_published: true });
      expect(post).toMatchObject({ featuredImageUrl: '/uploads/cover.png', featuredImageAlt: 'A lighthouse at dusk' });
      const listed = (await anon('GET', '/api/blog-posts')).json<{ items: Array<{ id: string; featuredImageAlt: string | null }> }>();
      expect(listed.items.find((item) => item.id === post.id)?.featuredImageAlt).toBe('A lighthouse at dusk');
      const tooLong = await inject('PATCH', `/api/blog-posts/${post.id}`, { featured_image_alt: 'x'.repeat(301) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.body).toContain('Cover alt text must be at most 300 characters');
      const cleared = await inject('PATCH', `/api/blog-posts/${post.id}`, { featured_image_url: null, featured_image_alt: null });
      expect(cleared.json()).toMatchObject({ featuredImageUrl: null, featuredImageAlt: null });
    });

    it('splits tags on commas, trims them, drops empties, and keeps the tags table in step', async () => {
      const post = await createPost({ tags: ' security, ,encryption,,Security , rust ' });
      expect(post.tags).toEqual(['security', 'encryption', 'rust']);
      const tags = (await anon('GET', '/api/blog-tags')).json<Array<{ name: string; postCount: number }>>();
      expect(tags.map((tag) => tag.name).sort()).toEqual(['encryption', 'rust', 'security']);
      expect(tags.every((tag) => tag.postCount === 1)).toBe(true);
    });

    it('accepts camelCase aliases, estimates the read time, refuses an unknown category', async () => {
      const post = await createPost({ authorName: 'Ada', isFeatured: true, content: Array.from({ length: 450 }, () => 'word').join(' ') });
      expect(post).toMatchObject({ authorName: 'Ada', isFeatured: true, readTimeMinutes: 2 });
      const unknown = await inject('POST', '/api/blog-posts', { title: 'T', content: 'C', category: 'Nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ error: 'Category "Nope" does not exist' });
    });

    it('validates ads with the spec texts and applies the defaults', async () => {
      const bad = await inject('POST', '/api/blog-ads', { name: '', content: '', type: 'popup', position: 'left', priority: 0, target_url: 'ftp://x' });
      expect(bad.statusCode).toBe(400);
      for (const message of ['Name is required', 'Content is required', 'Type must be one of banner, inline, sidebar, affiliate_link', 'Position must be one of top, middle, bottom, sidebar', 'Priority must be a number of at least 1', 'Target URL must be a valid URL']) {
        expect(bad.body).toContain(message);
      }
      const ad = await inject('POST', '/api/blog-ads', { name: 'Ad', content: 'Buy' });
      expect(ad.statusCode).toBe(201);
      expect(ad.json()).toMatchObject({ type: 'banner', position: 'top', priority: 1, isActive: true, imageUrl: null });
    });

    it('answers 400 for a bad list query and 404 for unknown ids', async () => {
      expect((await inject('GET', '/api/blog-posts?status=nope')).statusCode).toBe(400);
      expect((await inject('GET', '/api/blog-posts?limit=1000')).statusCode).toBe(400);
      expect((await inject('PATCH', '/api/blog-posts/not-a-uuid', { title: 'x' })).statusCode).toBe(404);
      expect((await inject('PATCH', '/api/blog-ads/99999', { name: 'x' })).statusCode).toBe(404);
      expect((await anon('GET', '/api/blog-posts/nope')).statusCode).toBe(404);
    });
  });

  describe('slugs', () => {
    it('generates the slug from the title, unique with -2, -3', async () => {
      expect((await createPost({ title: 'Zero-Knowledge Encryption!' })).slug).toBe('zero-knowledge-encryption');
      expect((await createPost({ title: 'Zero knowledge encryption' })).slug).toBe('zero-knowledge-encryption-2');
      expect((await createPost({ title: 'Zero knowledge encryption', slug: '' })).slug).toBe('zero-knowledge-encryption-3');
      expect((await createPost({ title: '🔐🔐' })).slug).toBe('post');
    });

    it('answers 409 with a clear text when a chosen slug is taken, and lets a post keep or regenerate its own', async () => {
      const first = await createPost({ slug: 'my-post' });
      const taken = await inject('POST', '/api/blog-posts', { title: 'T', content: 'C', category: 'Security', slug: 'my-post' });
      expect(taken.statusCode).toBe(409);
      const slugTaken = 'The slug "my-post" is already used by another post';
      expect(taken.json()).toEqual({ error: slugTaken, details: [{ field: 'slug', message: slugTaken }] });
      const second = await createPost({ title: 'Second' });
      expect((await inject('PATCH', `/api/blog-posts/${second.id}`, { slug: 'my-post' })).statusCode).toBe(409);
      expect((await inject('PATCH', `/api/blog-posts/${first.id}`, { slug: 'my-post', title: 'Renamed' })).statusCode).toBe(200);
      expect((await inject('PATCH', `/api/blog-posts/${first.id}`, { slug: '' })).json()).toMatchObject({ slug: 'renamed' });
      expect((await inject('POST', '/api/blog-posts', { title: 'T', content: 'C', category: 'Security', slug: 'Bad Slug!' })).body).toContain(
        'Slug may contain only lowercase letters, digits and single hyphens',
      );
    });
  });

  describe('scheduling (spec §4, injectable clock)', () => {
    it('published without a date → now; a future date is scheduled and invisible until it passes', async () => {
      const now = await createPost({ title: 'Now', is_published: true });
      expect(now).toMatchObject({ status: 'published', publishedAt: new Date(clock).toISOString() });
      const later = await createPost({ title: 'Later', is_published: true, published_at: new Date(clock + DAY).toISOString() });
      expect(later.status).toBe('scheduled');
      await createPost({ title: 'Draft' });

      expect(await publicSlugs()).toEqual(['now']);
      expect((await anon('GET', '/api/blog-posts/later')).statusCode).toBe(404);
      expect((await anon('GET', '/api/blog-posts/draft')).statusCode).toBe(404);
      expect((await anon('POST', `/api/blog-posts/${later.id}/like`)).statusCode).toBe(404);
      const admin = (await inject('GET', '/api/blog-posts?status=scheduled')).json<{ items: Json[]; total: number }>();
      expect(admin).toMatchObject({ total: 1, items: [expect.objectContaining({ slug: 'later', status: 'scheduled' })] });

      clock += DAY + 1000;
      expect(await publicSlugs()).toEqual(['later', 'now']);
      expect((await anon('GET', '/api/blog-posts/later')).json()).toMatchObject({ title: 'Later', contentHtml: expect.stringContaining('<strong>words</strong>') });
      expect((await inject('GET', `/api/blog-posts/${later.id}`)).json()).toMatchObject({ status: 'published' });
    });

    it('filters by category, tag and search, with paging and a total', async () => {
      await createPost({ title: 'A', is_published: true, tags: 'x', published_at: new Date(clock - 3000).toISOString() });
      await createPost({ title: 'B', is_published: true, category: 'engineering', published_at: new Date(clock - 2000).toISOString() });
      await createPost({ title: 'C needle', is_published: true, tags: 'x,y', published_at: new Date(clock - 1000).toISOString() });
      expect(await publicSlugs('?category=Security')).toEqual(['c-needle', 'a']);
      expect(await publicSlugs('?category=engineering')).toEqual(['b']);
      expect(await publicSlugs('?tag=y')).toEqual(['c-needle']);
      expect(await publicSlugs('?q=NEEDLE')).toEqual(['c-needle']);
      const page = (await anon('GET', '/api/blog-posts?limit=1&offset=1')).json<{ items: Array<{ slug: string }>; total: number }>();
      expect(page).toMatchObject({ total: 3, items: [{ slug: 'b' }] });
    });
  });

  describe('views and likes', () => {
    it('counts a view once per visitor per day (the network, not the user agent), never for bots', async () => {
      const post = await createPost({ is_published: true });
      const view = (headers: Record<string, string> = {}, remoteAddress = '10.6.0.1') =>
        testApp.app.inject({ method: 'POST', url: `/api/blog-posts/${post.id}/view`, remoteAddress, headers: { 'user-agent': BROWSER_UA, ...headers } });
      expect((await view()).json()).toEqual({ counted: true, viewCount: 1, likeCount: 0 });
      expect((await view()).json()).toEqual({ counted: false, viewCount: 1, likeCount: 0 });
      expect((await view({ 'user-agent': `${BROWSER_UA} Other` })).json()).toEqual({ counted: false, viewCount: 1, likeCount: 0 });
      expect((await view({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, '10.6.0.2')).json()).toEqual({ counted: false, viewCount: 1, likeCount: 0 });
      expect((await view({}, '10.6.0.3')).json()).toEqual({ counted: true, viewCount: 2, likeCount: 0 });
      // Issue 23 §4: fifty user agents (and cookies) from one address are one visitor (was 50 → 50).
      for (let n = 0; n < 50; n++) await view({ 'user-agent': `${BROWSER_UA} Variant/${n}`, cookie: `jotit_bid=browser-${n}-abcdefghijklmnop` }, '10.6.0.3');
      expect((await view({}, '10.6.0.3')).json()).toEqual({ counted: false, viewCount: 2, likeCount: 0 });
      clock += DAY;
      expect((await view()).json()).toEqual({ counted: true, viewCount: 3, likeCount: 0 });
      const stats = (await inject('GET', '/api/blog-stats')).json<{ viewsPerDay: Array<{ date: string; views: number }>; totalViews: number }>();
      expect(stats.totalViews).toBe(3);
      expect(stats.viewsPerDay).toHaveLength(30);
      expect(stats.viewsPerDay.slice(-2)).toEqual([
        { date: '2026-06-01', views: 2 },
        { date: '2026-06-02', views: 1 },
      ]);
    });

    it('likes once per visitor (no cookie involved), and undoes', async () => {
      const post = await createPost({ is_published: true });
      const like = (method: 'POST' | 'DELETE', remoteAddress: string, cookie?: string) =>
        testApp.app.inject({ method, url: `/api/blog-posts/${post.slug}/like`, remoteAddress, headers: { 'user-agent': BROWSER_UA, ...(cookie ? { cookie } : {}) } });
      const first = await like('POST', '10.6.1.1');
      expect(first.json()).toEqual({ liked: true, likeCount: 1 });
      expect(first.headers['set-cookie']).toBeUndefined();
      expect((await like('POST', '10.6.1.1', 'jotit_bid=another-browser-id-1234')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like('POST', '10.6.1.2')).json()).toEqual({ liked: true, likeCount: 2 });
      // Issue 23 §4: fifty cookies from one visitor mint no new like (was 50 → 50).
      for (let n = 0; n < 50; n++) await like('POST', '10.6.1.2', `jotit_bid=browser-${n}-abcdefghijklmnop`);
      expect((await like('POST', '10.6.1.2')).json()).toEqual({ liked: true, likeCount: 2 });
      expect((await like('DELETE', '10.6.1.1')).json()).toEqual({ liked: false, likeCount: 1 });
      expect((await like('DELETE', '10.6.1.1')).json()).toEqual({ liked: false, likeCount: 1 });
    });

    it('rate-limits reactions', async () => {
      const limited = await createTestApp();
      try {
        limited.app.services.now = () => new Date(clock);
        const statuses: number[] = [];
        for (let i = 0; i < 62; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/blog-posts/nope/view' })).statusCode);
        expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('categories, tags and ads', () => {
    it('refuses to delete a category in use (409 with the count), renames it into posts, deletes an unused one', async () => {
      await createPost();
      await createPost({ title: 'Two' });
      const [security] = await testApp.app.services.database.db.select().from(blogCategories).where(undefined);
      const categories = (await anon('GET', '/api/blog-categories')).json<Array<{ id: number; name: string; postCount: number }>>();
      const sec = categories.find((c) => c.name === 'Security')!;
      expect(sec.postCount).toBe(2);
      expect(security).toBeDefined();
      const refused = await inject('DELETE', `/api/blog-categories/${sec.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Category "Security" is used by 2 posts and cannot be deleted' });
      const renamed = await inject('PATCH', `/api/blog-categories/${sec.id}`, { name: 'Safety', color: '#00FF00' });
      expect(renamed.json()).toMatchObject({ name: 'Safety', slug: 'security', color: '#00ff00', postCount: 2 });
      expect((await inject('GET', '/api/blog-posts')).json<{ items: Array<{ category: string }> }>().items.every((p) => p.category === 'Safety')).toBe(true);
      const created = await inject('POST', '/api/blog-categories', { name: 'Product News', description: 'News' });
      expect(created.json()).toMatchObject({ slug: 'product-news', postCount: 0 });
      expect((await inject('POST', '/api/blog-categories', { name: 'product news' })).statusCode).toBe(409);
      expect((await inject('DELETE', `/api/blog-categories/${created.json<{ id: number }>().id}`)).statusCode).toBe(204);
    });

    it('renames and deletes a tag in every post', async () => {
      const post = await createPost({ tags: ['old', 'keep'] });
      const tags = (await anon('GET', '/api/blog-tags')).json<Array<{ id: number; name: string }>>();
      const old = tags.find((t) => t.name === 'old')!;
      expect((await inject('PATCH', `/api/blog-tags/${old.id}`, { name: 'new' })).json()).toMatchObject({ name: 'new', slug: 'new', postCount: 1 });
      expect((await inject('GET', `/api/blog-posts/${post.id}`)).json()).toMatchObject({ tags: ['new', 'keep'] });
      expect((await inject('DELETE', `/api/blog-tags/${old.id}`)).statusCode).toBe(204);
      expect((await inject('GET', `/api/blog-posts/${post.id}`)).json()).toMatchObject({ tags: ['keep'] });
    });

    it('links ads to posts at positions and counts them in the stats', async () => {
      const post = await createPost({ is_published: true });
      const ad = (await inject('POST', '/api/blog-ads', { name: 'Ad', content: 'Buy', type: 'affiliate_link', target_url: 'https://example.com' })).json<{ id: number }>();
      await inject('POST', '/api/blog-ads', { name: 'Off', content: 'x', is_active: false });
      const links = await inject('PATCH', `/api/blog-posts/${post.id}`, { adLinks: [{ adId: ad.id, position: 'bottom' }] });
      expect(links.statusCode, links.body).toBe(200);
      expect(links.json<Json>().adLinks).toEqual([expect.objectContaining({ adId: ad.id, position: 'bottom' })]);
      expect((await inject('GET', '/api/blog-ads')).json<Array<{ id: number; postCount: number }>>().find((a) => a.id === ad.id)?.postCount).toBe(1);
      expect((await inject('PATCH', `/api/blog-ads/${ad.id}`, { is_active: false })).json()).toMatchObject({ isActive: false });
      const stats = (await inject('GET', '/api/blog-stats')).json();
      expect(stats).toMatchObject({ totalPosts: 1, publishedPosts: 1, draftPosts: 0, categories: 2, activeAds: 0, totalAds: 2 });
      expect((await inject('DELETE', `/api/blog-ads/${ad.id}`)).statusCode).toBe(204);
      expect((await inject('GET', `/api/blog-posts/${post.id}`)).json()).toMatchObject({ adLinks: [] });
    });
  });

  describe("Stay Updated (POST /api/blog-subscribe)", () => {
    const subscribe = (payload: object) => testApp.app.inject({ method: 'POST', url: '/api/blog-subscribe', payload });
    const leadOf = async (email: string) =>
      (await testApp.app.services.database.db.select().from(leads).where(eq(leads.email, email)))[0];

    it('stores a lead with source blog-subscribe, after the captcha; the honeypot stores nothing', async () => {
      const missing = await subscribe({ email: 'reader@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'Please complete the CAPTCHA verification' });
      expect((await subscribe({ email: 'nope', captcha: await solveCaptcha(testApp.app) })).json()).toMatchObject({ error: 'Valid email is required' });
      const ok = await subscribe({ email: 'reader@example.com', captcha: await solveCaptcha(testApp.app) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await leadOf('reader@example.com')).toMatchObject({ source: 'blog-subscribe', firstName: null });
      expect((await subscribe({ email: 'bot@example.com', website: 'http://spam' })).json()).toEqual({ success: true });
      expect(await leadOf('bot@example.com')).toBeUndefined();
      const listed = await inject('GET', '/api/leads');
      expect(listed.body).toContain('reader@example.com');
    });
  });
});
