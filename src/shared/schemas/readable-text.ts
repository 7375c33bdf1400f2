/**
 * Text we put in a mail someone else wrote (invitations, decision 0042): read it as a mail client or a person
 * would, then refuse what they would take for a link, an address or someone else's voice.
 *
 * - **Read as shown**: NFKC (fullwidth and mathematical letters, `：` and `／`, `．` and `․` become plain ones),
 *   invisible characters removed (format characters and every default-ignorable one: zero-width spaces and joiners,
 *   soft hyphens, bidi controls, variation selectors, Hangul fillers), and the other dots a reader sees as a full
 *   stop (`。 ｡ ︒ · ・ ･ ∙ ⋅` …, and the defanged `[.]` `(dot)`) turned into `.` — but not the ideographic full stop
 *   or the katakana middle dot between two Chinese, Japanese or Korean characters (prose there has no spaces),
 *   nor Catalan's l·l.
 * - **A link** is then a scheme (`https://`, `hxxp://`), `www.`, an e-mail address, a punycode label (`xn--`), a
 *   dotted IPv4 address, or a domain: dotted labels without a space whose final label is letters only, at least 2
 *   of them, in any script. No list of top-level domains: new ones appear every year (`.zip`, `.help`, `.рф`).
 *   `e.g.`, `i.e.`, `a.m.`, `U.S.A.` and `3.14` pass (one-letter or digit final label); `Hi.Thanks` does not, as a
 *   reader cannot tell it from a domain — a space after the full stop fixes it.
 * - **A mixed-script word**: Latin letters with Cyrillic or Greek ones in one word (`pаypal` with a Cyrillic а) is
 *   the look-alike trick; real words keep to one of these alphabets.
 * - **Names** (decision 0042): not a brand of a short list or a role word (`PayPal`, `Support`, `Security Team`),
 *   also when split (`Pay Pal`) or written with look-alikes (`PayPaI`), and not mostly decorative letters (fullwidth,
 *   mathematical, small capitals).
 */

/** Characters a reader takes for a full stop between two words; NFKC leaves them as they are. */
const DOT_LIKE = /[\u0387\u2027\u2219\u22C5\u2E31\u2E3C\u06D4\u0701\u0702]/gu;
// The middle dot, except in Catalan's l·l (col·lega).
const MIDDLE_DOT = /(?<![lL])\u00B7|\u00B7(?![lL])/gu;
// The ideographic full stop and the katakana middle dot separate sentences and words in Chinese and Japanese,
// with no space: between two CJK characters they are prose; next to anything else (`evil。com`) they are dots.
// (NFKC has already made ｡ and ︒ into 。, and ･ into ・.)
const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]`;
const CJK_DOT = new RegExp(String.raw`(?<!${CJK})[\u3002\u30FB]|[\u3002\u30FB](?!${CJK})`, 'gu');
// `evil[.]com`, `evil(dot)com`, `hxxp[:]//`: the defanged forms people still read as links.
const BRACKETED_DOT = /[[({]\s*(?:\.|dot)\s*[\])}]/giu;
const BRACKETED_COLON = /[[({]\s*:\s*[\])}]/gu;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** The text as a reader sees it (see the header): compare and search this, store the original. */
export function readableForm(value: string): string {
  return value
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(BRACKETED_DOT, '.')
    .replace(BRACKETED_COLON, ':')
    .replace(DOT_LIKE, '.')
    .replace(MIDDLE_DOT, '.')
    .replace(CJK_DOT, '.');
}

const LABEL = String.raw`[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}])?`;
const DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}\p{M}])(?:${LABEL}\.)+\p{L}[\p{L}\p{M}]*\p{L}[\p{M}]*(?![\p{L}\p{N}\p{M}]|\.[\p{L}\p{N}])`,
  'u',
);
const SCHEME = /[a-z][a-z0-9+.-]*:\s*[/\\\u2215\u2044]{2}/iu;
const WWW = /(?<![\p{L}\p{N}])www\./iu;
const PUNYCODE = /(?<![\p{L}\p{N}])xn--/iu;
const IPV4 = /(?<![\p{N}.])\p{Nd}{1,3}(?:\.\p{Nd}{1,3}){3}(?![\p{N}])/u;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/u;

/** True when a reader would take part of `value` for a link, a domain, an IP address or an e-mail address. */
export function carriesLink(value: string): boolean {
  const text = readableForm(value);
  return [SCHEME, WWW, PUNYCODE, IPV4, EMAIL, DOMAIN].some((pattern) => pattern.test(text));
}

const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** True when one word mixes Latin letters with Cyrillic or Greek ones (`evil.cоm` with a Cyrillic о). */
export function mixesScripts(value: string): boolean {
  return (readableForm(value).match(WORD) ?? []).some((word) => LATIN.test(word) && LOOK_ALIKE_SCRIPT.test(word));
}

/**
 * Names a mail could borrow authority from. Short on purpose: the brands phishing imitates most, the bank, our
 * own name, and the words that make a sender look like staff. Whole words only, so `Applegate` or `Banks` pass.
 */
const BRANDS = [
  'paypal', 'apple', 'icloud', 'google', 'gmail', 'microsoft', 'outlook', 'office', 'amazon', 'netflix',
  'facebook', 'instagram', 'whatsapp', 'ebay', 'dhl', 'fedex', 'coinbase', 'binance', 'bank', 'jotit',
];
const ROLES = [
  'support', 'security', 'team', 'admin', 'administrator', 'official', 'service', 'services', 'helpdesk',
  'staff', 'moderator', 'webmaster', 'postmaster', 'noreply', 'billing', 'verification',
];
// Look-alikes that survive NFKC: capital I read as l, rn read as m, vv read as w.
const skeleton = (word: string) => word.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/[iı]/g, 'l');
const BRAND_SKELETONS = new Set(BRANDS.map(skeleton));
const ROLE_SKELETONS = new Set(ROLES.map(skeleton));

/** True when a name is, or contains, a brand or a role word (`PayPal Support`, `Security Team`, `Pay Pal`). */
export function impersonates(name: string): boolean {
  const words = (readableForm(name).toLowerCase().match(WORD) ?? []).map(skeleton);
  if (words.some((word) => BRAND_SKELETONS.has(word) || ROLE_SKELETONS.has(word))) return true;
  // A brand split in two or three ("Pay Pal", "Micro Soft").
  for (let start = 0; start < words.length; start++) {
    let joined = words[start]!;
    for (let end = start + 1; end < Math.min(words.length, start + 3); end++) {
      joined += words[end]!;
      if (BRAND_SKELETONS.has(joined)) return true;
    }
  }
  return false;
}

// Small capitals and modifier letters: Latin look-alikes NFKC does not fold.
const DECORATIVE_LETTER = /[\u1D00-\u1D2B\p{Lm}]/u;

/** True when most of a name's letters are decorative: fullwidth, mathematical, small capitals and the like. */
export function isDecorative(name: string): boolean {
  const letters = name.match(/\p{L}/gu) ?? [];
  const decorative = letters.filter((letter) => letter.normalize('NFKC') !== letter || DECORATIVE_LETTER.test(letter));
  return decorative.length * 2 > letters.length;
}
