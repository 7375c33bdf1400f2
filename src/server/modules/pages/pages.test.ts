import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { adminApi, useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import type { Page, PublicPage } from '../../../shared/schemas/pages.ts';

describe(`pages API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  const changes: string[] = [];

  useTestAppWithUsers({}, (suite) => {
    ({ testApp, admin, user } = suite);
    testApp.app.services.contentEvents.subscribe((kind) => changes.push(kind));
  });

  const { inject, create } = adminApi<Page>(() => ({ testApp, admin, user }), '/api/pages');

  it.each([
    ['GET', '/api/pages'],
    ['GET', '/api/pages?published=false'],
    ['POST', '/api/pages'],
    ['PATCH', '/api/pages/1'],
    ['DELETE', '/api/pages/1'],
  ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url) => {
    const body = method === 'POST' || method === 'PATCH' ? { title: 'T' } : undefined;
    expect((await inject(method, url, body, null)).statusCode).toBe(401);
    expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'T', slug: 'Not a slug!' }, 'Slug may contain only lowercase letters, digits and single hyphens'],
    [{ title: 'T', is_published: 'maybe' }, 'Published must be true or false'],
    [{ title: 'T', meta_description: 'x'.repeat(501) }, 'Meta description must be at most 500 characters'],
    [{ title: 'T', content: 'a\u0000' }, 'Content contains characters that are not allowed'],
  ])('POST %j → 400 %s', async (body, error) => {
    const response = await inject('POST', '/api/pages', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('generates unique slugs from the title, refuses a taken slug with 409, regenerates a blank one on PATCH', async () => {
    changes.length = 0;
    const first = await create({ title: 'Security at JotIt!' });
    expect(first).toMatchObject({ slug: 'security-at-jotit', isPublished: false, content: null });
    const second = await create({ title: 'Security at JotIt' });
    expect(second.slug).toBe('security-at-jotit-2');
    const taken = await inject('POST', '/api/pages', { title: 'Other', slug: 'security-at-jotit' });
    expect(taken.statusCode).toBe(409);
    // The field's own problem, so the page form shows it under Slug.
    const slugTaken = 'The slug "security-at-jotit" is already used by another page';
    expect(taken.json()).toEqual({ error: slugTaken, details: [{ field: 'slug', message: slugTaken }] });
    expect((await inject('PATCH', `/api/pages/${second.id}`, { slug: 'security-at-jotit', version: second.version })).statusCode).toBe(409);
    const renamed = await inject('PATCH', `/api/pages/${second.id}`, { title: 'Privacy at JotIt', slug: '', version: second.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Privacy at JotIt', slug: 'privacy-at-jotit' });
    expect((await inject('PATCH', `/api/pages/${first.id}`, { slug: 'security-at-jotit', version: first.version })).statusCode).toBe(200);
    expect((await inject('GET', `/api/pages/${first.id}`)).json()).toMatchObject({ id: first.id });
    expect((await inject('GET', '/api/pages/privacy-at-jotit')).json()).toMatchObject({ id: second.id });
    expect((await inject('DELETE', `/api/pages/${second.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/pages/${second.id}`)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/pages/${second.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await inject('PATCH', '/api/pages/abc', { title: 'x' })).statusCode).toBe(400);
    expect(changes.every((kind) => kind === 'pages')).toBe(true);
    expect(changes).toHaveLength(5);
    const audit = (await inject('GET', '/api/audit-log?entity=page')).json<{ entries: Array<{ action: string }> }>();
    expect(new Set(audit.entries.map((entry) => entry.action))).toEqual(new Set(['page.create', 'page.update', 'page.delete']));
  });

  it('public reads never return an unpublished page; a published one comes with sanitised HTML', async () => {
    const draft = await create({ title: 'Draft page', content: 'secret' });
    const live = await create({ title: 'Live page', content: '# Hi\n\n<script>alert(1)</script><img src=x onerror=alert(2)>', meta_description: 'About', is_published: true });

    expect((await inject('GET', `/api/pages/${draft.slug}`, undefined, null)).statusCode).toBe(404);
    expect((await inject('GET', `/api/pages/${draft.slug}`, undefined, user.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/pages/${draft.id}`, undefined, null)).statusCode).toBe(404);
    const publicPage = await inject('GET', `/api/pages/${live.slug}`, undefined, null);
    expect(publicPage.statusCode).toBe(200);
    const body = publicPage.json<PublicPage>();
    expect(body.contentHtml).toContain('<h1>Hi</h1>');
    expect(body.contentHtml).not.toMatch(/<script|onerror/);
    expect(body).not.toHaveProperty('isPublished');

    const list = (await inject('GET', '/api/pages?published=true', undefined, null)).json<{ items: Array<{ slug: string }>; total: number }>();
    expect(list.items.map((item) => item.slug)).toContain(live.slug);
    expect(list.items.map((item) => item.slug)).not.toContain(draft.slug);
    expect(list.total).toBe(list.items.length);

    const drafts = (await inject('GET', '/api/pages?published=false')).json<{ items: Page[] }>();
    expect(drafts.items.map((item) => item.id)).toContain(draft.id);
    expect(drafts.items.every((item) => !item.isPublished)).toBe(true);
    const searched = (await inject('GET', '/api/pages?q=live%20pa&limit=5')).json<{ items: Page[]; total: number }>();
    expect(searched.items.map((item) => item.id)).toEqual([live.id]);
    expect((await inject('GET', '/api/pages?offset=-1')).statusCode).toBe(400);

    const sitemap = await inject('GET', '/sitemap.xml', undefined, null);
    expect(sitemap.body).toContain(`/p/${live.slug}</loc>`);
    expect(sitemap.body).not.toContain(`/p/${draft.slug}</loc>`);
  });
});
