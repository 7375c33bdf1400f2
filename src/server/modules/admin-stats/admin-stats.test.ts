/** `GET /api/admin/stats` (issue 10 §4, §7): permissions, and figures that follow what happens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../tests/fixtures/captcha.ts';
import { createKey, type TestKey } from '../../../../tests/fixtures/test-kit.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import type { AdminStats } from '../../../shared/schemas/admin-stats.ts';
import { banners, blogPosts, campaigns, invitations, jots, leads, messages } from '../../db/schema.ts';
import { JotSeriesCache } from './jot-series.ts';
import { adminStats, utcDayStart } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`admin stats on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let key: TestKey;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
    key = await createKey(testApp.app, admin.headers);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.app.services.database.db;
  const stats = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<AdminStats>();
  };

  it('anonymous 401, approved non-admin 403, admin 200', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    const forbidden = await testApp.app.inject({ method: 'GET', url: '/api/admin/stats', headers: user.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: expect.any(String) });
    await stats();
  });

  it('jot and lead figures rise after a new jot and a new lead, through the real endpoints', async () => {
    const before = await stats();
    const jot = await testApp.app.inject({
      method: 'POST',
      url: '/api/test-jot',
      headers: admin.headers,
      payload: { content: 'dashboard jot', buildGuidName: key.name },
    });
    expect(jot.statusCode, jot.body).toBe(201);
    const lead = await testApp.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '10.77.0.1',
      payload: { captcha: await solveCaptcha(testApp.app), firstName: 'Ada', email: `dash-${Date.now()}@example.com`, source: 'dashboard-test' },
    });
    expect(lead.statusCode, lead.body).toBeLessThan(300);

    const after = await stats();
    expect(after.jots.today).toBe(before.jots.today + 1);
    expect(after.jots.last7Days).toBe(before.jots.last7Days + 1);
    expect(after.leads.last7Days).toBe(before.leads.last7Days + 1);
    expect(after.leads.unsyncedLast7Days).toBe(before.leads.unsyncedLast7Days + 1); // no Kit configured in tests
    expect(after.series.jotsPerDay).toHaveLength(30);
    expect(after.series.jotsPerDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: after.jots.today });
    expect(after.series.leadsPerDayBySource.at(-1)?.counts['dashboard-test']).toBe(1);
    expect(after.series.leadSources).toContain('dashboard-test');
  });

  it('counts by day window, publication time, banner window, approval and read state', async () => {
    const now = new Date('2026-03-15T12:00:00Z');
    const today = utcDayStart(now);
    const base = await adminStats(db(), now);
    const jot = { protocolVersion: 'v2' as const, encryptedPayload: 'x' };
    await db().insert(jots).values([
      { ...jot, createdAt: new Date(today.getTime() + 60_000) }, // today
      { ...jot, createdAt: new Date(today.getTime() - 1) }, // yesterday: week, not today
      { ...jot, createdAt: new Date(today.getTime() - 6 * DAY) }, // first day of the 7
      { ...jot, createdAt: new Date(today.getTime() - 7 * DAY) }, // outside the 7 days, inside the 30
      { ...jot, createdAt: new Date(today.getTime() - 30 * DAY) }, // outside everything
    ]);
    await db().insert(leads).values([
      { email: 'a-window@example.com', source: 'hero', subscribedAt: new Date(today.getTime() - 2 * DAY) },
      { email: 'b-window@example.com', source: 'hero', subscribedAt: new Date(today.getTime() - 2 * DAY), kitSyncedAt: now },
      { email: 'c-window@example.com', subscribedAt: new Date(today.getTime() - 20 * DAY) },
    ]);
    const hour = 60 * 60 * 1000;
    await db().insert(blogPosts).values([
      { title: 'Live', slug: 'stats-live', content: 'x', isPublished: true, publishedAt: new Date(now.getTime() - hour) },
      { title: 'Scheduled', slug: 'stats-scheduled', content: 'x', isPublished: true, publishedAt: new Date(now.getTime() + hour) },
      { title: 'Draft', slug: 'stats-draft', content: 'x', isPublished: false },
    ]);
    await db().insert(banners).values([
      { title: 'On', message: 'x' },
      { title: 'Window', message: 'x', startDate: new Date(now.getTime() - hour), endDate: new Date(now.getTime() + hour) },
      { title: 'Ended', message: 'x', endDate: new Date(now.getTime() - hour) },
      { title: 'Later', message: 'x', startDate: new Date(now.getTime() + hour) },
      { title: 'Off', message: 'x', isActive: false },
    ]);
    await createTestUser(testApp.app, { isApproved: false });
    const message = { kind: 'feedback' as const, name: 'N', email: 'n@example.com', subject: 'S', message: 'Hello there, inbox' };
    await db().insert(messages).values([message, { ...message, readAt: now }, { ...message, archivedAt: now }, { ...message, kind: 'contact' }]);
    await db().insert(invitations).values([
      { senderName: 'S', senderEmail: 's@example.com', recipientName: 'R', recipientEmail: 'r@example.com', createdAt: new Date(today.getTime() + 1000) },
      { senderName: 'S', senderEmail: 's@example.com', recipientName: 'R', recipientEmail: 'r2@example.com', createdAt: new Date(today.getTime() - DAY) },
    ]);

    const after = await adminStats(db(), now);
    expect(after.jots.today - base.jots.today).toBe(1);
    expect(after.jots.last7Days - base.jots.last7Days).toBe(3);
    expect(after.series.jotsPerDay.reduce((sum, day) => sum + day.count, 0) - base.series.jotsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(4);
    expect(after.series.jotsPerDay[0]!.date).toBe('2026-02-14');
    expect(after.series.jotsPerDay.at(-1)!.date).toBe('2026-03-15');
    expect(after.leads.last7Days - base.leads.last7Days).toBe(2);
    expect(after.leads.unsyncedLast7Days - base.leads.unsyncedLast7Days).toBe(1);
    expect(after.series.leadsPerDayBySource.find((day) => day.date === '2026-03-13')?.counts).toMatchObject({ hero: 2 });
    expect(after.series.leadsPerDayBySource.find((day) => day.date === '2026-02-23')?.counts).toMatchObject({ '(none)': 1 });
    expect(after.publishedPosts - base.publishedPosts).toBe(1);
    expect(after.activeBanners - base.activeBanners).toBe(2);
    expect(after.pendingUsers - base.pendingUsers).toBe(1);
    expect(after.unreadInbox - base.unreadInbox).toBe(2);
    expect(after.invitations.today - base.invitations.today).toBe(1);
    expect(after.invitations.perDay.at(-2)!.count - base.invitations.perDay.at(-2)!.count).toBe(1);
  });

  it('names lead sources for the chart legend: the home page forms, a campaign by its name, others as written (issue 26 §6)', async () => {
    const now = new Date('2026-04-15T12:00:00Z');
    await db().insert(campaigns).values({ name: 'Spring sale', slug: 'spring-sale-stats' });
    await db().insert(leads).values([
      { email: 'hero-label@example.com', source: 'homepage-hero', subscribedAt: now },
      { email: 'campaign-label@example.com', source: 'campaign:spring-sale-stats', subscribedAt: now },
      { email: 'gone-label@example.com', source: 'campaign:deleted-campaign', subscribedAt: now },
      { email: 'none-label@example.com', subscribedAt: now },
    ]);
    const stats = await adminStats(db(), now);
    expect(stats.series.sourceLabels).toMatchObject({
      'homepage-hero': 'Home page hero',
      'campaign:spring-sale-stats': 'Campaign “Spring sale”',
      'campaign:deleted-campaign': 'campaign:deleted-campaign',
      '(none)': 'No source',
    });
    expect(Object.keys(stats.series.sourceLabels).sort()).toEqual([...stats.series.leadSources].sort());
  });

  it('shows the invitations of the last hour against the site-wide hourly cap (issue 24)', async () => {
    const now = new Date();
    const before = await adminStats(db(), now, undefined, 7);
    expect(before.invitations.hourlyCap).toBe(7);
    const invitation = { senderName: 'S', senderEmail: 's@example.com', recipientName: 'R', recipientEmail: 'hour@example.com' };
    await db().insert(invitations).values([
      { ...invitation, createdAt: new Date(now.getTime() - 10 * 60 * 1000) },
      { ...invitation, createdAt: new Date(now.getTime() - 2 * 60 * 60 * 1000) },
    ]);
    expect((await adminStats(db(), now, undefined, 7)).invitations.lastHour - before.invitations.lastHour).toBe(1);
  });

  it('keeps the settled jot series a minute and counts newer jots at once (the endpoint’s JotSeriesCache)', async () => {
    const now = new Date('2026-04-20T12:00:00Z');
    const series = new JotSeriesCache();
    const base = await adminStats(db(), now, series);
    const jot = { protocolVersion: 'v2' as const, encryptedPayload: 'x' };
    await db().insert(jots).values([
      { ...jot, createdAt: new Date(now.getTime() - 30_000) }, // newer than the settled point: counted at once
      { ...jot, createdAt: new Date(now.getTime() - 5 * 60_000) }, // written behind it: shows once the minute is over
    ]);
    const soon = await adminStats(db(), new Date(now.getTime() + 1000), series);
    expect(soon.jots.today - base.jots.today).toBe(1);
    const later = new Date(now.getTime() + 60_000);
    const afterMinute = await adminStats(db(), later, series);
    expect(afterMinute.jots.today - base.jots.today).toBe(2);
    expect(afterMinute.series.jotsPerDay).toEqual((await adminStats(db(), later)).series.jotsPerDay);
  });
});
