import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLocationResolver, type GeoIpLookup } from './location.ts';

const request = (headers: Record<string, string>, ip = '203.0.113.9') => ({ headers, ip }) as unknown as FastifyRequest;

describe('jot sender location', () => {
  const cloudflare = { 'cf-ipcity': 'Nashville', 'cf-region': 'Tennessee', 'cf-ipcountry': 'US' };
  const geoIp: GeoIpLookup = { lookup: (ip) => (ip === '203.0.113.9' ? { city: 'Lisbon', state: null, country: 'PT' } : null) };

  it('reads the trusted proxy’s headers', () => {
    expect(createLocationResolver({ trustProxy: true })(request(cloudflare))).toEqual({ city: 'Nashville', state: 'Tennessee', country: 'US' });
  });

  it('ignores the headers when the proxy is not trusted, falling back to GeoIP when there is one', () => {
    expect(createLocationResolver({ trustProxy: false })(request(cloudflare))).toEqual({ city: null, state: null, country: null });
    expect(createLocationResolver({ trustProxy: false, geoIp })(request(cloudflare))).toEqual({ city: 'Lisbon', state: null, country: 'PT' });
  });

  it('uses GeoIP when the proxy sent nothing', () => {
    expect(createLocationResolver({ trustProxy: true, geoIp })(request({}))).toEqual({ city: 'Lisbon', state: null, country: 'PT' });
    expect(createLocationResolver({ trustProxy: true, geoIp })(request({}, '198.51.100.1'))).toEqual({ city: null, state: null, country: null });
  });

  it('takes configurable header names', () => {
    const resolve = createLocationResolver({ trustProxy: true, headers: { city: 'x-city', region: 'x-region', country: 'x-country' } });
    expect(resolve(request({ 'x-city': 'Oslo', 'x-country': 'no' }))).toEqual({ city: 'Oslo', state: null, country: 'NO' });
  });

  it('decodes UTF-8 and percent-encoded names and refuses what is not a country code', () => {
    const resolve = createLocationResolver({ trustProxy: true });
    const utf8 = Buffer.from('São Paulo', 'utf8').toString('latin1');
    expect(resolve(request({ 'cf-ipcity': utf8, 'cf-ipcountry': 'BR' })).city).toBe('São Paulo');
    expect(resolve(request({ 'cf-ipcity': 'S%C3%A3o%20Paulo' })).city).toBe('São Paulo');
    for (const country of ['XX', 'T1', 'USA', '1']) expect(resolve(request({ 'cf-ipcountry': country })).country).toBeNull();
    expect(resolve(request({ 'cf-ipcity': 'x'.repeat(500) })).city).toHaveLength(100);
  });
});
