/**
 * Issue 8 §7: no input makes the API answer 5xx. Property-based: every text field of every public and admin
 * route (body, querystring, path) gets arbitrary Unicode, always including NUL, lone surrogates and impossible
 * dates, through the real app on a real database. A body text the database cannot store must be a 400 naming
 * the problem, and a jot whose decrypted fields hold anything at all is either stored or `Invalid payload`.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../tests/fixtures/test-database.ts';
import { createTestUser, type TestUser } from '../../../tests/fixtures/users.ts';
import { encryptLegacy, encryptV2 } from '../../shared/jot-crypto.ts';
import type { JotPlaintextInput } from '../../shared/schemas/jot-plaintext.ts';
import { isStorableText } from '../../shared/schemas/text.ts';
import { createClient, createKey, type TestKey } from '../../../tests/fixtures/test-kit.ts';

/** What broke the server before: NUL, lone surrogates (both halves, at either end), and dates PostgreSQL refuses. */
const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00',
  'x\udbffy',
  '\udfff\ud800',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
];
const textArbitrary = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...NASTY));
// Values go out in concurrent batches: a refused jot waits for the keyring's throttled re-read (about a second,
// keyring.ts), and concurrent misses share one wait. Each field gets NASTY as one batch plus random batches.
const batchOf = (size: number) => fc.array(textArbitrary, { minLength: size, maxLength: size });
const RUNS = 12;
// Fields that hash a password (argon2) cost tens of milliseconds each: fewer random values.
const SLOW_RUNS = 4;

/** Raw bytes for a path segment or query value: `%XX` for every UTF-8 byte (a lone surrogate becomes U+FFFD). */
const percentEncode = (value: string) => [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** Byte sequences no UTF-8 decoder accepts, sent as they are. */
const RAW_SEGMENTS = ['%00', '%ED%A0%80', '%FF', '%C0%80', '%', '%zz'];

type Send = (value: string) => Promise<LightMyRequestResponse>;
interface FieldCase {
  name: string;
  send: Send;
  /**
   * In a JSON body: unstorable text must be a 400. Paths and queries carry bytes, where only "no 5xx" applies, and
   * a number field (display order) turns any text into 0 (spec §5).
   */
  inBody: boolean;
  /** Random values besides NASTY; 0: the case sends its one fixed request. */
  runs?: number;
}

const NUMBER_FIELDS = new Set(['displayOrder', 'display_order']);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

describe(`no 5xx on any text, on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let key: TestKey;
  const ids: Record<'banner' | 'faq' | 'user' | 'buildGuid', number> = { banner: 0, faq: 0, user: 0, buildGuid: 0 };
  let clientId = '';
  let blogPostId = '';
  let blogAdId = 0;
  let blogCategoryId = 0;
  let campaignId = 0;
  let affiliateProductId = 0;
  let testimonialId = 0;
  let pageId = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100000' });
    const { app } = testApp;
    admin = await createTestUser(app, { isAdmin: true });
    user = await createTestUser(app);
    key = await createKey(app, admin.headers, 'bad-input-build');
    ids.buildGuid = (await createKey(app, admin.headers)).id;
    clientId = (await createClient(app, admin.headers)).clientId;
    ids.user = (await createTestUser(app)).id;
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    ids.banner = await post('/api/banners', { title: 'Banner', message: 'Hello' });
    ids.faq = await post('/api/faqs', { question: 'Why?', answer: 'Because.' });
    blogCategoryId = await post('/api/blog-categories', { name: 'Bad input' });
    blogAdId = await post('/api/blog-ads', { name: 'Ad', content: 'Buy' });
    campaignId = await post('/api/campaigns', { name: 'Bad input campaign' });
    affiliateProductId = await post('/api/affiliate-products', { name: 'Product', affiliate_link: 'https://vendor.example/p' });
    testimonialId = await post('/api/testimonials', { customer_name: 'Ada', testimonial_text: 'Great' });
    pageId = await post('/api/pages', { title: 'Bad input page' });
    const blogPost = await app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: admin.headers,
      payload: { title: 'Bad input post', content: 'Body', category: 'Bad input' },
    });
    expect(blogPost.statusCode, blogPost.body).toBe(201);
    blogPostId = blogPost.json<{ id: string }>().id;
  });
  afterAll(() => testApp?.close());

  // A 5xx is logged with its cause; the failure message shows it.
  const lastErrorLogged = () => {
    const entry = testApp.logs.findLast((line) => Number(line.level) >= 50);
    return entry ? JSON.stringify(entry.err ?? entry.msg).slice(0, 600) : '';
  };

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, headers = {}) =>
    testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  /** One case per field: the field gets the value, the others stay valid. */
  function bodyCases(
    label: string,
    fields: string[],
    build: (field: string, value: string) => Promise<{ method: 'POST' | 'PUT' | 'PATCH'; url: string; payload: Record<string, unknown>; headers?: Record<string, string> }>,
    runs = RUNS,
  ): FieldCase[] {
    return fields.map((field) => ({
      name: `${label} ${field}`,
      inBody: !NUMBER_FIELDS.has(field),
      runs,
      send: async (value) => {
        const request = await build(field, value);
        return inject(request.method, request.url, request.payload, request.headers);
      },
    }));
  }

  const withCaptcha = async (payload: Record<string, unknown>) => ({ captcha: await solveCaptcha(testApp.app), ...payload });
  const publicForm = (url: string, valid: () => Record<string, unknown>, fields: string[], runs = RUNS) =>
    bodyCases(`POST ${url}`, fields, async (field, value) => ({ method: 'POST', url, payload: await withCaptcha({ ...valid(), [field]: value }) }), runs);
  const adminBody = (method: 'POST' | 'PUT' | 'PATCH', url: () => string, valid: () => Record<string, unknown>, fields: string[], runs = RUNS) =>
    bodyCases(`${method} ${url()}`, fields, async (field, value) => ({ method, url: url(), payload: { ...valid(), [field]: value }, headers: admin.headers }), runs);
  const pathCase = (name: string, send: (segment: string) => Promise<LightMyRequestResponse>): FieldCase[] => [
    { name, inBody: false, send: (value) => send(percentEncode(value)) },
    ...RAW_SEGMENTS.map((raw) => ({ name: `${name} (raw ${raw})`, inBody: false, runs: 0, send: () => send(raw) })),
  ];

  const cases = (): FieldCase[] => [
    // ---- public forms
    ...publicForm(
      '/api/leads',
      () => ({ firstName: 'Ada', email: `lead-${unique()}@example.com`, source: 'homepage-hero' }),
      ['firstName', 'email', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'website', 'captcha'],
    ),
    ...publicForm(
      '/api/feedback',
      () => ({ name: 'Ada', email: `feedback-${unique()}@example.com`, subject: 'Hello', message: 'A long enough message.' }),
      ['name', 'email', 'subject', 'message', 'website', 'captcha'],
    ),
    ...publicForm(
      '/api/contact',
      () => ({ name: 'Ada', email: `contact-${unique()}@example.com`, company: 'ACME', subject: 'Hello', message: 'A message.' }),
      ['name', 'email', 'company', 'subject', 'message'],
    ),
    ...publicForm(
      '/api/send-invitation-email',
      () => ({
        senderName: 'Ada',
        senderEmail: 'ada@example.com',
        recipientName: 'Bob',
        recipientEmail: `bob-${unique()}@example.com`,
        personalMessage: 'Try it',
      }),
      ['senderName', 'senderEmail', 'recipientName', 'recipientEmail', 'personalMessage'],
    ),
    // ---- accounts
    ...publicForm('/api/auth/signup', () => ({ email: `signup-${unique()}@example.com`, password: 'password-123' }), ['email', 'password'], SLOW_RUNS),
    ...publicForm('/api/auth/signin', () => ({ email: admin.email, password: 'password-123' }), ['email', 'password'], SLOW_RUNS),
    ...publicForm('/api/auth/forgot-password', () => ({ email: `forgot-${unique()}@example.com` }), ['email']),
    ...bodyCases('POST /api/send-confirmation-email', ['email'], async (_field, value) => ({
      method: 'POST',
      url: '/api/send-confirmation-email',
      payload: { email: value },
    })),
    ...bodyCases('POST /api/auth/confirm', ['token'], async (_field, value) => ({ method: 'POST', url: '/api/auth/confirm', payload: { token: value } })),
    ...bodyCases(
      'POST /api/auth/reset-password',
      ['token', 'password'],
      async (field, value) => ({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'some-token', password: 'password-123', [field]: value } }),
      SLOW_RUNS,
    ),
    // ---- admin: users
    {
      name: 'GET /api/users?search=',
      inBody: false,
      send: (value) => inject('GET', `/api/users?search=${percentEncode(value)}`, undefined, admin.headers),
    },
    ...RAW_SEGMENTS.map((raw) => ({
      name: `GET /api/users?search=${raw}`,
      inBody: false,
      runs: 0,
      send: () => inject('GET', `/api/users?search=${raw}`, undefined, admin.headers),
    })),
    ...adminBody('POST', () => '/api/users', () => ({ username: `u${unique()}`, email: `user-${unique()}@example.com`, password: 'password-123' }), ['username', 'email', 'password'], SLOW_RUNS),
    ...adminBody('PATCH', () => `/api/users/${ids.user}`, () => ({}), ['username', 'email', 'password'], SLOW_RUNS),
    ...pathCase('PATCH /api/users/:id', (segment) => inject('PATCH', `/api/users/${segment}`, { isApproved: true }, admin.headers)),
    // ---- admin: banners, FAQs, help
    ...adminBody(
      'POST',
      () => '/api/banners',
      () => ({ title: 'Title', message: 'Message' }),
      ['title', 'message', 'type', 'backgroundColor', 'textColor', 'startDate', 'endDate', 'displayOrder'],
    ),
    ...adminBody('PATCH', () => `/api/banners/${ids.banner}`, () => ({}), ['title', 'message', 'type', 'backgroundColor', 'textColor', 'startDate', 'endDate']),
    ...pathCase('PATCH /api/banners/:id', (segment) => inject('PATCH', `/api/banners/${segment}`, { title: 'x' }, admin.headers)),
    ...adminBody('POST', () => '/api/faqs', () => ({ question: 'Q?', answer: 'A.' }), ['question', 'answer', 'display_order']),
    ...adminBody('PATCH', () => `/api/faqs/${ids.faq}`, () => ({}), ['question', 'answer']),
    ...pathCase('GET /api/faqs?published=', (segment) => inject('GET', `/api/faqs?published=${segment}`, undefined, admin.headers)),
    ...adminBody('PUT', () => '/api/help-config', () => ({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }), ['videoUrl', 'videoTitle', 'videoDescription']),
    // ---- admin: build GUIDs and API clients
    ...adminBody('POST', () => '/api/build-guids', () => ({ name: `guid-${unique()}`, value: 'secret' }), ['name', 'value']),
    ...adminBody('PUT', () => `/api/build-guids/${ids.buildGuid}`, () => ({ name: `guid-${unique()}`, value: 'secret' }), ['name', 'value']),
    ...pathCase('DELETE /api/build-guids/:id', (segment) => inject('DELETE', `/api/build-guids/${segment}`, undefined, admin.headers)),
    ...adminBody('POST', () => '/api/clients', () => ({ name: 'Client' }), ['name']),
    ...adminBody('PATCH', () => `/api/clients/${clientId}`, () => ({}), ['name']),
    ...pathCase('PATCH /api/clients/:id', (segment) => inject('PATCH', `/api/clients/${segment}`, { name: 'x' }, admin.headers)),
    ...pathCase('DELETE /api/clients/:id', (segment) => inject('DELETE', `/api/clients/${segment}`, undefined, admin.headers)),
    // ---- jots: search, test jot, reads
    ...['/api/jots-search', '/jots-search'].flatMap((url) =>
      adminBody('POST', () => url, () => ({ field: 'payload', value: 'ferns', appName: 'JotApp' }), ['field', 'value', 'appName']),
    ),
    ...bodyCases('POST /api/test-jot', ['content', 'buildGuidName'], async (field, value) => ({
      method: 'POST',
      url: '/api/test-jot',
      payload: { content: 'Hello', buildGuidName: key.name, [field]: value },
      headers: user.headers,
    })),
    ...pathCase('GET /api/jots?limit=', (segment) => inject('GET', `/api/jots?limit=${segment}&offset=${segment}`, undefined, admin.headers)),
    ...pathCase('GET /api/leads?limit=', (segment) => inject('GET', `/api/leads?limit=${segment}`, undefined, admin.headers)),
    // ---- issue 24: unsubscribe, confirmation, the leads' mail status
    ...pathCase('GET /api/leads?unsubscribed=', (segment) => inject('GET', `/api/leads?unsubscribed=${segment}`, undefined, admin.headers)),
    ...pathCase('PUT /api/leads/:id/subscription', (segment) => inject('PUT', `/api/leads/${segment}/subscription`, { unsubscribed: true }, admin.headers)),
    ...pathCase('POST /unsubscribe?t= (one-click)', (segment) =>
      testApp.app.inject({ method: 'POST', url: `/unsubscribe?t=${segment}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }),
    ),
    ...pathCase('POST /unsubscribe (form body)', (segment) =>
      testApp.app.inject({ method: 'POST', url: '/unsubscribe', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `t=${segment}&action=${segment}` }),
    ),
    ...pathCase('POST /confirm-subscription?t=', (segment) =>
      testApp.app.inject({ method: 'POST', url: `/confirm-subscription?t=${segment}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=confirm' }),
    ),
    // ---- jot ingestion, outside the encryption
    ...['/jots', '/api/v1/jots'].flatMap((url) =>
      bodyCases(`POST ${url}`, ['payload', 'buildGuidName'], async (field, value) => ({
        method: 'POST',
        url,
        payload: { payload: encryptLegacy({ text: 'outer field' }, key.value), buildGuidName: key.name, [field]: value },
      })),
    ),
    ...bodyCases('POST /api/v2/jots', ['payload'], async (_field, value) => ({ method: 'POST', url: '/api/v2/jots', payload: { payload: value } })),
  ];

  async function expectNo5xx(list: FieldCase[]): Promise<void> {
    for (const field of list) {
      const check = async (value: string) => {
        const response = await field.send(value);
        const context = `${field.name} = ${JSON.stringify(value)} → ${response.statusCode} ${response.body.slice(0, 200)} ${lastErrorLogged()}`;
        expect(response.statusCode, context).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json<{ error: unknown }>().error, context).toBe('string');
        if (field.inBody && !isStorableText(value)) expect(response.statusCode, context).toBe(400);
      };
      if (field.runs === 0) {
        await check('');
        continue;
      }
      await fc.assert(
        fc.asyncProperty(batchOf(field.runs ?? RUNS), async (values) => {
          await Promise.all(values.map(check));
        }),
        { numRuns: 1, examples: [[NASTY]] },
      );
    }
  }

  /** A query parameter of an admin GET: arbitrary values percent-encoded, and raw bytes no decoder accepts. */
  const queryCase = (url: string, param: string): FieldCase[] => pathCase(`GET ${url}?${param}=`, (segment) => inject('GET', `${url}?${param}=${segment}`, undefined, admin.headers));

  /** Issue 10 and 11: the back-office and blog routes (leads, inbox, audit log, FAQ order, blog CMS, subscribe). */
  const backOfficeCases = (): FieldCase[] => [
    // ---- leads
    ...['q', 'source', 'synced', 'from', 'to', 'sort', 'offset'].flatMap((param) => queryCase('/api/leads', param)),
    ...['q', 'source', 'from', 'ids'].flatMap((param) => queryCase('/api/leads/export.csv', param)),
    ...pathCase('GET /api/leads/:id', (segment) => inject('GET', `/api/leads/${segment}`, undefined, admin.headers)),
    ...pathCase('POST /api/leads/:id/retry-sync', (segment) => inject('POST', `/api/leads/${segment}/retry-sync`, {}, admin.headers)),
    ...adminBody('POST', () => '/api/leads/bulk', () => ({ action: 'delete', ids: [999_999] }), ['action', 'ids']),
    // ---- inbox and audit log
    ...['view', 'type', 'limit'].flatMap((param) => queryCase('/api/inbox', param)),
    ...pathCase('PATCH /api/inbox/:type/:id', (segment) => inject('PATCH', `/api/inbox/feedback/${segment}`, { read: true }, admin.headers)),
    ...pathCase('PATCH /api/inbox/:type', (segment) => inject('PATCH', `/api/inbox/${segment}/1`, { read: true }, admin.headers)),
    ...['actor', 'action', 'entity', 'from', 'to'].flatMap((param) => queryCase('/api/audit-log', param)),
    ...adminBody('POST', () => '/api/users/bulk', () => ({ action: 'approve', ids: [999_999] }), ['action', 'ids']),
    ...adminBody('POST', () => '/api/faqs/reorder', () => ({ ids: [ids.faq] }), ['ids']),
    // ---- blog CMS
    ...adminBody(
      'POST',
      () => '/api/blog-posts',
      () => ({ title: `Post ${unique()}`, content: 'Body', category: 'Bad input' }),
      ['title', 'slug', 'excerpt', 'content', 'featured_image_url', 'meta_title', 'meta_description', 'meta_keywords', 'author_name', 'author_bio', 'author_avatar_url', 'category', 'tags', 'published_at', 'read_time_minutes'],
    ),
    // A save names the version it read (decision 0064): read it first, so the text reaches the save itself.
    ...bodyCases(`PATCH /api/blog-posts/${blogPostId}`, ['title', 'slug', 'excerpt', 'content', 'category', 'tags', 'published_at'], async (field, value) => {
      const read = await inject('GET', `/api/blog-posts/${blogPostId}`, undefined, admin.headers);
      return { method: 'PATCH', url: `/api/blog-posts/${blogPostId}`, payload: { version: read.json<{ version: number }>().version, [field]: value }, headers: admin.headers };
    }),
    ...adminBody('POST', () => `/api/blog-posts/${blogPostId}/autosave`, () => ({ version: 1 }), ['title', 'excerpt', 'content', 'category', 'tags', 'meta_title', 'author_name']),
    ...pathCase('GET /api/blog-posts/:id/revisions', (segment) => inject('GET', `/api/blog-posts/${segment}/revisions`, undefined, admin.headers)),
    ...pathCase('GET /api/blog-posts/:id/revisions/:revisionId', (segment) => inject('GET', `/api/blog-posts/${blogPostId}/revisions/${segment}`, undefined, admin.headers)),
    ...pathCase('POST /api/blog-posts/:id/revisions/:revisionId/restore', (segment) => inject('POST', `/api/blog-posts/${blogPostId}/revisions/${segment}/restore`, { version: 1 }, admin.headers)),
    ...pathCase('GET /api/blog-posts/:idOrSlug', (segment) => inject('GET', `/api/blog-posts/${segment}`)),
    ...pathCase('PATCH /api/blog-posts/:id', (segment) => inject('PATCH', `/api/blog-posts/${segment}`, { title: 'x' }, admin.headers)),
    ...pathCase('POST /api/blog-posts/:id/view', (segment) => inject('POST', `/api/blog-posts/${segment}/view`, {})),
    ...pathCase('POST /api/blog-posts/:id/like', (segment) => inject('POST', `/api/blog-posts/${segment}/like`, {})),
    ...['q', 'status', 'category', 'tag', 'limit'].flatMap((param) => queryCase('/api/blog-posts', param)),
    ...adminBody('POST', () => '/api/blog-categories', () => ({ name: `Category ${unique()}` }), ['name', 'slug', 'description', 'color']),
    ...adminBody('PATCH', () => `/api/blog-categories/${blogCategoryId}`, () => ({}), ['name', 'slug', 'description', 'color']),
    ...adminBody('POST', () => '/api/blog-ads', () => ({ name: 'Ad', content: 'Buy' }), ['name', 'type', 'content', 'image_url', 'target_url', 'alt_text', 'position', 'priority']),
    ...adminBody('PATCH', () => `/api/blog-ads/${blogAdId}`, () => ({}), ['name', 'content', 'target_url']),
    ...pathCase('DELETE /api/blog-ads/:id', (segment) => inject('DELETE', `/api/blog-ads/${segment}`, undefined, admin.headers)),
    // ---- content collections (issue 12): testimonials and pages
    ...adminBody(
      'POST',
      () => '/api/testimonials',
      () => ({ customer_name: 'Ada', testimonial_text: 'Great' }),
      ['customer_name', 'customer_title', 'customer_company', 'testimonial_text', 'rating', 'avatar_url', 'is_featured', 'is_published'],
    ),
    ...adminBody('PATCH', () => `/api/testimonials/${testimonialId}`, () => ({}), ['customer_name', 'customer_title', 'testimonial_text', 'rating', 'avatar_url']),
    ...pathCase('PATCH /api/testimonials/:id', (segment) => inject('PATCH', `/api/testimonials/${segment}`, { rating: 3 }, admin.headers)),
    ...['published', 'q', 'limit', 'offset'].flatMap((param) => queryCase('/api/testimonials', param)),
    ...adminBody('POST', () => '/api/pages', () => ({ title: `Page ${unique()}` }), ['title', 'slug', 'content', 'meta_description', 'is_published']),
    ...adminBody('PATCH', () => `/api/pages/${pageId}`, () => ({}), ['title', 'slug', 'content', 'meta_description']),
    ...pathCase('GET /api/pages/:idOrSlug', (segment) => inject('GET', `/api/pages/${segment}`)),
    ...pathCase('PATCH /api/pages/:id', (segment) => inject('PATCH', `/api/pages/${segment}`, { title: 'x' }, admin.headers)),
    ...['published', 'q', 'limit', 'offset'].flatMap((param) => queryCase('/api/pages', param)),
    ...publicForm('/api/blog-subscribe', () => ({ email: `subscriber-${unique()}@example.com` }), ['email', 'website', 'captcha']),
    ...adminBody('PATCH', () => `/api/blog-ads/${blogAdId}`, () => ({ type: 'affiliate_link' }), ['affiliate_product_id']),
    // ---- issue 12: campaigns and affiliate products
    ...adminBody('POST', () => '/api/campaigns', () => ({ name: `Campaign ${unique()}` }), ['name', 'slug', 'description', 'landing_page_content', 'conversion_goal', 'is_active']),
    ...adminBody('PATCH', () => `/api/campaigns/${campaignId}`, () => ({}), ['name', 'slug', 'description', 'landing_page_content', 'conversion_goal']),
    ...pathCase('GET /api/campaigns/:idOrSlug', (segment) => inject('GET', `/api/campaigns/${segment}`)),
    ...pathCase('PATCH /api/campaigns/:id', (segment) => inject('PATCH', `/api/campaigns/${segment}`, { name: 'x' }, admin.headers)),
    ...['q', 'active', 'limit', 'offset'].flatMap((param) => queryCase('/api/campaigns', param)),
    ...adminBody(
      'POST',
      () => '/api/affiliate-products',
      () => ({ name: 'Product', affiliate_link: 'https://vendor.example/p' }),
      ['name', 'description', 'price', 'affiliate_link', 'vendor', 'category', 'commission_rate', 'featured_image_url', 'is_active'],
    ),
    ...adminBody('PATCH', () => `/api/affiliate-products/${affiliateProductId}`, () => ({}), ['name', 'price', 'affiliate_link', 'commission_rate', 'featured_image_url']),
    ...pathCase('GET /api/affiliate-products/:id', (segment) => inject('GET', `/api/affiliate-products/${segment}`)),
    ...pathCase('DELETE /api/affiliate-products/:id', (segment) => inject('DELETE', `/api/affiliate-products/${segment}`, undefined, admin.headers)),
    ...['q', 'active', 'limit'].flatMap((param) => queryCase('/api/affiliate-products', param)),
  ];

  it('answers every text field with < 500, and unstorable body text with a 400', { timeout: 240_000 }, () => expectNo5xx(cases()));

  it('does the same on the back-office and blog routes', { timeout: 240_000 }, () => expectNo5xx(backOfficeCases()));

  const PLAINTEXT_FIELDS = ['text', 'clientId', 'appName', 'windowTitle', 'appVersion', 'plugin'] as const;
  const encrypt = {
    '/api/v2/jots': (plaintext: JotPlaintextInput) => ({ payload: encryptV2(plaintext, key.name, key.value) }),
    '/api/v1/jots': (plaintext: JotPlaintextInput) => ({ payload: encryptLegacy(plaintext, key.value), buildGuidName: key.name }),
    '/jots': (plaintext: JotPlaintextInput) => ({ payload: encryptLegacy(plaintext, key.value) }),
  };

  it('stores a jot whatever its decrypted fields hold, or answers Invalid payload (legacy, v1, v2)', { timeout: 120_000 }, async () => {
    const fieldValue = fc.tuple(fc.constantFrom(...PLAINTEXT_FIELDS), textArbitrary);
    const everyNastyValue = PLAINTEXT_FIELDS.flatMap((field) => NASTY.map((value) => [field, value] as [typeof field, string]));
    for (const [url, build] of Object.entries(encrypt)) {
      await fc.assert(
        fc.asyncProperty(fc.array(fieldValue, { minLength: 30, maxLength: 30 }), async (pairs) => {
          await Promise.all(
            pairs.map(async ([field, value]) => {
              const plaintext = { text: 'a jot', ...{ [field]: value } } as JotPlaintextInput;
              const response = await inject('POST', url, build(plaintext));
              const context = `${url} ${field} = ${JSON.stringify(value)} → ${response.statusCode} ${response.body}`;
              if (response.statusCode === 201) expect(isStorableText(value), context).toBe(true);
              else expect(response.body, context).toBe('{"error":"Invalid payload"}');
            }),
          );
        }),
        { numRuns: 2, examples: [[everyNastyValue]] },
      );
    }
  });
});
