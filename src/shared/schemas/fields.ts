/**
 * The form fields the admin's write schemas share (blog, campaigns, pages, testimonials, affiliate products,
 * banners): one rule each for a blank field, optional text, a true/false switch and a date.
 */
import { z } from 'zod';
import { isSaneDate, safeString } from './text.ts';

/** A blank or all-space string is no value: null (spec §5 'Empty optional values are sent as null'). */
export const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Optional text: trimmed; blank or null stored as null. */
export const nullableText = (label: string, max: number) =>
  z.preprocess(
    blank,
    safeString(label).trim().max(max, `${label} must be at most ${max} characters`).nullable().optional(),
  );

/** A switch: true or false, also as the strings a form sends. */
export const booleanField = (label: string) =>
  z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: `${label} must be true or false` }),
  );

/**
 * ISO 8601 or `datetime-local`, as a Date between the years 1970 and 9999 (see text.ts: the database refuses year
 * 0, and a negative or five-digit year is no schedule anyone means).
 */
export const dateText = (label: string) =>
  safeString(label)
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: `${label} is not a valid date`, abort: true })
    .refine((value) => isSaneDate(new Date(value)), `${label} must be between the years 1970 and 9999`)
    .transform((value) => new Date(value));
