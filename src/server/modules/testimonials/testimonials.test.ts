import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { adminApi, useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import type { Testimonial } from '../../../shared/schemas/testimonials.ts';

describe(`testimonials API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  const changes: string[] = [];

  useTestAppWithUsers({}, (suite) => {
    ({ testApp, admin, user } = suite);
    testApp.app.services.contentEvents.subscribe((kind) => changes.push(kind));
  });

  const { inject, create } = adminApi<Testimonial>(() => ({ testApp, admin, user }), '/api/testimonials');
  const valid = { customer_name: 'Ada Lovelace', testimonial_text: 'JotIt keeps my ideas.' };

  it.each([
    ['GET', '/api/testimonials'],
    ['GET', '/api/testimonials?published=false'],
    ['GET', '/api/testimonials/1'],
    ['POST', '/api/testimonials'],
    ['PATCH', '/api/testimonials/1'],
    ['DELETE', '/api/testimonials/1'],
  ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url) => {
    const body = method === 'POST' || method === 'PATCH' ? valid : undefined;
    expect((await inject(method, url, body, null)).statusCode).toBe(401);
    expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
  });

  it.each([
    [{ testimonial_text: 'x' }, 'Customer name is required'],
    [{ customer_name: '  ', testimonial_text: 'x' }, 'Customer name is required'],
    [{ customer_name: 'A' }, 'Testimonial text is required'],
    [{ ...valid, rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 4.5 }, 'Rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 'five' }, 'Rating must be a whole number from 1 to 5'],
    [{ ...valid, avatar_url: 'javascript:alert(1)' }, 'Avatar URL must be a valid URL'],
    [{ ...valid, avatar_url: 'not a url' }, 'Avatar URL must be a valid URL'],
    [{ ...valid, customer_title: 'a\u0000b' }, 'Customer title contains characters that are not allowed'],
  ])('POST %j → 400 %s', async (body, error) => {
    const response = await inject('POST', '/api/testimonials', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('creates with defaults (published, not featured), audits and announces it; PATCH and DELETE too', async () => {
    changes.length = 0;
    const created = await create({ ...valid, customerTitle: 'Engineer', customer_company: ' Analytical ', rating: '5', avatar_url: 'https://example.com/a.png' });
    expect(created).toMatchObject({
      customerName: 'Ada Lovelace',
      customerTitle: 'Engineer',
      customerCompany: 'Analytical',
      rating: 5,
      avatarUrl: 'https://example.com/a.png',
      isPublished: true,
      isFeatured: false,
    });
    const patched = await inject('PATCH', `/api/testimonials/${created.id}`, { rating: null, is_featured: true, customer_company: '' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ rating: null, isFeatured: true, customerCompany: null });
    expect((await inject('GET', `/api/testimonials/${created.id}`)).json()).toMatchObject({ isFeatured: true });
    expect((await inject('PATCH', `/api/testimonials/${created.id}`, { rating: 9 })).statusCode).toBe(400);
    expect((await inject('DELETE', `/api/testimonials/${created.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/testimonials/${created.id}`)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/testimonials/${created.id}`, { rating: 3 })).statusCode).toBe(404);
    expect((await inject('GET', `/api/testimonials/${created.id}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/testimonials/abc')).statusCode).toBe(400);
    expect(changes).toEqual(['testimonials', 'testimonials', 'testimonials']);
    const audit = await inject('GET', `/api/audit-log?entity=testimonial`);
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = (audit.json() as { entries: Array<{ action: string; entityId: string | null }> }).entries
      .filter((entry) => String(entry.entityId) === String(created.id))
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['testimonial.create', 'testimonial.delete', 'testimonial.update']);
  });

  it('public reads return only published testimonials, featured first; admins filter, search and page', async () => {
    const plain = await create({ ...valid, customer_name: 'Plain Published' });
    const featured = await create({ ...valid, customer_name: 'Featured Published', is_featured: true });
    const hidden = await create({ ...valid, customer_name: 'Hidden Draft', is_published: false, is_featured: true });

    const publicList = await inject('GET', '/api/testimonials?published=true', undefined, null);
    expect(publicList.statusCode).toBe(200);
    const { items, total } = publicList.json<{ items: Testimonial[]; total: number }>();
    const ids = items.map((item) => item.id);
    expect(ids).toContain(plain.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(featured.id)).toBeLessThan(ids.indexOf(plain.id));
    expect(items[0]).not.toHaveProperty('isPublished');
    expect(total).toBe(items.length);
    // a non-admin asking for published=true also only sees published ones
    const asUser = (await inject('GET', '/api/testimonials?published=true', undefined, user.headers)).json<{ items: Testimonial[] }>();
    expect(asUser.items.some((item) => item.id === hidden.id)).toBe(false);

    const drafts = (await inject('GET', '/api/testimonials?published=false')).json<{ items: Testimonial[] }>();
    expect(drafts.items.map((item) => item.id)).toContain(hidden.id);
    expect(drafts.items.every((item) => !item.isPublished)).toBe(true);
    const searched = (await inject('GET', '/api/testimonials?q=hidden%20dr')).json<{ items: Testimonial[]; total: number }>();
    expect(searched.items.map((item) => item.id)).toEqual([hidden.id]);
    const page = (await inject('GET', '/api/testimonials?limit=1&offset=1')).json<{ items: Testimonial[]; total: number }>();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await inject('GET', '/api/testimonials?limit=0')).statusCode).toBe(400);
    expect((await inject('GET', '/api/testimonials?q=%00')).statusCode).toBe(400);
  });
});
