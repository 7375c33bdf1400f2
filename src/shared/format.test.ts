import { describe, expect, it } from 'vitest';
import { bannerType, formatCount, formatLocation, formatRelativeTime, plainText, UNKNOWN_LOCATION } from './format.ts';

describe('formatCount (spec §9)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_049, '1.0K'],
    [1_050, '1.0K'],
    [1_100, '1.1K'],
    [1_999, '1.9K'],
    [10_000, '10.0K'],
    [123_456, '123.4K'],
    [999_999, '999.9K'],
    [1_000_000, '1.0M'],
    [1_049_999, '1.0M'],
    [2_500_000, '2.5M'],
    [999_999_999, '999.9M'],
    [1_234_567_890, '1234.5M'],
  ])('%i → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('never shows a negative, fractional or non-finite count', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCount(42.9)).toBe('42');
  });
});

describe('formatRelativeTime (spec §9)', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;

  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MINUTE, '1 minute ago'],
    [2 * MINUTE, '2 minutes ago'],
    [59 * MINUTE + 59_999, '59 minutes ago'],
    [60 * MINUTE, '1 hour ago'],
    [119 * MINUTE, '1 hour ago'],
    [120 * MINUTE, '2 hours ago'],
    [1439 * MINUTE, '23 hours ago'],
    [1440 * MINUTE, '1 day ago'],
    [2879 * MINUTE, '1 day ago'],
    [2880 * MINUTE, '2 days ago'],
    [400 * 1440 * MINUTE, '400 days ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(formatRelativeTime('2026-03-01T11:55:00.000Z', now)).toBe('5 minutes ago');
  });

  it("shows future times (clock skew) and garbage as 'just now'", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBe('just now');
  });
});

describe('formatLocation (spec §9)', () => {
  it('shows city and state', () => {
    expect(formatLocation({ city: 'Nashville', state: 'Tennessee', country: 'US' })).toBe('Nashville, Tennessee');
  });

  it('shows a city or a state alone when the other is missing, never the country then', () => {
    expect(formatLocation({ city: 'Austin', state: null, country: 'US' })).toBe('Austin');
    expect(formatLocation({ city: '  ', state: 'Texas', country: 'US' })).toBe('Texas');
  });

  it('shows the country only when there is neither city nor state, by its English name', () => {
    expect(formatLocation({ city: null, state: null, country: 'FR' })).toBe('France');
    expect(formatLocation({ city: '', state: '', country: 'gb' })).toBe('United Kingdom');
    expect(formatLocation({ country: 'Atlantis' })).toBe('Atlantis');
  });

  it("falls back to 'Unknown Location'", () => {
    expect(formatLocation({ city: null, state: null, country: null })).toBe(UNKNOWN_LOCATION);
    expect(formatLocation({ city: ' ', state: '', country: ' ' })).toBe('Unknown Location');
    expect(formatLocation({})).toBe('Unknown Location');
  });
});

describe('bannerType (spec §3)', () => {
  it('keeps the four types and shows anything else as info', () => {
    expect(['info', 'success', 'warning', 'error'].map(bannerType)).toEqual(['info', 'success', 'warning', 'error']);
    expect(bannerType('danger')).toBe('info');
    expect(bannerType('')).toBe('info');
  });
});

describe('plainText (issue 27 §2: feeds and meta carry text)', () => {
  it.each([
    ['Plain <b>bold</b> text', 'Plain bold text'],
    ['<img src=x onerror=alert(1)>after', 'after'],
    ['<a href="javascript:alert(1)">link</a>', 'link'],
    ['<script>alert(1)</script>', 'alert(1)'],
    ['<<script>script>alert(1)<</script>/script>', 'alert(1)'],
    ['<!-- hidden --><p>shown</p>', 'shown'],
    ['an unfinished <img src=x onerror=alert(1)', 'an unfinished img src=x onerror=alert(1)'],
    ['1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
    ['&lt;script&gt; stays as written', '&lt;script&gt; stays as written'],
    ['two\n\nlines', 'two lines'],
  ])('%j → %j', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});
