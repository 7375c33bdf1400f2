/**
 * Pages rendered per request read their content from memory (lib/content-memo.ts, issue 35): the database is asked
 * once, not on every render; a change is shown at once, and what changes without a change event (a like count) at
 * most a few seconds later. The counted renders are HEAD requests of pages no GET has stored (a HEAD renders and
 * stores nothing), each with a new query string: a query string a page does not read no longer makes a page of its
 * own (decision 0060), so the GETs here are rendered only until their path is known, or once a page is stale.
 */
import type { FastifyInstance } from 'fastify';
import type { WebServices } from '../../shared/load-context.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../tests/fixtures/users.ts';
import type { Database } from '../db/client.ts';
import { blogCategories } from '../db/schema.ts';
import { createContentEvents } from './content-events.ts';
import { ContentMemo } from './content-memo.ts';

/** The database as the app sees it, counting the queries it is asked (every read goes through these). */
function countingDatabase(db: Database, counter: { queries: number }): Database {
  const counted = new Set<PropertyKey>(['select', 'selectDistinct', 'selectDistinctOn', 'execute', 'query', 'transaction']);
  return new Proxy(db, {
    get(target, property, receiver) {
      if (counted.has(property)) counter.queries += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe(`pages rendered per request on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: TestUser;
  let postId: string;
  const counter = { queries: 0 };
  let variant = 0;
  /** A page with a query string never asked before: rendered, never a cache hit (HEAD: the page is not stored). */
  const render = async (path: string, method: 'GET' | 'HEAD' = 'GET') => {
    variant += 1;
    const response = await app.inject({ method, url: `${path}?per-request=${variant}` });
    expect(response.statusCode, path).toBe(200);
    expect(response.headers['x-page-cache']).not.toBe('hit');
    return response.body;
  };
  const pages = ['/', '/blog', '/blog/kept-in-memory', '/help'];

  beforeAll(async () => {
    database = await createTestDatabase();
    testApp = await createTestApp({}, { ssr: true, database: { ...database, db: countingDatabase(database.db, counter) } });
    app = testApp.app;
    admin = await createTestAdmin(app);
    await database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' });
    app.services.contentEvents.emit('blog');
    const created = await app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: admin.headers,
      payload: { title: 'Kept in memory', slug: 'kept-in-memory', content: 'Body text', category: 'Security', is_published: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    postId = created.json<{ id: string }>().id;
    // A fresh database and the app with its pages: slow on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.dispose();
  });

  it('renders /, /blog, /blog/{slug} and /help again without a database query', async () => {
    // The clock stands still: however slow the machine, the reads stay within their 3 s.
    const now = Date.now();
    app.services.now = () => new Date(now);
    for (const path of pages) await render(path, 'HEAD');
    counter.queries = 0;
    for (let round = 0; round < 3; round += 1) for (const path of pages) await render(path, 'HEAD');
    expect(counter.queries).toBe(0);
  });

  it('answers an unknown post (the route asks before rendering, decision 0077) from the list in memory, without a query', async () => {
    const now = Date.now();
    app.services.now = () => new Date(now);
    expect((await app.inject({ method: 'GET', url: '/blog/no-such-post-warm' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/p/no-such-page-warm' })).statusCode).toBe(404);
    counter.queries = 0;
    for (let index = 0; index < 20; index += 1) {
      // One address each: this measures queries, not the render budget of one network.
      const response = await app.inject({ method: 'GET', url: `/blog/no-such-post-${index}`, remoteAddress: `10.7.0.${index + 1}` });
      // The post route's one stored not-found page; whether the slug is a post was asked of the list in memory.
      expect([response.statusCode, response.headers['x-page-cache']]).toEqual([404, 'hit']);
    }
    // Content pages the same way: an unknown slug is answered from the list of published pages' slugs.
    for (let index = 0; index < 20; index += 1) {
      const response = await app.inject({ method: 'GET', url: `/p/no-such-page-${index}`, remoteAddress: `10.7.1.${index + 1}` });
      expect([response.statusCode, response.headers['x-page-cache']]).toEqual([404, 'hit']);
    }
    expect(counter.queries).toBe(0);
    // A live post is still found (its own read, kept like the others).
    expect(await render('/blog/kept-in-memory')).toContain('Kept in memory');
  });

  it('shows a change at once, and reads again once its 3 s are over', async () => {
    const changed = await app.inject({ method: 'PATCH', url: `/api/blog-posts/${postId}`, headers: admin.headers, payload: { title: 'Changed in memory', version: 1 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await render('/blog/kept-in-memory')).toContain('Changed in memory');
    expect(await render('/blog')).toContain('Changed in memory');

    const later = app.services.now().getTime() + 4000;
    app.services.now = () => new Date(later);
    counter.queries = 0;
    await render('/blog/kept-in-memory');
    expect(counter.queries).toBeGreaterThan(0);
  });
});

describe('a read whose bookkeeping is still pending', () => {
  it('is not served past its start plus the TTL (a post scheduled for then appears on time)', async () => {
    // The list has been read, but the next publish time (a query of its own) has not come back yet: a caller after
    // the TTL must read again, not take the answer of a read that started before the scheduled post's time.
    let clock = Date.parse('2026-06-01T12:00:00Z');
    let releaseNextPublish: (at: Date | null) => void = () => {};
    const memo = new ContentMemo({
      events: createContentEvents(),
      now: () => new Date(clock),
      nextScheduledAt: () => new Promise((resolve) => (releaseNextPublish = resolve)),
    });
    let reads = 0;
    // Every other read answers nothing; only the list of posts is counted.
    const others = new Proxy({}, { get: (_target, name) => (name === 'then' ? undefined : async () => null) });
    const services = memo.wrap(Object.assign(Object.create(others) as object, { listBlogPosts: async () => [{ read: ++reads }] }) as unknown as WebServices);
    expect(await services.listBlogPosts()).toEqual([{ read: 1 }]);
    expect(await services.listBlogPosts()).toEqual([{ read: 1 }]);
    clock += 5 * 60_000 + 1;
    expect(await services.listBlogPosts()).toEqual([{ read: 2 }]);
    releaseNextPublish(null);
    memo.unsubscribe();
  });
});
