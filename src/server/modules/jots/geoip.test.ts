import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Reader } from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestUser } from '../../../../tests/fixtures/users.ts';
import type { JotPage, PublicJot } from '../../../shared/schemas/jots.ts';
import { createMaxMindLookup, openGeoIpDatabase } from '../../lib/geoip.ts';
import { createKey, sendV2 } from '../../../../tests/fixtures/test-kit.ts';
import { buildTestMmdb } from '../../../../tests/fixtures/test-mmdb.ts';

const LISBON = {
  city: { geoname_id: 2267057, names: { en: 'Lisbon', pt: 'Lisboa' } },
  subdivisions: [{ geoname_id: 2267056, iso_code: '11', names: { en: 'Lisbon District' } }],
  country: { geoname_id: 2264397, iso_code: 'PT', names: { en: 'Portugal' } },
};

function writeDatabase(record: Parameters<typeof buildTestMmdb>[0]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'jotit-geoip-')), 'test-city.mmdb');
  writeFileSync(file, buildTestMmdb(record));
  return file;
}

describe('GeoIP lookups (GEOIP_DB)', () => {
  it('reads city, first subdivision and country code from a MaxMind database', () => {
    const lookup = createMaxMindLookup(new Reader(buildTestMmdb(LISBON)));
    expect(lookup.lookup('127.0.0.1')).toEqual({ city: 'Lisbon', state: 'Lisbon District', country: 'PT' });
    expect(lookup.lookup('::ffff:10.1.2.3')).toEqual({ city: 'Lisbon', state: 'Lisbon District', country: 'PT' });
    expect(lookup.lookup('203.0.113.9')).toBeNull(); // not in the database
    expect(lookup.lookup('not an ip')).toBeNull();
  });

  it('answers a country-only record with the country alone, and an empty record with nothing', () => {
    expect(createMaxMindLookup(new Reader(buildTestMmdb({ country: { iso_code: 'NO' } }))).lookup('1.2.3.4')).toEqual({
      city: null,
      state: null,
      country: 'NO',
    });
    expect(createMaxMindLookup(new Reader(buildTestMmdb({ continent: { code: 'EU' } }))).lookup('1.2.3.4')).toBeNull();
  });

  it('refuses to start on a GEOIP_DB that cannot be opened, naming the path', async () => {
    await expect(openGeoIpDatabase('/no/such/file.mmdb')).rejects.toThrow('GEOIP_DB: cannot open the GeoIP database /no/such/file.mmdb');
  });
});

describe(`jots located by GeoIP on ${testDatabaseKind()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ GEOIP_DB: writeDatabase(LISBON), RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(() => testApp?.close());

  it('stores the sender location looked up from the IP address when no proxy sent one', async () => {
    const admin = await createTestUser(testApp.app, { isAdmin: true });
    const key = await createKey(testApp.app, admin.headers);
    const { id } = await sendV2(testApp.app, key, { text: 'Sent from Lisbon' });
    const [newest] = (await testApp.app.inject({ method: 'GET', url: '/api/jots' })).json<PublicJot[]>();
    expect(newest).toMatchObject({ id, sender_city: 'Lisbon', sender_state: 'Lisbon District', sender_country: 'PT' });
    const page = (await testApp.app.inject({ method: 'GET', url: '/api/jots', headers: admin.headers })).json<JotPage>();
    expect(page.jots[0]).toMatchObject({ senderCity: 'Lisbon', senderCountry: 'PT' });
  });
});
