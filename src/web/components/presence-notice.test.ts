import { describe, expect, it } from 'vitest';
import { editorNames } from './presence-notice';

describe('editorNames', () => {
  it('names one, two or three people, and counts the rest', () => {
    expect(editorNames(['sam'])).toBe('sam');
    expect(editorNames(['sam', 'alex'])).toBe('sam and alex');
    expect(editorNames(['sam', 'alex', 'kim'])).toBe('sam, alex and kim');
    expect(editorNames(['sam', 'alex', 'kim', 'lee'])).toBe('sam, alex and 2 others');
  });
});
