import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { blogPosts } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { getPublishedPost, listCategories, listPublishedPosts } from './public-service.ts';

describe(`public blog on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoContent(database.db);
  });
  afterAll(() => database?.dispose());

  it('lists the six published demo articles, newest first', async () => {
    const posts = await listPublishedPosts(database.db);
    expect(posts).toHaveLength(6);
    const dates = posts.map((post) => post.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('never lists drafts or posts scheduled for later', async () => {
    await database.db.insert(blogPosts).values([
      { title: 'Draft', slug: 'a-draft', content: 'x', isPublished: false },
      { title: 'Later', slug: 'later', content: 'x', isPublished: true, publishedAt: new Date(Date.now() + 86_400_000) },
    ]);
    const slugs = (await listPublishedPosts(database.db)).map((post) => post.slug);
    expect(slugs).not.toContain('a-draft');
    expect(slugs).not.toContain('later');
    expect(await getPublishedPost(database.db, 'a-draft')).toBeNull();
    expect(await getPublishedPost(database.db, 'later')).toBeNull();
  });

  it('renders a post to HTML and re-renders it after an edit', async () => {
    const [first] = await listPublishedPosts(database.db);
    const post = await getPublishedPost(database.db, first!.slug);
    expect(post?.contentHtml).toMatch(/<h2>/);
    await database.db
      .update(blogPosts)
      .set({ content: '## Edited heading', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(blogPosts.slug, first!.slug));
    expect((await getPublishedPost(database.db, first!.slug))?.contentHtml).toContain('<h2>Edited heading</h2>');
  });

  it('lists the categories with their colours', async () => {
    const names = (await listCategories(database.db)).map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(['Security', 'Engineering', 'Development', 'Infrastructure', 'Industry']));
  });
});

describe('Markdown rendering', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n[click](javascript:alert(1))');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
  });

  it('keeps headings, lists, links and code', () => {
    const html = renderMarkdown('## Title\n\n- one\n- two\n\n[docs](/docs) and `code`\n\n```ts\nconst a = 1;\n```');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/docs">docs</a>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<pre><code class="language-ts">');
  });
});
