import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';

type Faq = { id: number; question: string; answer: string; display_order: number; is_published: boolean };

describe(`FAQs on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
  });
  afterAll(() => testApp?.close());

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
  ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url) => {
    const body = method === 'POST' || method === 'PATCH' ? { question: 'Q', answer: 'A' } : undefined;
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
      display_order: 0,
      is_published: true,
    });
    expect(await create({ question: 'Hidden?', answer: 'Yes', is_published: false, display_order: 'x' })).toMatchObject({
      is_published: false,
      display_order: 0,
    });
  });

  it('lists published FAQs for anyone, in display order, and every FAQ for admins', async () => {
    const late = await create({ question: 'Late', answer: 'A', display_order: 9 });
    const early = await create({ question: 'Early', answer: 'A', display_order: -5 });
    const publicList = await testApp.app.inject({ method: 'GET', url: '/api/faqs?published=true' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.headers['cache-control']).toBe('public, max-age=60');
    const published = publicList.json<Faq[]>();
    expect(published.every((faq) => faq.is_published)).toBe(true);
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
    expect(changed.json()).toMatchObject({ question: 'Q?', answer: 'Better answer.', is_published: false, display_order: 3 });
    expect((await inject('PATCH', `/api/faqs/${faq.id}`, { question: '' })).json()).toMatchObject({ error: 'Question is required' });
    expect((await inject('DELETE', `/api/faqs/${faq.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/faqs/${faq.id}`)).json()).toEqual({ error: 'FAQ not found' });
    expect((await inject('PATCH', `/api/faqs/${faq.id}`, { answer: 'x' })).statusCode).toBe(404);
  });
});
