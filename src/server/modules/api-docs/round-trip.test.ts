/**
 * Issue 25 (decision 0027): what you read you can write back. For each resource, a record is created under its
 * canonical (read) names, read, one field changed, and the whole read record's writable fields sent back: every
 * field survives. The writable fields are the write body's properties in the OpenAPI document, not a hand list.
 * Also: a 200-character slug is created and read back, and anonymous `status=draft` is refused as documented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../../tests/fixtures/users.ts';

type Json = Record<string, unknown>;
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Json } }> } }>> };

/** A collection at `path`: created by POST there, read at `{path}/{id}` (or found in its list), written back there. */
interface Resource {
  name: string;
  path: string;
  /** What is created, under the canonical names. */
  body: Json;
  /** One field changed before the record is written back. */
  change: Json;
  /** The collection has no GET by id: the record is found in its list. */
  readFromList?: true;
  /** How the record is written back (default PATCH). */
  method?: 'PUT';
}

describe(`read-modify-write round trips on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let document: OpenApi;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createTestAdmin(testApp.app);
    document = (await testApp.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json<OpenApi>();
    await ok('POST', '/api/blog-categories', { name: 'Trips' });
  });
  afterAll(() => testApp?.close());

  const call = async (method: string, url: string, payload?: Json, headers: Json | null = admin.headers) => {
    const response = await testApp.app.inject({ method: method as 'GET', url, payload, headers: (headers ?? {}) as Record<string, string> });
    return { status: response.statusCode, body: response.body ? (response.json() as Json) : {} };
  };
  const ok = async (method: string, url: string, payload?: Json) => {
    const { status, body } = await call(method, url, payload);
    expect(status, `${method} ${url}: ${JSON.stringify(body)}`).toBeLessThan(300);
    return body;
  };
  const fromList = (path: string, key?: string) => async (id: unknown) => {
    const list = await ok('GET', path);
    const items = (key ? list[key] : list) as Json[];
    return items.find((item) => item.id === id)!;
  };

  const writableFields = (method: string, path: string) => {
    const operation = document.paths[path]?.[method.toLowerCase()];
    const properties = operation?.requestBody?.content['application/json']?.schema.properties;
    if (!properties) throw new Error(`${method} ${path} documents no JSON body`);
    return Object.keys(properties);
  };

  const resources: Resource[] = [
    {
      name: 'campaigns',
      path: '/api/campaigns',
      body: { name: 'Spring', slug: 'spring', description: 'D', landingPageContent: '# Hi', conversionGoal: 'Sign-ups', isActive: false },
      change: { conversionGoal: 'Downloads' },
    },
    {
      name: 'affiliate products',
      path: '/api/affiliate-products',
      body: {
        name: 'Pen',
        description: 'A pen',
        price: '19.99',
        affiliateLink: 'https://vendor.example/pen',
        vendor: 'V',
        category: 'C',
        commissionRate: '12.50',
        featuredImageUrl: 'https://vendor.example/pen.png',
        isActive: false,
      },
      change: { vendor: 'W' },
    },
    {
      name: 'blog posts',
      path: '/api/blog-posts',
      body: {
        title: 'Round trip',
        content: 'Body',
        excerpt: 'E',
        category: 'Trips',
        tags: ['a', 'b'],
        featuredImageUrl: 'https://example.com/a.png',
        metaTitle: 'MT',
        metaDescription: 'MD',
        metaKeywords: 'k',
        authorName: 'Ann',
        authorBio: 'Bio',
        authorAvatarUrl: 'https://example.com/ann.png',
        readTimeMinutes: 7,
        isPublished: true,
        isFeatured: true,
        publishedAt: '2026-01-02T03:04:05.000Z',
      },
      change: { excerpt: 'Changed' },
    },
    {
      name: 'blog categories',
      path: '/api/blog-categories',
      body: { name: 'Round', description: 'D', color: '#123456' },
      change: { description: 'Changed' },
      readFromList: true,
    },
    {
      name: 'blog ads',
      path: '/api/blog-ads',
      body: { name: 'Ad', type: 'banner', content: 'Buy', imageUrl: 'https://example.com/ad.png', targetUrl: 'https://example.com', altText: 'Alt', isActive: false, position: 'bottom', priority: 3 },
      change: { altText: 'Changed' },
      readFromList: true,
    },
    {
      name: 'testimonials',
      path: '/api/testimonials',
      body: { customerName: 'Bo', customerTitle: 'CTO', customerCompany: 'Acme', testimonialText: 'Great', rating: 4, avatarUrl: 'https://example.com/bo.png', isFeatured: true, isPublished: false },
      change: { rating: 5 },
    },
    {
      name: 'pages',
      path: '/api/pages',
      body: { title: 'Terms', slug: 'round-trip-terms', content: '# T', metaDescription: 'M', isPublished: true },
      change: { metaDescription: 'Changed' },
    },
    {
      name: 'FAQs',
      path: '/api/faqs',
      body: { question: 'Q?', answer: 'A', displayOrder: 4, isPublished: false },
      change: { answer: 'Changed' },
      readFromList: true,
    },
    {
      name: 'banners',
      path: '/api/banners',
      body: { title: 'Sale', message: 'Now', type: 'info', isActive: false, isCloseable: false, displayOrder: 2, startDate: '2026-01-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' },
      change: { message: 'Changed' },
      readFromList: true,
    },
    {
      name: 'build GUIDs',
      path: '/api/build-guids',
      body: { name: 'round-trip', value: 'secret-value' },
      change: { value: 'other-secret' },
      readFromList: true,
      method: 'PUT',
    },
    {
      name: 'API clients',
      path: '/api/clients',
      body: { name: 'Reporting', isAdmin: false },
      change: { name: 'Renamed' },
      readFromList: true,
    },
  ];

  it.each(resources.map((resource) => [resource.name, resource] as const))('%s: every field read survives being written back', async (_name, resource) => {
    const read = resource.readFromList ? fromList(resource.path) : (id: unknown) => ok('GET', `${resource.path}/${String(id)}`);
    const write = { method: resource.method ?? 'PATCH', path: `${resource.path}/{id}` };
    const created = await ok('POST', resource.path, resource.body);
    const id = created.id;
    const before = await read(id);
    // What was written under the canonical names is read back under them.
    for (const [field, value] of Object.entries(resource.body)) expect(before[field], field).toEqual(value);

    // A version is sent back as read and moves on with the save (decision 0064): it is not a field that round-trips.
    const fields = writableFields(write.method, write.path).filter((field) => field in before && field !== 'version');
    const body: Record<string, unknown> = { ...Object.fromEntries(fields.map((field) => [field, before[field]])), ...resource.change };
    if ('version' in before) body.version = before.version;
    await ok(write.method, write.path.replace('{id}', String(id)), body);
    const after = await read(id);
    for (const field of fields) expect(after[field], field).toEqual(body[field]);
  });

  it('takes the spec form names as aliases, and refuses both names of one field', async () => {
    const created = await ok('POST', '/api/campaigns', { name: 'Alias', landing_page_content: 'Hi', is_active: false });
    expect(created).toMatchObject({ landingPageContent: 'Hi', isActive: false });
    const both = await call('PATCH', `/api/campaigns/${created.id}`, { isActive: true, is_active: false });
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([{ field: 'is_active', message: 'Send isActive or is_active, not both' }]);
  });

  it('creates a post with a 200-character slug and reads it back by that slug', async () => {
    const slug = `${'long-slug-'.repeat(20).slice(0, 199)}x`;
    expect(slug).toHaveLength(200);
    await ok('POST', '/api/blog-posts', { title: 'Long', slug, content: 'Body', category: 'Trips', isPublished: true, publishedAt: '2026-01-01T00:00:00.000Z' });
    const anonymous = await call('GET', `/api/blog-posts/${slug}`, undefined, null);
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(200);
    expect(anonymous.body.slug).toBe(slug);
  });

  it('refuses status=draft and status=scheduled to anyone but an admin, as documented', async () => {
    await ok('POST', '/api/blog-posts', { title: 'Secret draft', content: 'Body', category: 'Trips', isPublished: false });
    for (const status of ['draft', 'scheduled']) {
      const anonymous = await call('GET', `/api/blog-posts?status=${status}`, undefined, null);
      expect(anonymous.status).toBe(401);
    }
    expect((await call('GET', '/api/blog-posts?status=published', undefined, null)).status).toBe(200);
    const drafts = await call('GET', '/api/blog-posts?status=draft');
    expect((drafts.body.items as Json[]).map((post) => post.title)).toContain('Secret draft');
    const description = JSON.stringify(document.paths['/api/blog-posts']?.get);
    expect(description).toContain('status=draft');
  });
});
