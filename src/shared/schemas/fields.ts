/**
 * The form fields the admin's write schemas share (blog, campaigns, pages, testimonials, affiliate products,
 * banners), and the reports' day range (leads, analytics): one rule each for a blank field, optional text, a
 * true/false switch, a date and a day.
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

/** A UTC day as `2026-01-31` (a report's `from`/`to`): a real calendar day between the years 1970 and 9999. */
export const isoDay = safeString('Date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2026-01-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && isSaneDate(date);
  }, 'Not a valid date');

type OptionalShape<Shape extends z.ZodRawShape> = { [Key in keyof Shape]: z.ZodOptional<Shape[Key]> };

/**
 * A PATCH body's fields: the create form's fields (all of them, or the `keys` named), each optional — a field left
 * out is left as it is. The one rule for every admin "change" schema, so a new field cannot be forgotten in it.
 */
export function optionalFields<Shape extends z.ZodRawShape>(shape: Shape): OptionalShape<Shape>;
export function optionalFields<Shape extends z.ZodRawShape, Key extends keyof Shape & string>(
  shape: Shape,
  keys: readonly Key[],
): OptionalShape<Pick<Shape, Key>>;
export function optionalFields(shape: z.ZodRawShape, keys?: readonly string[]): z.ZodRawShape {
  const entries = Object.entries(shape).filter(([key]) => keys === undefined || keys.includes(key));
  return Object.fromEntries(entries.map(([key, schema]) => [key, z.optional(schema)]));
}

/** `/{id}` of a content row with a serial id (pages, testimonials, campaigns, affiliate products): a PostgreSQL integer. */
export const NumericIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Id must be a number' }).int().positive().max(2_147_483_647) });
