import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { blogPosts } from '../../db/schema.ts';

describe(`robots.txt and sitemap.xml on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_URL: 'https://jotit.example' });
    await testApp.app.services.database.db.insert(blogPosts).values([
      { title: 'Published', slug: 'published-post', content: 'x', isPublished: true, publishedAt: new Date('2026-01-01T00:00:00Z') },
      { title: 'Draft', slug: 'draft-post', content: 'x', isPublished: false },
      { title: 'Scheduled', slug: 'scheduled-post', content: 'x', isPublished: true, publishedAt: new Date(Date.now() + 86_400_000) },
    ]);
  });
  afterAll(() => testApp?.close());

  it('allows crawling the public site, keeps private and token pages out, and names the sitemap', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/admin', '/api/', '/api-tester', '/reset-password', '/confirm-email', '/staff-invite']) {
      expect(response.body).toContain(`Disallow: ${path}\n`);
    }
    expect(response.body).not.toMatch(/^Disallow: \/$/m);
    expect(response.body).toContain('Sitemap: https://jotit.example/sitemap.xml');
  });

  it('lists every public page and every published blog post, not drafts or scheduled posts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://jotit.example/',
      'https://jotit.example/about',
      'https://jotit.example/help',
      'https://jotit.example/blog',
      'https://jotit.example/share-it',
      'https://jotit.example/contact',
      'https://jotit.example/feedback',
      'https://jotit.example/privacy-policy',
      'https://jotit.example/terms-of-service',
      'https://jotit.example/blog/published-post',
    ]);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(response.body).toContain('<lastmod>');
  });

  it('serves RSS 2.0 of the published posts only, and lists a scheduled post once its time has come (clock)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const links = [...response.body.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(links).toEqual(['https://jotit.example/blog/published-post']);
    expect(response.body).toContain('<pubDate>Thu, 01 Jan 2026 00:00:00 GMT</pubDate>');

    const real = testApp.app.services.now;
    testApp.app.services.now = () => new Date(Date.now() + 2 * 86_400_000);
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).toContain('https://jotit.example/blog/scheduled-post');
      const sitemap = (await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(sitemap).toMatch(/<loc>https:\/\/jotit.example\/blog\/scheduled-post<\/loc>\n {4}<lastmod>\d{4}-/);
    } finally {
      testApp.app.services.now = real;
    }
  });

  it('carries text, never HTML, in every RSS field: stored script, on* handlers and javascript: links are inert (issue 27 §2)', async () => {
    const hostile = '<img src=x onerror=alert(1)><a href="javascript:alert(2)">Click</a><script>alert(3)</script>';
    await testApp.app.services.database.db.insert(blogPosts).values({
      title: `Hostile <svg onload=alert(4)> title`,
      slug: 'hostile-post',
      content: hostile,
      excerpt: `Excerpt ${hostile} &lt;b&gt;entity&lt;/b&gt;`,
      authorName: '<b onmouseover=alert(5)>Mallory</b>',
      category: '<i>Security</i>',
      isPublished: true,
      publishedAt: new Date('2026-02-01T00:00:00Z'),
    });
    const body = (await testApp.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    const item = body.slice(body.indexOf('<item>'), body.indexOf('</item>'));
    expect(item).toContain('hostile-post');
    // A feed reader decodes each field once (XML) and may render the result as HTML: no tag may come out of it.
    const decode = (xml: string) =>
      xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    const fields = [...item.matchAll(/<(title|description|dc:creator|category)>([^<]*)<\/\1>/g)].map((match) => decode(match[2]!));
    expect(fields).toEqual([
      'Hostile title',
      'Mallory',
      'Security',
      'Excerpt Clickalert(3) &lt;b&gt;entity&lt;/b&gt;',
    ]);
    for (const field of fields) expect(field).not.toMatch(/<[a-z!/?]/i);
  });
});

