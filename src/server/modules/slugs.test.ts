/**
 * One slug rule (src/server/lib/slugs.ts) in the three modules with slugs: two admins saving one slug at the same
 * moment get one 201 and one 409 with the module's text under the `slug` field, never a 500. On PostgreSQL the two
 * transactions run at once, both find the slug free, and the unique index decides; on PGlite they queue and the
 * second finds it taken. A slug generated from a title is made unique by text, not by a pattern, so characters a
 * pattern would read (`.`, `%`, `_`, `(`) cannot make two posts share one; a slug a writer names cannot carry them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../tests/fixtures/users.ts';
import { SLUG_FORMAT_TEXT } from '../../shared/schemas/slug.ts';
import { blogCategories, pages } from '../db/schema.ts';
import { uniqueSlug } from '../lib/slugs.ts';

const MODULES = [
  { name: 'blog posts', url: '/api/blog-posts', body: (title: string) => ({ title, content: 'Body', category: 'Security' }), taken: (slug: string) => `The slug "${slug}" is already used by another post` },
  { name: 'campaigns', url: '/api/campaigns', body: (name: string) => ({ name }), taken: (slug: string) => `The slug "${slug}" is already used by another campaign` },
  { name: 'pages', url: '/api/pages', body: (title: string) => ({ title }), taken: (slug: string) => `The slug "${slug}" is already used by another page` },
];
// Several races per module: one pair may happen to run one after the other.
const RACES = 4;

describe(`slugs on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createTestAdmin(testApp.app);
    await testApp.app.services.database.db.insert(blogCategories).values({ name: 'Security', slug: 'security' });
  }, 240_000); // building the app takes over a minute on a loaded shared machine
  afterAll(() => testApp?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) => testApp.app.inject({ method, url, headers: admin.headers, payload });

  describe.each(MODULES)('$name', ({ url, body, taken }) => {
    it('two creates with one slug at once: one 201, one 409 under the slug field, never a 500', async () => {
      const races = Array.from({ length: RACES }, (_, race) => `race-${race}-${url.slice(5)}`);
      const answers = await Promise.all(races.map((slug) => Promise.all([0, 1].map((n) => send('POST', url, { ...body(`Racer ${n}`), slug })))));
      for (const [index, pair] of answers.entries()) {
        expect(pair.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        const text = taken(races[index]!);
        expect(pair.find((answer) => answer.statusCode === 409)!.json()).toEqual({ error: text, details: [{ field: 'slug', message: text }] });
      }
    });

    it('two renames to one slug at once: one 200, one 409, never a 500', async () => {
      const rows = await Promise.all([0, 1, 2, 3].map(async (n) => (await send('POST', url, body(`Renamed ${n} ${url}`))).json<{ id: string | number; version?: number }>()));
      // A document with a version (blog posts, decision 0064) is saved with the version it was read at.
      const rename = (row: { version?: number }, slug: string) => (row.version === undefined ? { slug } : { slug, version: row.version });
      const answers = await Promise.all([0, 1].map((pair) => Promise.all(rows.slice(pair * 2, pair * 2 + 2).map((row) => send('PATCH', `${url}/${row.id}`, rename(row, `renamed-${pair}`))))));
      for (const pair of answers) expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('numbers a generated slug after the ones taken, reading the title as text', async () => {
      const slugs: string[] = [];
      for (const title of ['Dots.and%Percent_(beta)', 'Dots.and%Percent_(beta)', 'Dots.and%Percent_(beta)']) slugs.push((await send('POST', url, body(title))).json<{ slug: string }>().slug);
      expect(slugs).toEqual(['dots-and-percent-beta', 'dots-and-percent-beta-2', 'dots-and-percent-beta-3']);
    });

    it('refuses a named slug with a pattern character: a 400 under the slug field, never a 500', async () => {
      for (const slug of ['half%off', 'snake_case', 'v1.2', 'beta(1)', '.*', '%']) {
        const answer = await send('POST', url, { ...body(`Odd ${slug}`), slug });
        expect(answer.statusCode, slug).toBe(400);
        expect(answer.json<{ details: unknown[] }>().details, slug).toEqual([{ field: 'slug', message: SLUG_FORMAT_TEXT }]);
      }
    });
  });

  // Blog tags have slugs too (named or made from the name), with their own text for a taken name or slug.
  it('blog tags: two creates with one slug at once give one 201 and one 409, never a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: RACES }, (_, race) => Promise.all([0, 1].map((n) => send('POST', '/api/blog-tags', { name: `Racer ${race} ${n}`, slug: `tag-race-${race}` })))),
    );
    for (const pair of answers) {
      expect(pair.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(pair.find((answer) => answer.statusCode === 409)!.json<{ error: string }>().error).toBe('A tag with this name or slug already exists');
    }
  });

  // Rows written before the slug format, or by hand, may hold any text: the numbering still reads them as text.
  it('numbers after taken slugs that hold pattern characters, and is not fooled by look-alikes', async () => {
    const { db } = testApp.app.services.database;
    const column = { table: pages, id: pages.id, slug: pages.slug };
    await db.insert(pages).values(['50%-off', '50%-off-2', '5xx-off', 'a_b', 'a.b', 'beta(1', 'beta(1-2'].map((slug) => ({ title: slug, slug, content: '' })));
    expect(await uniqueSlug(db, column, '50%-off')).toBe('50%-off-3');
    expect(await uniqueSlug(db, column, '50%')).toBe('50%');
    expect(await uniqueSlug(db, column, 'axb')).toBe('axb');
    expect(await uniqueSlug(db, column, 'a.b')).toBe('a.b-2');
    expect(await uniqueSlug(db, column, 'a-b')).toBe('a-b');
    expect(await uniqueSlug(db, column, 'beta(1')).toBe('beta(1-3');
  });
});
