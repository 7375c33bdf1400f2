import { describe, expect, it } from 'vitest';
import { countText, dayCountText, formatDay, keyLabel } from './chart-text';

const jots = { one: 'jot', other: 'jots' };

describe('chart words', () => {
  it('says a day’s figure in words, with the date, and today as counted so far', () => {
    expect(dayCountText(8, '2026-11-26', jots)).toBe('8 jots on Nov 26');
    expect(dayCountText(1, '2026-11-26', jots)).toBe('1 jot on Nov 26');
    expect(dayCountText(1204, '2026-11-27', jots, true)).toBe('1,204 jots today so far (Nov 27)');
    expect(countText(0, { one: 'lead', other: 'leads' })).toBe('0 leads');
  });

  it('formats days in UTC and names keys by their labels', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1');
    expect(keyLabel('homepage-hero', { 'homepage-hero': 'Home page hero' })).toBe('Home page hero');
    expect(keyLabel('blog-sidebar', {})).toBe('blog-sidebar');
  });
});
