import { z } from 'zod';

/**
 * Text the database can store. PostgreSQL refuses U+0000 in `text` (and in JSON), and a lone UTF-16 surrogate
 * (U+D800–U+DFFF without its partner) is not Unicode at all, so either one used to reach the database and come
 * back as a 500. Every string a request carries goes through `safeString` (or `isStorableText`), so such input is
 * a 400 at the edge, naming the field, and never a query.
 */
export const TEXT_NOT_ALLOWED_MESSAGE = 'Text contains characters that are not allowed';

export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

// Without the `u` flag a regex sees UTF-16 units, which is what finds a surrogate without its partner.
// (String.prototype.isWellFormed would do the surrogate half, but older browsers lack it and the forms use this too.)
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` has no NUL and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * `z.string(params)` that first refuses unstorable text with '<label> contains characters that are not allowed'.
 * The check aborts, so the field's other rules (trim, lengths, patterns) only ever see storable text; chain them
 * as on any `z.string()`.
 */
export function safeString(label?: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: label ? notAllowedMessage(label) : TEXT_NOT_ALLOWED_MESSAGE, abort: true });
}

/** The longest slug or id a page's path may name (blog and page slugs allow 200 characters, campaigns 90). */
export const PAGE_PARAM_MAX_LENGTH = 200;

/**
 * A page's path parameter worth a query (`/blog/{slug}`, `/p/{slug}`, `/c/{slug}`): storable text of at most
 * PAGE_PARAM_MAX_LENGTH characters. Anything else names no page: a 404, never a query (issue 23 §3).
 */
export const isPageParam = (value: string) => value.length <= PAGE_PARAM_MAX_LENGTH && isStorableText(value);

/** Dates a person means: PostgreSQL has no year 0 and JavaScript writes years past 9999 in a form it cannot read. */
export const DATE_MIN = Date.UTC(1970, 0, 1);
export const DATE_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const isSaneDate = (date: Date) => date.getTime() >= DATE_MIN && date.getTime() <= DATE_MAX;
