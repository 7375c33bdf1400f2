import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvitationFormSchema,
  PERSONAL_MESSAGE_LETTERS_ERROR,
  PERSONAL_MESSAGE_LINK_ERROR,
  SENDER_NAME_ERROR,
  SENDER_NAME_IMPERSONATION_ERROR,
  SENDER_NAME_LETTERS_ERROR,
} from './invitations.ts';
import { carriesLink } from './readable-text.ts';

const VALID = { senderName: 'Ada', senderEmail: 'ada@example.com', recipientName: 'Charles', recipientEmail: 'charles@example.com' };
/** The first error the form (and the API, through the same schema) answers, or null when it is accepted. */
const errorOf = (change: Record<string, string>) => InvitationFormSchema.safeParse({ ...VALID, ...change }).error?.issues[0]?.message ?? null;

describe('invitation text as a reader sees it (decision 0042)', () => {
  it.each([
    // Refused before this decision, and still.
    'bit.ly',
    'Go to EVIL.COM now',
    'xn--80ak6aa92e',
    'hxxp://evil[.]com',
    'https://phish.example/login',
    'www.evil',
    'Write to security@paypal.com',
    // Issue 34 item 4: accepted before.
    'evil。com',
    'evil．com/login',
    'https：//evil．com',
    'пример.рф',
    'see evil.zip',
    '1.2.3.4/login',
    'evil\u200b.com',
    'evil\u2024com',
    'evil.c\u043em',
    'g00gle.security-check.help',
    // Other dressings of the same.
    'evil｡com',
    'evil·com',
    'evil・com',
    '例子。com',
    'evil(dot)com',
    'evil[.]com',
    'ｅｖｉｌ．ｃｏｍ',
    'evil\u00ad.com',
    'evil.\u2060com',
    'user＠evil.com',
    'hxxps[:]//evil',
    'example.co.uk/x',
    'Hi.Thanks',
    'see -evil.com',
    'evil.com_',
  ])('refuses the personal message %j as a link', (personalMessage) => {
    expect(errorOf({ personalMessage })).toBe(PERSONAL_MESSAGE_LINK_ERROR);
  });

  it('refuses a word that mixes Latin with Cyrillic or Greek letters', () => {
    expect(errorOf({ personalMessage: 'Log in to your p\u0430ypal account' })).toBe(PERSONAL_MESSAGE_LETTERS_ERROR);
    expect(errorOf({ personalMessage: 'Your \u03bfrder is ready' })).toBe(PERSONAL_MESSAGE_LETTERS_ERROR);
  });

  it.each([
    'Hi Sam, try this!',
    "It's great, e.g. for notes.",
    'Meet at 10 a.m. (i.e. before lunch), U.S.A. style… Pi is 3.14, version 2.0.1',
    'Thanks! 🎉👍🏽❤️ 👨‍👩‍👧',
    'Привет! Это удобно. Γειά σου, φίλε.',
    '你好，试试这个。我很喜欢。',
    'ジョン・スミスさん、こんにちは。使ってみて！',
    'Un col·lega ho fa servir. Ideal per a notes.',
    'Line one.\nLine two. End...',
    'Ends with a full stop.',
  ])('accepts the ordinary message %j', (personalMessage) => {
    expect(errorOf({ personalMessage })).toBeNull();
  });

  it.each([
    ['PayPal Support', SENDER_NAME_IMPERSONATION_ERROR],
    ['Security Team', SENDER_NAME_IMPERSONATION_ERROR],
    ['Pay Pal', SENDER_NAME_IMPERSONATION_ERROR],
    ['PayPaI', SENDER_NAME_IMPERSONATION_ERROR],
    ['Apple', SENDER_NAME_IMPERSONATION_ERROR],
    ['Google', SENDER_NAME_IMPERSONATION_ERROR],
    ['Microsoft', SENDER_NAME_IMPERSONATION_ERROR],
    ['Amazon', SENDER_NAME_IMPERSONATION_ERROR],
    ['Your Bank', SENDER_NAME_IMPERSONATION_ERROR],
    ['JotIt Admin', SENDER_NAME_IMPERSONATION_ERROR],
    ['Official Service', SENDER_NAME_IMPERSONATION_ERROR],
    ['Ｐａｙ\u034fＰａｌ', SENDER_NAME_IMPERSONATION_ERROR],
    ['Ｓ'.repeat(50), SENDER_NAME_LETTERS_ERROR],
    ['Ａｄａ Ｌｏｖｅｌａｃｅ', SENDER_NAME_LETTERS_ERROR],
    ['𝐀𝐝𝐚', SENDER_NAME_LETTERS_ERROR],
    ['ᴀᴅᴀ', SENDER_NAME_LETTERS_ERROR],
    ['\u0410da', SENDER_NAME_LETTERS_ERROR],
    ['Ada evil\u00b7com', SENDER_NAME_ERROR],
  ])('refuses the sender name %j', (senderName, error) => {
    expect(errorOf({ senderName })).toBe(error);
  });

  it.each(["Zoë O'Neil", 'José', '李雷', 'J. R. R. Tolkien', 'Anne-Marie Banks', 'Ruth Applegate', 'Иван Петров', 'Σοφία', 'Mary Teamster', 'ユーリ 佐々木'])(
    'accepts the name %j',
    (name) => {
      expect(errorOf({ senderName: name, recipientName: name })).toBeNull();
    },
  );

  it('reads any text without throwing, and a link stays a link whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 50 }), (text, name) => {
        expect(() => InvitationFormSchema.safeParse({ ...VALID, senderName: name, personalMessage: text })).not.toThrow();
        expect(carriesLink(`${text} evil.com ${text}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('decides a 500-character worst case quickly (no runaway backtracking)', () => {
    const started = performance.now();
    for (const text of ['a'.repeat(500), `${'a-'.repeat(249)}a`, `${'a.'.repeat(249)}a`, `${'ab'.repeat(200)}.`]) carriesLink(text);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
