import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import { banners } from '../../db/schema.ts';
import { ActiveBanners } from './active-banners.ts';

const HOUR = 60 * 60 * 1000;

describe(`banners on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({}, (suite) => ({ testApp, admin, user } = suite));
  beforeEach(async () => {
    await testApp.app.services.database.db.delete(banners);
    await testApp.app.activeBanners.reload();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: object = admin.headers) =>
    testApp.app.inject({ method, url, payload, headers: headers as Record<string, string> });
  const create = async (body: Record<string, unknown>) => {
    const response = await inject('POST', '/api/banners', { title: 'Hello', message: 'World', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; updatedAt: string } & Record<string, unknown>>();
  };
  const active = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/banners/active' });
    expect(response.statusCode).toBe(200);
    return response.json<Array<{ id: number; title: string } & Record<string, unknown>>>();
  };

  describe('permissions (docs/architecture.md §6)', () => {
    it.each([
      ['GET', '/api/banners'],
      ['POST', '/api/banners'],
      ['PATCH', '/api/banners/1'],
      ['DELETE', '/api/banners/1'],
    ] as const)('%s %s: anonymous 401, non-admin 403', async (method, url) => {
      const body = method === 'POST' || method === 'PATCH' ? { title: 'T', message: 'M' } : undefined;
      expect((await testApp.app.inject({ method, url, payload: body })).statusCode).toBe(401);
      expect((await inject(method, url, body, user.headers)).statusCode).toBe(403);
    });

    it('admins create (201), list (200), change (200) and delete (204); the public list needs no sign-in', async () => {
      const banner = await create({ title: 'Launch week' });
      const list = await inject('GET', '/api/banners');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([expect.objectContaining({ id: banner.id, title: 'Launch week', createdBy: admin.id })]);
      const changed = await inject('PATCH', `/api/banners/${banner.id}`, { title: 'Launch week is here' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ title: 'Launch week is here', message: 'World' });
      expect((await active()).map((item) => item.title)).toEqual(['Launch week is here']);
      expect((await inject('DELETE', `/api/banners/${banner.id}`)).statusCode).toBe(204);
      expect((await inject('DELETE', `/api/banners/${banner.id}`)).statusCode).toBe(404);
      expect((await inject('PATCH', `/api/banners/${banner.id}`, { title: 'x' })).json()).toEqual({ error: 'Banner not found' });
      expect(await active()).toEqual([]);
    });
  });

  describe('validation and defaults (spec §5, §9)', () => {
    it.each([
      [{ message: 'M' }, 'Title is required'],
      [{ title: '   ', message: 'M' }, 'Title is required'],
      [{ title: 'T' }, 'Message is required'],
      [{ title: 'T', message: '' }, 'Message is required'],
      [{ title: 'T', message: 'M', type: 'danger' }, 'Type must be one of info, success, warning, error'],
      [{ title: 'T', message: 'M', backgroundColor: 'red' }, 'Background colour must be a hex colour like #3b82f6'],
      [
        { title: 'T', message: 'M', startDate: '2030-01-02T00:00:00.000Z', endDate: '2030-01-01T00:00:00.000Z' },
        'End date must be after the start date',
      ],
      [{ title: 'T', message: 'M', startDate: 'next tuesday' }, 'Start date is not a valid date'],
    ])('%j → 400 %s', async (body, error) => {
      const response = await inject('POST', '/api/banners', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
    });

    it('defaults to info, #3b82f6 on #ffffff, active, closeable, order 0, no dates', async () => {
      expect(await create({})).toMatchObject({
        type: 'info',
        backgroundColor: '#3b82f6',
        textColor: '#ffffff',
        isActive: true,
        isCloseable: true,
        displayOrder: 0,
        startDate: null,
        endDate: null,
      });
    });

    it.each([
      ['success', '#10b981'],
      ['warning', '#f59e0b'],
      ['error', '#ef4444'],
      ['info', '#3b82f6'],
    ])('gives a %s banner without colours the type colour %s', async (type, colour) => {
      expect(await create({ type })).toMatchObject({ type, backgroundColor: colour, textColor: '#ffffff' });
    });

    it('keeps colours that were chosen', async () => {
      expect(await create({ type: 'warning', backgroundColor: '#1E3A8A', textColor: '#FDE68A' })).toMatchObject({
        backgroundColor: '#1e3a8a',
        textColor: '#fde68a',
      });
    });

    it.each([
      ['abc', 0],
      ['', 0],
      [null, 0],
      ['7', 7],
      [3.9, 3],
      [-2, -2],
    ])('turns display order %j into %i', async (displayOrder, expected) => {
      expect(await create({ displayOrder })).toMatchObject({ displayOrder: expected });
    });

    it('moves a banner still in its type colour to the new type colour, and leaves chosen colours alone', async () => {
      const typed = await create({ type: 'success' });
      expect((await inject('PATCH', `/api/banners/${typed.id}`, { type: 'error' })).json()).toMatchObject({ backgroundColor: '#ef4444' });
      const custom = await create({ type: 'success', backgroundColor: '#123456' });
      expect((await inject('PATCH', `/api/banners/${custom.id}`, { type: 'error' })).json()).toMatchObject({ backgroundColor: '#123456' });
    });

    it('checks the date order of a change against the stored dates', async () => {
      const banner = await create({ startDate: new Date(Date.now() + HOUR).toISOString() });
      const response = await inject('PATCH', `/api/banners/${banner.id}`, { endDate: new Date().toISOString() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'End date must be after the start date' });
      // Clearing a date is allowed.
      expect((await inject('PATCH', `/api/banners/${banner.id}`, { startDate: null })).json()).toMatchObject({ startDate: null });
    });
  });

  describe('what the admin dialog sends', () => {
    it('saves every dialog field, and an edit moves updatedAt on (browsers key closed banners by id + updatedAt)', async () => {
      const start = new Date(Date.now() - HOUR).toISOString();
      const end = new Date(Date.now() + 24 * HOUR).toISOString();
      const banner = await create({
        title: 'Maintenance',
        message: 'Line one\nLine two',
        type: 'warning',
        backgroundColor: '#112233',
        textColor: '#ffeecc',
        displayOrder: '4',
        isActive: true,
        isCloseable: true,
        startDate: start,
        endDate: end,
      });
      expect(banner).toMatchObject({ message: 'Line one\nLine two', backgroundColor: '#112233', textColor: '#ffeecc', displayOrder: 4, startDate: start, endDate: end });
      const [before] = await active();
      expect(before).toMatchObject({ id: banner.id, updatedAt: banner.updatedAt });
      const edited = (await inject('PATCH', `/api/banners/${banner.id}`, { message: 'Back soon', endDate: '' })).json<{ updatedAt: string; endDate: null }>();
      expect(edited.endDate).toBeNull();
      expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(banner.updatedAt));
      const [after] = await active();
      expect(after).toMatchObject({ id: banner.id, message: 'Back soon', updatedAt: edited.updatedAt });
      const audit = await testApp.database.sql.query<{ action: string }>(
        `select action from audit_log where entity = 'banner' and entity_id = $1 order by id`,
        [String(banner.id)],
      );
      expect(audit.rows.map((row) => row.action)).toEqual(['banner.create', 'banner.update']);
    });

    it.each([
      [{ title: '' }, 'Title is required'],
      [{ textColor: '#fff' }, 'Text colour must be a hex colour like #3b82f6'],
      [{ isActive: 'yes' }, 'Active must be true or false'],
      [{ startDate: 'soon' }, 'Start date is not a valid date'],
    ])('PATCH %j → 400 %s', async (body, error) => {
      const banner = await create({});
      const response = await inject('PATCH', `/api/banners/${banner.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
    });
  });

  describe('GET /api/banners/active', () => {
    it('shows active banners within their dates, by display order ascending', async () => {
      const now = Date.now();
      await create({ title: 'third', displayOrder: 5 });
      await create({ title: 'first', displayOrder: -1, startDate: new Date(now - HOUR).toISOString(), endDate: new Date(now + HOUR).toISOString() });
      await create({ title: 'second', displayOrder: 2, endDate: new Date(now + HOUR).toISOString() });
      await create({ title: 'inactive', displayOrder: 0, isActive: false });
      await create({ title: 'not yet', displayOrder: 0, startDate: new Date(now + HOUR).toISOString() });
      await create({ title: 'ended', displayOrder: 0, endDate: new Date(now - HOUR).toISOString() });
      const list = await active();
      expect(list.map((banner) => banner.title)).toEqual(['first', 'second', 'third']);
      // Public projection: no authorship, no admin flags.
      expect(Object.keys(list[0]!).sort()).toEqual(
        ['backgroundColor', 'displayOrder', 'endDate', 'id', 'isCloseable', 'message', 'startDate', 'textColor', 'title', 'type', 'updatedAt'].sort(),
      );
    });

    it('sends Cache-Control and an ETag, and 304 while nothing changed', async () => {
      await create({ title: 'cached' });
      const first = await testApp.app.inject({ method: 'GET', url: '/api/banners/active' });
      expect(first.headers['cache-control']).toBe('public, max-age=5, must-revalidate');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"b[\w-]+"$/);
      const again = await testApp.app.inject({ method: 'GET', url: '/api/banners/active', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const banner = (await active())[0]!;
      await inject('PATCH', `/api/banners/${banner.id}`, { message: 'changed' });
      const changed = await testApp.app.inject({ method: 'GET', url: '/api/banners/active', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()[0]).toMatchObject({ message: 'changed' });
    });

    it('serves from memory: a change made elsewhere (another instance) shows once the cache is older than its max age', async () => {
      let clock = Date.now();
      const db = testApp.app.services.database.db;
      const activeBanners = new ActiveBanners(db, { maxAgeMs: 10_000, now: () => clock });
      expect((await activeBanners.current()).banners).toEqual([]);
      const [row] = await db.insert(banners).values({ title: 'From elsewhere', message: 'M' }).returning();
      // Still the remembered answer: no database round trip per request.
      expect((await activeBanners.current()).banners).toEqual([]);
      clock += 10_001;
      // Stale: answered from memory while it re-reads in the background …
      expect((await activeBanners.current()).banners).toEqual([]);
      await activeBanners.reload();
      // … and the next answer has the change.
      expect((await activeBanners.current()).banners.map((banner) => banner.title)).toEqual(['From elsewhere']);
      // The date window is applied per request, without a reload.
      await db.update(banners).set({ endDate: new Date(clock + 1000) }).where(eq(banners.id, row!.id));
      await activeBanners.reload();
      expect((await activeBanners.current()).banners).toHaveLength(1);
      clock += 2000;
      expect((await activeBanners.current()).banners).toEqual([]);
    });
  });
});
