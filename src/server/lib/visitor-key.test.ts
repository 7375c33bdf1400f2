import { describe, expect, it } from 'vitest';
import { COUNTS_PER_MINUTE, createVisitorKeys } from './visitor-key.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const NOON = new Date('2026-11-27T12:00:00Z');

describe('visitor keys (decision 0021)', () => {
  it('one key per network and day, whatever the user agent; none for bots or without a user agent', () => {
    const keys = createVisitorKeys(SECRET);
    const first = keys.countable({ ipAddress: '192.0.2.7', userAgent: BROWSER }, NOON);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(keys.countable({ ipAddress: '192.0.2.7', userAgent: `${BROWSER} Other` }, NOON)).toBe(first);
    expect(keys.countable({ ipAddress: '192.0.2.8', userAgent: BROWSER }, NOON)).not.toBe(first);
    expect(keys.countable({ ipAddress: '192.0.2.7', userAgent: BROWSER }, new Date('2026-11-28T12:00:00Z'))).not.toBe(first);
    expect(keys.countable({ ipAddress: '2001:db8::a', userAgent: BROWSER }, NOON)).toBe(keys.countable({ ipAddress: '2001:db8::b', userAgent: FIREFOX }, NOON));
    expect(keys.countable({ ipAddress: '192.0.2.9', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, NOON)).toBeNull();
    expect(keys.countable({ ipAddress: '192.0.2.9', userAgent: null }, NOON)).toBeNull();
    expect(keys.likeKey({ ipAddress: '192.0.2.7', userAgent: FIREFOX })).toBe(keys.likeKey({ ipAddress: '192.0.2.7', userAgent: BROWSER }));
    expect(keys.likeKey({ ipAddress: '192.0.2.7', userAgent: 'curl/8.0' })).toBeNull();
  });

  it('stops counting a network past its rate for the rest of the minute, others unaffected', () => {
    const keys = createVisitorKeys(SECRET);
    const visitor = { ipAddress: '198.51.100.1', userAgent: BROWSER };
    for (let n = 0; n < COUNTS_PER_MINUTE; n++) expect(keys.countable(visitor, NOON)).not.toBeNull();
    expect(keys.countable(visitor, new Date(NOON.getTime() + 59_000))).toBeNull();
    expect(keys.countable({ ...visitor, ipAddress: '198.51.100.2' }, NOON)).not.toBeNull();
    expect(keys.countable(visitor, new Date(NOON.getTime() + 60_000))).not.toBeNull();
  });
});
