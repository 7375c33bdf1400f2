import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableColors } from './contrast';

const ratio = (background: string, text: string) => contrastRatio(parseHex(background)!, parseHex(text)!);

describe('readableColors', () => {
  it.each(['#3b82f6', '#10b981', '#f59e0b', '#ef4444'])('deepens the type colour %s under white text to at least 4.5:1', (colour) => {
    expect(ratio(colour, '#ffffff')).toBeLessThan(4.5);
    const result = readableColors(colour, '#ffffff', '#3b82f6');
    expect(result.text).toBe('#ffffff');
    expect(ratio(result.background, result.text)).toBeGreaterThanOrEqual(4.5);
    // Only as much as needed: still clearly the same colour family, not black.
    expect(ratio(result.background, '#000000')).toBeGreaterThan(2.5);
  });

  it('keeps a readable pair exactly as chosen', () => {
    expect(readableColors('#1E3A8A', '#FFFFFF', '#3b82f6')).toEqual({ background: '#1e3a8a', text: '#ffffff' });
  });

  it('lightens the background under dark text', () => {
    const result = readableColors('#475569', '#0f172a', '#3b82f6');
    expect(ratio(result.background, '#0f172a')).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the type colour for a missing or broken background', () => {
    const result = readableColors('', '#ffffff', '#10b981');
    expect(ratio(result.background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(parseHex('nonsense')).toBeNull();
  });
});
