/**
 * Issue 12 on the public site as `npm start` serves it (SSR from build/): `/p/{slug}` server-rendered, sanitised,
 * with meta description and canonical, in the sitemap, 404 when unpublished; published testimonials on the home page.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useSiteTestApp } from '../../../../tests/fixtures/app-with-users.ts';
import { expectNeutralised, HOSTILE_MARKDOWN } from '../../../../tests/fixtures/hostile-markdown.ts';
import { type TestDatabase, testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import type { TestUser } from '../../../../tests/fixtures/users.ts';
import { testimonials } from '../../db/schema.ts';

describe(`content pages and testimonials on the public site (${testDatabaseKind()})`, () => {
  let app: FastifyInstance, database: TestDatabase, admin: TestUser;
  useSiteTestApp((site) => ({ app, database, admin } = site));

  const get = (url: string) => app.inject({ method: 'GET', url });
  const api = (method: 'POST' | 'PATCH', url: string, payload: object) => app.inject({ method, url, payload, headers: admin.headers });

  it('serves a published page at /p/{slug}: sanitised Markdown, meta description, canonical, in the sitemap; a draft is 404', async () => {
    const created = await api('POST', '/api/pages', {
      title: 'Security at JotIt',
      slug: 'security',
      meta_description: 'How JotIt keeps jots safe',
      content: `## Encrypted\n\nAES-256 in transit.\n\n${HOSTILE_MARKDOWN}`,
      is_published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await get('/p/security');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    for (const html of [
      '<h1',
      'Security at JotIt</h1>',
      '<h2>Encrypted</h2>',
      'AES-256 in transit.',
      '<meta name="description" content="How JotIt keeps jots safe"/>',
      '<link rel="canonical" href="http://jotit.test/p/security"/>',
    ])
      expect(response.body).toContain(html);
    expectNeutralised(response.body);
    expect(response.body).not.toMatch(/onerror=/);
    expect((await get('/sitemap.xml')).body).toContain('<loc>http://jotit.test/p/security</loc>');

    const draft = (await api('POST', '/api/pages', { title: 'Draft', slug: 'draft-page', content: 'Secret plans' })).json<{ id: number }>();
    const hidden = await get('/p/draft-page');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Secret plans');
    expect(hidden.body).toContain('404');
    expect((await get('/sitemap.xml')).body).not.toContain('/p/draft-page');
    expect((await get('/p/no-such-page')).statusCode).toBe(404);
    // The footer links published pages only.
    const about = await get('/about');
    expect(about.body).toContain('href="/p/security"');
    expect(about.body).not.toContain('href="/p/draft-page"');

    // Publishing makes it live; unpublishing takes it away again.
    await api('PATCH', `/api/pages/${draft.id}`, { is_published: true });
    expect((await get('/p/draft-page')).statusCode).toBe(200);
    await api('PATCH', `/api/pages/${draft.id}`, { is_published: false });
    expect((await get('/p/draft-page')).statusCode).toBe(404);
  });

  it('shows published testimonials on the home page, featured first, never unpublished ones; none keeps the section as it was', async () => {
    await database.db.delete(testimonials);
    const before = await get('/');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('People are capturing ideas as you read this');
    expect(before.body).not.toContain('What people say');

    for (const body of [
      { customer_name: 'Plain Person', testimonial_text: 'Plain words', rating: 4, customer_title: 'Writer', customer_company: 'Acme' },
      { customer_name: 'Star Person', testimonial_text: 'Featured words', rating: 5, is_featured: true, avatar_url: 'https://example.com/star.png' },
      { customer_name: 'Hidden Person', testimonial_text: 'Unpublished words', is_published: false },
    ]) {
      expect((await api('POST', '/api/testimonials', body)).statusCode).toBe(201);
    }
    const home = await get('/');
    for (const html of [
      'People are capturing ideas as you read this',
      'What people say',
      'Plain words',
      'Writer, Acme',
      'aria-label="4 out of 5 stars"',
      'src="https://example.com/star.png"',
      '>PP</span>',
    ])
      expect(home.body).toContain(html);
    expect(home.body.indexOf('Featured words')).toBeLessThan(home.body.indexOf('Plain words'));
    expect(home.body).not.toContain('Unpublished words');
  });
});
