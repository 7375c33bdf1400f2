import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateBannerSchema } from './banners.ts';
import { JotPlaintextSchema } from './jot-plaintext.ts';
import { isStorableText, safeString, TEXT_NOT_ALLOWED_MESSAGE } from './text.ts';

describe('storable text', () => {
  it('is exactly well-formed UTF-16 without NUL', () => {
    // Iterating by code points leaves a surrogate without its partner as a code point of its own.
    const wellFormed = (value: string) => [...value].every((character) => !/^[\ud800-\udfff]$/.test(character));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
        expect(isStorableText(value)).toBe(wellFormed(value) && !value.includes('\u0000'));
      }),
      { numRuns: 2000, examples: [['\u0000'], ['\ud800'], ['\udc00'], ['a\udbff'], ['\udfffa'], ['🌿'], ['\ud83c\udf3f\ud83c']] },
    );
  });

  it('safeString names the field and refuses before any other rule', () => {
    const field = safeString('Title').trim().min(1, 'Title is required');
    expect(field.safeParse('\u0000').error?.issues.map((issue) => issue.message)).toEqual(['Title contains characters that are not allowed']);
    expect(safeString().safeParse('\ud800').error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED_MESSAGE);
    expect(field.parse('  ok ')).toBe('ok');
  });

  it('a jot plaintext with NUL or a lone surrogate in any field is not a jot', () => {
    for (const field of ['text', 'clientId', 'appName', 'windowTitle', 'appVersion', 'plugin']) {
      for (const bad of ['a\u0000', '\ud800']) expect(JotPlaintextSchema.safeParse({ text: 'ok', [field]: bad }).success).toBe(false);
    }
    expect(JotPlaintextSchema.safeParse({ text: '🌿'.repeat(10_000) }).success).toBe(true);
  });

  it('banner dates keep to the years 1970–9999', () => {
    const banner = (startDate: string) => CreateBannerSchema.safeParse({ title: 'T', message: 'M', startDate });
    for (const bad of ['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      expect(banner(bad).error?.issues[0]?.message, bad).toBe('Start date must be between the years 1970 and 9999');
    }
    for (const good of ['1970-01-01T00:00:00Z', '2026-11-23T10:00', '9999-12-31T23:59:59Z']) expect(banner(good).success, good).toBe(true);
  });
});
