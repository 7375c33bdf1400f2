import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { buildTestMmdb } from '../../../../tests/fixtures/test-mmdb.ts';
import { createTestAdmin, createTestUser, type TestUser } from '../../../../tests/fixtures/users.ts';
import { auditLog, leads } from '../../db/schema.ts';
import { KIT_SYNC_JOB } from '../../jobs/kit.ts';

const BOM = '\uFEFF';
const HEADER = 'Email,First Name,Last Name,Source,Subscribed Date,ConvertKit ID,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Referrer,Unsubscribed Date';

interface SeedLead {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  source?: string | null;
  subscribedAt: string;
  convertkitSubscriberId?: number | null;
  ipAddress?: string | null;
  utmSource?: string | null;
  utmCampaign?: string | null;
  referrer?: string | null;
}

/** The fixed set most tests read: sources, sync states and dates to filter on. */
const SEED: SeedLead[] = [
  { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', source: 'homepage-hero', subscribedAt: '2026-01-10T09:00:00Z', convertkitSubscriberId: 111, ipAddress: '10.0.0.7', utmSource: 'newsletter', utmCampaign: 'launch', referrer: 'https://news.example.com/' },
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', source: 'homepage-cta', subscribedAt: '2026-01-15T12:00:00Z' },
  { email: 'alan@turing.example', firstName: 'Alan', source: 'homepage-hero', subscribedAt: '2026-02-01T00:00:00Z' },
  { email: 'nobody@example.com', firstName: 'Nemo', source: null, subscribedAt: '2026-02-20T23:59:59Z', convertkitSubscriberId: 222, ipAddress: '200.1.1.1' },
  { email: 'evil@example.com', firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+SUM(1,2)', source: 'blog', subscribedAt: '2026-03-01T08:00:00Z', utmSource: '@cmd', utmCampaign: '-2+3', referrer: '\tTAB' },
];

describe(`leads admin on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jotit-geo-'));
    const geoipDb = path.join(dir, 'test.mmdb');
    // 0.0.0.0/1 (holding 10.0.0.7) is Portugal; the upper half is unknown.
    writeFileSync(geoipDb, buildTestMmdb({ country: { iso_code: 'PT' } }));
    // Kit is configured (never called: no worker runs here), so retry-sync queues jobs we can look at.
    testApp = await createTestApp({ KIT_API_KEY: 'kit-test-key', KIT_API_URL: 'http://127.0.0.1:9', GEOIP_DB: geoipDb });
    await testApp.queue.start();
    [admin, user] = await Promise.all([createTestAdmin(testApp.app), createTestUser(testApp.app)]);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.app.services.database.db;
  const ids: Record<string, number> = {};

  async function seed(rows: SeedLead[]) {
    await db().delete(leads);
    const inserted = await db()
      .insert(leads)
      .values(rows.map((row) => ({ ...row, subscribedAt: new Date(row.subscribedAt) })))
      .returning({ id: leads.id, email: leads.email });
    for (const row of inserted) ids[row.email] = row.id;
  }

  beforeEach(() => seed(SEED));

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = admin.headers) =>
    testApp.app.inject({ method, url, payload, headers });
  const list = async (query: string) => {
    const response = await inject('GET', `/api/leads${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Array<{ id: number; email: string; subscribedAt: string }>; leads: unknown[]; total: number }>();
  };
  const emails = async (query: string) => (await list(query)).items.map((item) => item.email);
  const csv = async (query = '') => {
    const response = await inject('GET', `/api/leads/export.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const csvLines = (body: string) => body.replace(BOM, '').trimEnd().split(/\r?\n/);
  const auditFor = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
  const kitJobs = async () => {
    const { rows } = await testApp.database.sql.query<{ lead_id: number }>(
      `select (data->>'leadId')::int as lead_id from pgboss.job where name = $1 and state = 'created' order by lead_id`,
      [KIT_SYNC_JOB],
    );
    return rows.map((row) => Number(row.lead_id));
  };
  const clearJobsAndAudit = async () => {
    await testApp.database.sql.query(`delete from pgboss.job where name = $1`, [KIT_SYNC_JOB]);
    await db().delete(auditLog).where(sql`${auditLog.action} in ('lead.retry_sync', 'lead.delete')`);
  };

  describe('permissions: anonymous 401, approved non-admin 403, admin 2xx', () => {
    const routes = (): Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: object | undefined, status: number]> => [
      ['PUT', `/api/leads/${ids['grace@example.com']}/subscription`, { unsubscribed: false }, 200],
      ['GET', '/api/leads', undefined, 200],
      ['GET', '/api/leads/sources', undefined, 200],
      ['GET', `/api/leads/${ids['ada@example.com']}`, undefined, 200],
      ['GET', '/api/leads/export.csv', undefined, 200],
      ['POST', `/api/leads/${ids['grace@example.com']}/retry-sync`, undefined, 200],
      ['POST', '/api/leads/bulk', { action: 'retry_sync', ids: [ids['alan@turing.example']] }, 200],
      ['DELETE', `/api/leads/${ids['evil@example.com']}`, undefined, 204],
    ];
    it('holds on every admin route', async () => {
      for (const [method, url, body, status] of routes()) {
        expect((await testApp.app.inject({ method, url, payload: body })).statusCode, `${method} ${url} anonymous`).toBe(401);
        expect((await inject(method, url, body, user.headers)).statusCode, `${method} ${url} user`).toBe(403);
        expect((await inject(method, url, body)).statusCode, `${method} ${url} admin`).toBe(status);
      }
    });
    it('refuses before validating input (a bad body is still 401/403)', async () => {
      expect((await testApp.app.inject({ method: 'POST', url: '/api/leads/bulk', payload: { action: 'nope' } })).statusCode).toBe(401);
      expect((await inject('POST', '/api/leads/bulk', { action: 'nope' }, user.headers)).statusCode).toBe(403);
    });
  });

  describe('GET /api/leads', () => {
    it('answers { items, total }, newest first, and pages with limit/offset', async () => {
      const all = await list('');
      expect(all.total).toBe(5);
      expect(all.leads).toEqual(all.items);
      expect(all.items.map((item) => item.email)).toEqual(['evil@example.com', 'nobody@example.com', 'alan@turing.example', 'grace@example.com', 'ada@example.com']);
      const page = await list('?limit=2&offset=2');
      expect(page.total).toBe(5);
      expect(page.items.map((item) => item.email)).toEqual(['alan@turing.example', 'grace@example.com']);
      expect(await emails('?sort=asc&limit=2')).toEqual(['ada@example.com', 'grace@example.com']);
    });

    it('searches e-mail and names, any case, literally', async () => {
      expect(await emails('?q=GRACE')).toEqual(['grace@example.com']);
      expect(await emails('?q=lovelace')).toEqual(['ada@example.com']);
      expect(await emails('?q=turing.example')).toEqual(['alan@turing.example']);
      expect((await list('?q=%25')).total).toBe(0); // '%' is a character, not a wildcard
      expect((await list('?q=zzz')).total).toBe(0);
    });

    it('filters by source (unknown = none), sync status and date range, and counts the filtered total', async () => {
      expect(await emails('?source=homepage-hero')).toEqual(['alan@turing.example', 'ada@example.com']);
      expect(await emails('?source=unknown')).toEqual(['nobody@example.com']);
      expect(await emails('?synced=true')).toEqual(['nobody@example.com', 'ada@example.com']);
      expect((await list('?synced=false')).total).toBe(3);
      // Inclusive days in UTC: 2026-02-20T23:59:59Z is on the 20th.
      expect(await emails('?from=2026-01-15&to=2026-02-20')).toEqual(['nobody@example.com', 'alan@turing.example', 'grace@example.com']);
      expect(await emails('?to=2026-01-10')).toEqual(['ada@example.com']);
      const combined = await list('?source=homepage-hero&synced=false&from=2026-01-11&limit=1');
      expect(combined).toMatchObject({ total: 1, items: [{ email: 'alan@turing.example' }] });
    });

    it('lists the distinct sources for the filter', async () => {
      const response = await inject('GET', '/api/leads/sources');
      expect(response.json()).toEqual({ sources: ['blog', 'homepage-cta', 'homepage-hero', 'unknown'] });
    });
  });

  describe('GET /api/leads/{id}', () => {
    it('shows UTM fields, referrer, user agent and the IP country', async () => {
      const response = await inject('GET', `/api/leads/${ids['ada@example.com']}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: 'ada@example.com',
        utmSource: 'newsletter',
        utmCampaign: 'launch',
        referrer: 'https://news.example.com/',
        ipAddress: '10.0.0.7',
        ipCountry: 'PT',
        convertkitSubscriberId: 111,
      });
      expect((await inject('GET', `/api/leads/${ids['nobody@example.com']}`)).json()).toMatchObject({ ipCountry: null });
      expect((await inject('GET', `/api/leads/${ids['grace@example.com']}`)).json()).toMatchObject({ ipAddress: null, ipCountry: null });
      expect((await inject('GET', '/api/leads/999999')).statusCode).toBe(404);
    });
  });

  describe('retry sync and delete', () => {
    beforeEach(clearJobsAndAudit);

    it('re-queues the Kit job of an unsynced lead, audited as lead.retry_sync; a synced lead is 409', async () => {
      const grace = ids['grace@example.com']!;
      const response = await inject('POST', `/api/leads/${grace}/retry-sync`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ queued: true });
      expect(await kitJobs()).toEqual([grace]);
      const [entry] = await auditFor('lead.retry_sync');
      expect(entry).toMatchObject({ entity: 'lead', entityId: String(grace), actorUserId: admin.id });

      const synced = await inject('POST', `/api/leads/${ids['ada@example.com']}/retry-sync`);
      expect(synced.statusCode).toBe(409);
      expect(synced.json().error).toMatch(/already synced/);
      expect((await inject('POST', '/api/leads/999999/retry-sync')).statusCode).toBe(404);
      expect(await kitJobs()).toEqual([grace]);
    });

    it('unsubscribes a lead by hand (suppression list, Kit job, audit lead.unsubscribe), then resubscribes it; the list filters and the CSV show it', async () => {
      const alan = ids['alan@turing.example']!;
      const off = await inject('PUT', `/api/leads/${alan}/subscription`, { unsubscribed: true });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().unsubscribedAt).toEqual(expect.any(String));
      expect(await auditFor('lead.unsubscribe')).toMatchObject([{ entityId: String(alan), actorUserId: admin.id }]);
      const { rows } = await testApp.database.sql.query<{ name: string }>(`select name from pgboss.job where name = 'kit.unsubscribe'`);
      expect(rows).toHaveLength(1);
      // Setting what is already set changes nothing and writes no second entry.
      expect((await inject('PUT', `/api/leads/${alan}/subscription`, { unsubscribed: true })).statusCode).toBe(200);
      expect(await auditFor('lead.unsubscribe')).toHaveLength(1);

      const unsubscribed = (await inject('GET', '/api/leads?unsubscribed=true')).json() as { items: Array<{ id: number }> };
      expect(unsubscribed.items.map((lead) => lead.id)).toEqual([alan]);
      expect((await inject('GET', '/api/leads?unsubscribed=false')).json().items.map((lead: { id: number }) => lead.id)).not.toContain(alan);
      const csv = (await inject('GET', `/api/leads/export.csv?ids=${alan}`)).body;
      expect(csv.split(/\r?\n/)[1]).toMatch(/,\d{4}-\d\d-\d\dT[\d:.]+Z$/);

      const on = await inject('PUT', `/api/leads/${alan}/subscription`, { unsubscribed: false });
      expect(on.json().unsubscribedAt).toBeNull();
      expect(await auditFor('lead.resubscribe')).toMatchObject([{ entityId: String(alan) }]);
      expect((await inject('PUT', '/api/leads/999999/subscription', { unsubscribed: true })).statusCode).toBe(404);
      expect((await inject('PUT', `/api/leads/${alan}/subscription`, { unsubscribed: 'yes' })).statusCode).toBe(400);
    });

    it('answers 409 when Kit is not configured', async () => {
      const kit = testApp.app.services.config.kit;
      const key = kit.apiKey;
      kit.apiKey = undefined;
      try {
        const response = await inject('POST', `/api/leads/${ids['grace@example.com']}/retry-sync`);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatch(/Kit is not configured/);
      } finally {
        kit.apiKey = key;
      }
      expect(await kitJobs()).toEqual([]);
    });

    it('deletes a lead (erasure): the row goes, the audit entry keeps the id but not the address', async () => {
      const grace = ids['grace@example.com']!;
      expect((await inject('DELETE', `/api/leads/${grace}`)).statusCode).toBe(204);
      expect(await db().select().from(leads).where(eq(leads.id, grace))).toEqual([]);
      const entries = await auditFor('lead.delete');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ entity: 'lead', entityId: String(grace), actorUserId: admin.id });
      expect(JSON.stringify(entries[0])).not.toContain('grace@example.com');
      expect((await inject('DELETE', `/api/leads/${grace}`)).statusCode).toBe(404);
    });
  });

  describe('POST /api/leads/bulk', () => {
    beforeEach(clearJobsAndAudit);

    it('retry_sync queues the unsynced, skips the synced, counts the missing; one audit entry per lead', async () => {
      const chosen = ['ada@example.com', 'grace@example.com', 'alan@turing.example'].map((email) => ids[email]!);
      const response = await inject('POST', '/api/leads/bulk', { action: 'retry_sync', ids: [...chosen, 999999] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ action: 'retry_sync', done: 2, skipped: 1, notFound: 1 });
      const expected = [ids['grace@example.com']!, ids['alan@turing.example']!].sort((a, b) => a - b);
      expect(await kitJobs()).toEqual(expected);
      expect((await auditFor('lead.retry_sync')).map((entry) => Number(entry.entityId)).sort((a, b) => a - b)).toEqual(expected);
    });

    it('delete removes every chosen lead, one lead.delete entry each', async () => {
      const chosen = ['grace@example.com', 'evil@example.com'].map((email) => ids[email]!);
      const response = await inject('POST', '/api/leads/bulk', { action: 'delete', ids: [...chosen, chosen[0]] });
      expect(response.json()).toEqual({ action: 'delete', done: 2, skipped: 0, notFound: 0 });
      expect((await list('')).total).toBe(3);
      const entries = await auditFor('lead.delete');
      expect(entries.map((entry) => Number(entry.entityId)).sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b));
      expect(entries.every((entry) => entry.actorUserId === admin.id && entry.entity === 'lead')).toBe(true);
    });

    it('refuses more than 500 ids, no ids, unknown actions (400, nothing changed)', async () => {
      const many = Array.from({ length: 501 }, (_, index) => index + 1);
      for (const body of [{ action: 'delete', ids: many }, { action: 'delete', ids: [] }, { action: 'archive', ids: [1] }, { action: 'delete', ids: ['x'] }, { action: 'delete' }]) {
        const response = await inject('POST', '/api/leads/bulk', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(response.json()).toHaveProperty('error');
      }
      expect((await list('')).total).toBe(5);
      expect(await auditFor('lead.delete')).toEqual([]);
    });
  });

  describe('GET /api/leads/export.csv', () => {
    it('sends JotIt-leads-YYYY-MM-DD.csv: BOM, the spec columns in order, then UTM columns', async () => {
      const response = await csv();
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="JotIt-leads-${today}.csv"`);
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = csvLines(response.body);
      expect(lines[0]).toBe(HEADER);
      expect(lines).toHaveLength(6);
      expect(lines[5]).toBe('ada@example.com,Ada,Lovelace,homepage-hero,2026-01-10T09:00:00.000Z,111,newsletter,,launch,,,https://news.example.com/,');
      expect(lines[2]).toBe('nobody@example.com,Nemo,,unknown,2026-02-20T23:59:59.000Z,222,,,,,,,');
    });

    it('neutralises formula injection (=, +, -, @, tab) with a leading apostrophe', async () => {
      const lines = csvLines((await csv('?q=evil')).body);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(`evil@example.com,"'=HYPERLINK(""http://evil.example"",""x"")","'+SUM(1,2)",blog,2026-03-01T08:00:00.000Z,,'@cmd,,'-2+3,,,'\tTAB,`);
    });

    it('respects the filters, the sort and the selection (ids)', async () => {
      expect(csvLines((await csv('?source=homepage-hero&sort=asc')).body).map((line) => line.split(',')[0])).toEqual(['Email', 'ada@example.com', 'alan@turing.example']);
      expect(csvLines((await csv('?synced=true&from=2026-02-01')).body).slice(1).map((line) => line.split(',')[0])).toEqual(['nobody@example.com']);
      const selection = `${ids['grace@example.com']},${ids['ada@example.com']}`;
      expect(csvLines((await csv(`?ids=${selection}`)).body).slice(1).map((line) => line.split(',')[0])).toEqual(['grace@example.com', 'ada@example.com']);
      expect(csvLines((await csv(`?ids=${selection}&q=ada`)).body).slice(1).map((line) => line.split(',')[0])).toEqual(['ada@example.com']);
      expect(csvLines((await csv('?q=nothing-matches')).body)).toEqual([HEADER]);
    });

    it('streams 10,000 leads in keyset batches: every lead once, even with equal timestamps', async () => {
      await db().delete(leads);
      // Bulk insert in SQL; two thousand share one timestamp, so the keyset must break ties on the id.
      await db().execute(sql`
        insert into leads (email, first_name, source, subscribed_at, convertkit_subscriber_id)
        select 'bulk' || n || '@example.com', 'Bulk ' || n, case when n % 2 = 0 then 'even' else 'odd' end,
               case when n <= 2000 then timestamptz '2026-05-01T00:00:00Z'
                    else timestamptz '2026-05-01T00:00:00Z' + (n || ' seconds')::interval + (n || ' microseconds')::interval end,
               case when n % 3 = 0 then n else null end
        from generate_series(1, 10000) as n`);
      for (const sort of ['desc', 'asc']) {
        const lines = csvLines((await csv(`?sort=${sort}`)).body);
        expect(lines[0]).toBe(HEADER);
        expect(lines).toHaveLength(10_001);
        expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(10_000);
      }
      const odd = csvLines((await csv('?source=odd&synced=true')).body);
      expect(odd).toHaveLength(1 + 1667); // odd multiples of 3 up to 10,000
      expect((await list('?source=even&limit=1')).total).toBe(5000);
      // Deep pages (read from the nearer end past the middle, issue 13) are the rows the CSV order gives.
      for (const sort of ['desc', 'asc']) {
        const emails = csvLines((await csv(`?sort=${sort}`)).body).slice(1).map((line) => line.split(',')[0]!);
        for (const [offset, limit] of [[1500, 50], [6000, 50], [9950, 50], [9990, 50], [10_000, 50], [5000, 200]] as const) {
          const page = await list(`?sort=${sort}&limit=${limit}&offset=${offset}`);
          expect(page.total).toBe(10_000);
          expect(page.items.map((lead) => lead.email)).toEqual(emails.slice(offset, offset + limit));
        }
        const filtered = await list(`?sort=${sort}&source=odd&limit=50&offset=4990`);
        expect(filtered.items.map((lead) => lead.email)).toEqual(emails.filter((email) => Number(/\d+/.exec(email)![0]) % 2 === 1).slice(4990, 5040));
      }
    }, 120_000);
  });

  describe('bad input is 400 { error }, never 5xx', () => {
    it.each([
      '/api/leads?q=%00',
      '/api/leads?from=2026-02-30',
      '/api/leads?from=yesterday',
      '/api/leads?from=2026-03-01&to=2026-02-01',
      '/api/leads?sort=sideways',
      '/api/leads?synced=maybe',
      '/api/leads?limit=0',
      '/api/leads?limit=201',
      '/api/leads?offset=-1',
      `/api/leads?q=${'x'.repeat(201)}`,
      '/api/leads/export.csv?ids=1,abc',
      '/api/leads/export.csv?ids=',
      `/api/leads/export.csv?ids=${Array.from({ length: 501 }, (_, index) => index + 1).join(',')}`,
      '/api/leads/export.csv?to=20260101',
      '/api/leads/abc',
      '/api/leads/0',
      '/api/leads/99999999999',
    ])('GET %s', async (url) => {
      const response = await inject('GET', url);
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().error).toBe('string');
    });

    it.each(['/api/leads/abc/retry-sync', '/api/leads/-1/retry-sync'])('POST %s', async (url) => {
      expect((await inject('POST', url)).statusCode).toBe(400);
    });

    it('DELETE /api/leads/abc', async () => {
      expect((await inject('DELETE', '/api/leads/abc')).statusCode).toBe(400);
      expect(await db().select().from(leads).where(and(eq(leads.email, 'ada@example.com')))).toHaveLength(1);
    });
  });
});
