import { describe, expect, it } from 'vitest';
import { matchCount } from './match-count';

describe('matchCount', () => {
  it('says an exact count as it is and a capped one with a plus', () => {
    expect(matchCount({ total: 1, totalCapped: false })).toBe('1 matching jot');
    expect(matchCount({ total: 2, totalCapped: false })).toBe('2 matching jots');
    expect(matchCount({ total: 10_000, totalCapped: true })).toBe('10,000+ matching jots');
    expect(matchCount({ total: 1_000, totalCapped: true })).toBe('1,000+ matching jots');
  });
});
