import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { adminApi } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { auditLog, campaignDailyVisits, campaigns, leads } from '../../db/schema.ts';
import { campaignLandingPage, conversionRate } from './service.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe(`campaigns API on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let ip = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    const { db } = testApp.app.services.database;
    await db.delete(campaigns);
    await db.delete(leads);
  });

  const { inject, create } = adminApi<{ id: number; slug: string } & Record<string, unknown>>(() => ({ testApp, admin, user }), '/api/campaigns', { name: 'Spring launch' });

  it.each([
    ['POST', '/api/campaigns'],
    ['PATCH', '/api/campaigns/1'],
    ['DELETE', '/api/campaigns/1'],
  ] as const)('%s %s: anonymous 401, approved non-admin 403', async (method, url) => {
    const body = method === 'DELETE' ? undefined : { name: 'X' };
    expect((await inject(method, url, body, null)).statusCode).toBe(401);
    expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
  });

  it('admins create (201, audited), read, change, delete (204); 404 afterwards', async () => {
    const campaign = await create({ landing_page_content: '# Hi', conversion_goal: 'Download sign-ups' });
    expect(campaign).toMatchObject({ name: 'Spring launch', slug: 'spring-launch', isActive: true, landingPageContent: '# Hi', createdBy: admin.id });
    const one = await inject('GET', `/api/campaigns/${campaign.id}`);
    expect(one.json()).toMatchObject({ id: campaign.id, visits30d: 0, leads30d: 0, conversionRate: null });
    const changed = await inject('PATCH', `/api/campaigns/${campaign.id}`, { description: 'Spring', is_active: false, version: campaign.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'Spring', isActive: false });
    expect((await inject('DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/campaigns/${campaign.id}`)).json()).toEqual({ error: 'Campaign not found' });
    expect((await inject('PATCH', `/api/campaigns/${campaign.id}`, { name: 'x' })).statusCode).toBe(404);
    const actions = (await testApp.app.services.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['campaign.create', 'campaign.update', 'campaign.delete']));
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'A', slug: 'Not a slug!' }, 'slug', 'Slug may contain only lowercase letters, digits and single hyphens'],
    [{ name: 'A', slug: 'a'.repeat(91) }, 'slug', 'Slug must be at most 90 characters'],
    [{ name: 'A', is_active: 'maybe' }, 'is_active', 'Active must be true or false'],
    [{ name: 'A', conversion_goal: 'x'.repeat(301) }, 'conversion_goal', 'Conversion goal must be at most 300 characters'],
    [{ name: 'A\u0000' }, 'name', 'Name contains characters that are not allowed'],
  ])('%j → 400 with field details', async (body, field, message) => {
    const response = await inject('POST', '/api/campaigns', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toContain(message);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('slugs: generated from the name and kept unique; a taken slug given explicitly is 409', async () => {
    expect((await create({ name: 'Black Friday!' })).slug).toBe('black-friday');
    expect((await create({ name: 'Black Friday' })).slug).toBe('black-friday-2');
    expect((await create({ name: '🎉' })).slug).toBe('campaign');
    const taken = await inject('POST', '/api/campaigns', { name: 'Other', slug: 'black-friday' });
    expect(taken.statusCode).toBe(409);
    // The field's own problem, so the campaign form shows it under Slug.
    const slugTaken = 'The slug "black-friday" is already used by another campaign';
    expect(taken.json()).toEqual({ error: slugTaken, details: [{ field: 'slug', message: slugTaken }] });
    const other = await create({ name: 'Other', slug: 'other' });
    expect((await inject('PATCH', `/api/campaigns/${other.id}`, { slug: 'black-friday-2', version: other.version })).statusCode).toBe(409);
    expect((await inject('PATCH', `/api/campaigns/${other.id}`, { slug: 'other', version: other.version })).statusCode).toBe(200);
  });

  it('the public reads only active campaigns (list and one), with rendered, sanitised landing content', async () => {
    const live = await create({ name: 'Live', landing_page_content: '**Bold** <script>alert(1)</script>' });
    const hidden = await create({ name: 'Hidden', is_active: false });
    for (const headers of [null, user.headers]) {
      const list = await inject('GET', '/api/campaigns', undefined, headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ items: [expect.objectContaining({ slug: 'live' })], total: 1 });
      const filtered = await inject('GET', '/api/campaigns?active=false', undefined, headers);
      expect(filtered.json().items.map((item: { slug: string }) => item.slug)).toEqual(['live']);
      expect((await inject('GET', `/api/campaigns/${hidden.id}`, undefined, headers)).statusCode).toBe(404);
      expect((await inject('GET', '/api/campaigns/hidden', undefined, headers)).statusCode).toBe(404);
      const one = await inject('GET', '/api/campaigns/live', undefined, headers);
      expect(one.json()).not.toHaveProperty('conversionGoal');
      expect(one.json().landingPageHtml).toContain('<strong>Bold</strong>');
      expect(one.json().landingPageHtml).not.toContain('<script');
    }
    expect((await inject('GET', `/api/campaigns/${live.id}`)).json()).toHaveProperty('visits30d');
  });

  it('admin list: search, active filter, limit/offset + total; bad paging is 400', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await create({ name, is_active: name !== 'Beta' });
    const all = await inject('GET', '/api/campaigns?limit=2&offset=0');
    expect(all.json()).toMatchObject({ total: 3 });
    expect(all.json().items).toHaveLength(2);
    expect((await inject('GET', '/api/campaigns?limit=2&offset=2')).json().items).toHaveLength(1);
    expect((await inject('GET', '/api/campaigns?active=false')).json().items.map((c: { name: string }) => c.name)).toEqual(['Beta']);
    expect((await inject('GET', '/api/campaigns?q=amm')).json().items.map((c: { name: string }) => c.name)).toEqual(['Gamma']);
    expect((await inject('GET', '/api/campaigns?q=100%25')).json().total).toBe(0);
    expect((await inject('GET', '/api/campaigns?limit=0')).statusCode).toBe(400);
    expect((await inject('GET', '/api/campaigns?active=yes')).statusCode).toBe(400);
  });

  it('a lead with source campaign:{slug} and UTM is stored and counted; visits exclude bots; the conversion rate follows', async () => {
    const campaign = await create({ name: 'Spring', conversion_goal: 'Sign-ups' });
    const visitor = (ipAddress: string, userAgent: string | null = BROWSER) => ({ ipAddress, userAgent });
    expect(await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.1'))).toMatchObject({ slug: 'spring' });
    await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.1'));
    await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.2'));
    await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.3', BOT));
    await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.4', null));
    expect(await campaignLandingPage(testApp.app.services, 'nope', visitor('10.8.0.5'))).toBeNull();
    const lead = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: `10.9.0.${++ip}`,
      headers: { 'user-agent': BROWSER },
      payload: {
        captcha: await solveCaptcha(testApp.app),
        firstName: 'Ada',
        email: 'ada@example.com',
        source: 'campaign:spring',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
      },
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const [row] = await testApp.app.services.database.db.select().from(leads);
    expect(row).toMatchObject({ source: 'campaign:spring', utmSource: 'newsletter', utmCampaign: 'spring' });
    const [stats] = (await inject('GET', '/api/campaigns')).json().items;
    expect(stats).toMatchObject({ id: campaign.id, visits30d: 2, leads30d: 1, conversionRate: '50.0', conversionGoal: 'Sign-ups' });
    const visits = await testApp.app.services.database.db.select().from(campaignDailyVisits);
    expect(visits).toEqual([expect.objectContaining({ campaignId: campaign.id, visits: 2 })]);
    await inject('PATCH', `/api/campaigns/${campaign.id}`, { is_active: false });
    expect(await campaignLandingPage(testApp.app.services, 'spring', visitor('10.8.0.6'))).toBeNull();
  });

  it('conversion rate: integers to one decimal, null without visits', () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(1, 3)).toBe('33.3');
    expect(conversionRate(2, 3)).toBe('66.7');
    expect(conversionRate(5, 5)).toBe('100.0');
  });
});
