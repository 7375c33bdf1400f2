import { describe, expect, it } from 'vitest';
import { JotSearchFormSchema, JotSearchSchema, PAYLOAD_SEARCH_TOO_SHORT_MESSAGE, SEARCH_REQUIRED_MESSAGE } from './jots';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('JotSearchFormSchema: the API’s search as the Jots screen and the tester hold it', () => {
  it('refuses the select’s "" (no field chosen) with the API’s words, under the field', () => {
    expect(messages(JotSearchFormSchema.safeParse({ field: '', value: 'x' }))).toEqual([['field', SEARCH_REQUIRED_MESSAGE]]);
    expect(messages(JotSearchFormSchema.safeParse({ field: '', value: ' ' }))).toEqual([
      ['field', SEARCH_REQUIRED_MESSAGE],
      ['value', SEARCH_REQUIRED_MESSAGE],
    ]);
  });

  it('keeps the API’s other rules: a payload search needs 3 characters; the value is trimmed', () => {
    expect(messages(JotSearchFormSchema.safeParse({ field: 'payload', value: 'ab' }))).toEqual([['value', PAYLOAD_SEARCH_TOO_SHORT_MESSAGE]]);
    expect(JotSearchFormSchema.parse({ field: 'Plugin', value: ' offline ' })).toMatchObject({ field: 'Plugin', value: 'offline' });
  });

  it('accepts what the API accepts, and the API still refuses ""', () => {
    const search = { field: 'AppVersion', value: '1.5.0' } as const;
    expect(JotSearchFormSchema.parse(search)).toEqual(JotSearchSchema.parse(search));
    expect(JotSearchSchema.safeParse({ field: '', value: 'x' }).success).toBe(false);
  });
});
