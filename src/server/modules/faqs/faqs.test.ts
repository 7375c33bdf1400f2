import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';

type Faq = { id: number; question: string; answer: string; answerHtml?: string; displayOrder: number; isPublished: boolean };

describe(`FAQs on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({}, (suite) => ({ testApp, admin, user } = suite));

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: object = admin.headers) =>
    testApp.app.inject({ method, url, payload, headers: headers as Record<string, string> });
  const create = async (body: Record<string, unknown>) => {
    const response = await inject('POST', '/api/faqs', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Faq>();
  };

  it.each([
    ['GET', '/api/faqs'],
    ['GET', '/api/faqs?published=false'],
    ['POST', '/api/faqs'],
    ['PATCH', '/api/faqs/1'],
    ['DELETE', '/api/faqs/1'],
    ['POST', '/api/faqs/reorder'],
  ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url) => {
    const body = url.endsWith('/reorder') ? { ids: [1] } : method === 'POST' || method === 'PATCH' ? { question: 'Q', answer: 'A' } : undefined;
    expect((await testApp.app.inject({ method, url, payload: body })).statusCode).toBe(401);
    expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
  });

  it.each([
    [{ answer: 'A' }, 'Question is required'],
    [{ question: ' ', answer: 'A' }, 'Question is required'],
    [{ question: 'Q' }, 'Answer is required'],
    [{ question: 'Q', answer: '' }, 'Answer is required'],
  ])('%j → 400 %s', async (body, error) => {
    const response = await inject('POST', '/api/faqs', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('creates with the spec form fields; a new FAQ is published, order 0 by default (spec §4)', async () => {
    expect(await create({ question: 'What is a jot?', answer: 'A short note.' })).toMatchObject({
      question: 'What is a jot?',
      answer: 'A short note.',
      displayOrder: 0,
      isPublished: true,
    });
    expect(await create({ question: 'Hidden?', answer: 'Yes', is_published: false, display_order: 'x' })).toMatchObject({
      isPublished: false,
      displayOrder: 0,
    });
  });

  it('lists published FAQs for anyone, in display order, and every FAQ for admins', async () => {
    const late = await create({ question: 'Late', answer: 'A', display_order: 9 });
    const early = await create({ question: 'Early', answer: 'A', display_order: -5 });
    const publicList = await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.headers['cache-control']).toBe('public, max-age=60');
    const published = publicList.json<Faq[]>();
    expect(published.every((faq) => faq.isPublished)).toBe(true);
    expect(published[0]?.id).toBe(early.id);
    expect(published.at(-1)?.id).toBe(late.id);
    expect(published.some((faq) => faq.question === 'Hidden?')).toBe(false);

    const etag = String(publicList.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    await inject('PATCH', `/api/faqs/${late.id}`, { answer: 'Changed' });
    const changed = await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);

    const all = (await inject('GET', '/api/faqs')).json<Faq[]>();
    expect(all.some((faq) => faq.question === 'Hidden?')).toBe(true);
    const drafts = (await inject('GET', '/api/faqs?published=false')).json<Faq[]>();
    expect(drafts.map((faq) => faq.question)).toEqual(['Hidden?']);
  });

  it('changes and deletes a FAQ (404 afterwards)', async () => {
    const faq = await create({ question: 'Q?', answer: 'A.' });
    const changed = await inject('PATCH', `/api/faqs/${faq.id}`, { answer: 'Better answer.', is_published: false, display_order: '3' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ question: 'Q?', answer: 'Better answer.', isPublished: false, displayOrder: 3 });
    expect((await inject('PATCH', `/api/faqs/${faq.id}`, { question: '' })).json()).toMatchObject({ error: 'Question is required' });
    expect((await inject('DELETE', `/api/faqs/${faq.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/faqs/${faq.id}`)).json()).toEqual({ error: 'FAQ not found' });
    expect((await inject('PATCH', `/api/faqs/${faq.id}`, { answer: 'x' })).statusCode).toBe(404);
  });

  describe('PATCH /api/faqs/{id}', () => {
    it.each([
      [{ question: '' }, 'Question is required'],
      [{ answer: '   ' }, 'Answer is required'],
      [{ is_published: 'yes' }, 'Published must be true or false'],
      [{ question: 42 }, 'Question is required'],
    ])('%j → 400 %s', async (body, error) => {
      const faq = await create({ question: 'Patch me?', answer: 'A' });
      const response = await inject('PATCH', `/api/faqs/${faq.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
    });

    it('400 for a bad id, 404 for an unknown one; writes faq.update to the audit log', async () => {
      expect((await inject('PATCH', '/api/faqs/abc', { answer: 'x' })).statusCode).toBe(400);
      expect((await inject('PATCH', '/api/faqs/99999999', { answer: 'x' })).json()).toEqual({ error: 'FAQ not found' });
      const faq = await create({ question: 'Audited?', answer: 'A' });
      await inject('PATCH', `/api/faqs/${faq.id}`, { is_published: false });
      const rows = await testApp.database.sql.query<{ action: string; details: { fields: string[]; changes: object } }>(
        `select action, details from audit_log where entity = 'faq' and entity_id = $1 order by id`,
        [String(faq.id)],
      );
      expect(rows.rows.map((row) => row.action)).toEqual(['faq.create', 'faq.update']);
      expect(rows.rows[1]?.details).toEqual({ fields: ['is_published'], changes: { isPublished: { from: true, to: false } } });
    });
  });

  describe('POST /api/faqs/reorder', () => {
    const allIds = async () => (await inject('GET', '/api/faqs')).json<Faq[]>().map((faq) => faq.id);

    it('rewrites display order 0, 1, 2 … in the order given; the public list follows; audited as faq.reorder', async () => {
      await create({ question: 'Reorder A', answer: 'A', display_order: 1 });
      await create({ question: 'Reorder B', answer: 'B', display_order: 2 });
      const ids = (await allIds()).reverse();
      const response = await inject('POST', '/api/faqs/reorder', { ids });
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<Faq[]>();
      expect(list.map((faq) => faq.id)).toEqual(ids);
      expect(list.map((faq) => faq.displayOrder)).toEqual(ids.map((_, index) => index));
      expect(await allIds()).toEqual(ids);
      const published = (await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true' })).json<Faq[]>();
      expect(published.map((faq) => faq.id)).toEqual(list.filter((faq) => faq.isPublished).map((faq) => faq.id));
      const audit = await testApp.database.sql.query<{ details: { ids: number[] } }>(
        `select details from audit_log where action = 'faq.reorder' order by id desc limit 1`,
      );
      expect(audit.rows[0]?.details.ids).toEqual(ids);
    });

    it('409 when the ids are not exactly the current FAQs (changed meanwhile), and nothing moves', async () => {
      const before = await allIds();
      for (const ids of [before.slice(1), [...before, 99999999]]) {
        const response = await inject('POST', '/api/faqs/reorder', { ids });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: 'The FAQ list has changed; reload and try again' });
      }
      expect(await allIds()).toEqual(before);
    });

    it.each([
      [{}, 'ids must be a list of FAQ ids'],
      [{ ids: 'a,b' }, 'ids must be a list of FAQ ids'],
      [{ ids: [] }, 'ids must name at least one FAQ'],
      [{ ids: [1, 1] }, 'ids must not repeat an id'],
      [{ ids: [1.5] }, 'Each id must be a whole number'],
      [{ ids: ['x'] }, 'Each id must be a number'],
      [{ ids: [-1] }, 'Each id must be positive'],
    ])('%j → 400 %s', async (body, error) => {
      const response = await inject('POST', '/api/faqs/reorder', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
    });
  });

  it('renders Markdown answers to sanitised HTML in the published list (answerHtml), not for admins', async () => {
    const faq = await create({
      question: 'Markdown?',
      answer: 'Use **bold** and [links](https://example.com).\n\n<script>alert(1)</script><img src=x onerror="alert(1)">',
    });
    const published = (await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true' })).json<Faq[]>();
    const html = published.find((item) => item.id === faq.id)?.answerHtml ?? '';
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com">links</a>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    const changed = await inject('PATCH', `/api/faqs/${faq.id}`, { answer: 'Now *italic*' });
    expect(changed.json()).not.toHaveProperty('answerHtml');
    const again = (await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true' })).json<Faq[]>();
    expect(again.find((item) => item.id === faq.id)?.answerHtml).toContain('<em>italic</em>');
  });
});
