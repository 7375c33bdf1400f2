/**
 * One slug rule (src/server/lib/slugs.ts) in the three modules with slugs: two admins saving one slug at the same
 * moment get one 201 and one 409 with the module's text under the `slug` field, never a 500. On PostgreSQL the two
 * transactions run at once, both find the slug free, and the unique index decides; on PGlite they queue and the
 * second finds it taken. A slug generated from a title is made unique by text, not by a pattern, so characters a
 * pattern would read (`.`, `%`, `_`) cannot make two posts share one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../tests/fixtures/users.ts';
import { blogCategories } from '../db/schema.ts';

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
      const rows = await Promise.all([0, 1, 2, 3].map(async (n) => (await send('POST', url, body(`Renamed ${n} ${url}`))).json<{ id: string | number }>()));
      const answers = await Promise.all([0, 1].map((pair) => Promise.all(rows.slice(pair * 2, pair * 2 + 2).map((row) => send('PATCH', `${url}/${row.id}`, { slug: `renamed-${pair}` })))));
      for (const pair of answers) expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('numbers a generated slug after the ones taken, reading the title as text', async () => {
      const slugs: string[] = [];
      for (const title of ['Dots.and%Percent_', 'Dots.and%Percent_', 'Dots.and%Percent_']) slugs.push((await send('POST', url, body(title))).json<{ slug: string }>().slug);
      expect(slugs).toEqual(['dots-and-percent', 'dots-and-percent-2', 'dots-and-percent-3']);
    });
  });
});
