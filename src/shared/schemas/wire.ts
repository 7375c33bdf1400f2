import { z } from 'zod';

/**
 * The API's one naming rule (decision 0027): a resource is written under the names it is read with (camelCase,
 * the canonical names, the only ones the OpenAPI document lists as properties), and the spec's snake_case form
 * field names (`landing_page_content`, `is_published` …) are accepted as aliases of them. Unknown fields are
 * refused (strict), never dropped.
 *
 * The services keep taking the snake_case shape they always took: `writeBody` parses the camelCase body and hands
 * it on under the snake_case keys of `shape`.
 */

type SnakeToCamel<Key extends string> = Key extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<SnakeToCamel<Tail>>}`
  : Key;
type CamelShape<Shape extends z.ZodRawShape> = { [Key in keyof Shape & string as SnakeToCamel<Key>]: Shape[Key] };

/** `landing_page_content` → `landingPageContent`. */
export const snakeToCamel = (key: string) =>
  key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body written in the form's snake_case or (canonical) camelCase, as the service's input type. */
export type WireInput<Shape extends z.ZodRawShape> =
  z.input<z.ZodObject<Shape>> | z.input<z.ZodObject<CamelShape<Shape>>>;

export type WireBody<Shape extends z.ZodRawShape> = z.ZodType<z.output<z.ZodObject<Shape>>, WireInput<Shape>>;

// The schema the OpenAPI document shows for a body (the camelCase object), where it is not the body itself.
const documentTwins = new WeakMap<object, z.core.$ZodType>();

/** What the OpenAPI document should render for `schema`: its camelCase twin for a `writeBody`, else itself. */
export function documentedSchema<Schema>(schema: Schema): Schema | z.core.$ZodType {
  return (typeof schema === 'object' && schema !== null && documentTwins.get(schema)) || schema;
}

/**
 * A strict write body whose canonical names are the camelCase of `shape`'s keys; the snake_case keys are
 * accepted as aliases (sending both names of one field is a 400). Parses to `shape`'s snake_case output. A field
 * error names the field as the caller sent it (the forms send snake_case and highlight by that name).
 */
export function writeBody<Shape extends z.ZodRawShape>(shape: Shape): WireBody<Shape> {
  const camelOf = new Map<string, string>();
  const snakeOf = new Map<string, string>();
  const camelShape: Record<string, z.core.SomeType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const camel = snakeToCamel(key);
    camelShape[camel] = schema;
    snakeOf.set(camel, key);
    if (camel !== key) camelOf.set(key, camel);
  }
  const aliases = [...camelOf].map(([snake, camel]) => `\`${snake}\` for \`${camel}\``);
  const canonical = z.strictObject(camelShape as CamelShape<Shape>);
  const body = z.unknown().transform((value, context) => {
    if (!isPlainObject(value)) {
      context.addIssue({ code: 'custom', message: 'The body must be a JSON object' });
      return z.NEVER;
    }
    const renamed: Record<string, unknown> = {};
    const sentAs = new Map<string, string>();
    for (const [key, field] of Object.entries(value)) {
      const camel = camelOf.get(key);
      if (camel === undefined) renamed[key] = field;
      else if (camel in value)
        context.addIssue({ code: 'custom', path: [key], message: `Send ${camel} or ${key}, not both` });
      else {
        renamed[camel] = field;
        sentAs.set(camel, key);
      }
    }
    const result = canonical.safeParse(renamed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [first, ...rest] = issue.path;
        // A field the caller did not send is named in the caller's style (snake_case once any alias was used).
        const name =
          typeof first === 'string'
            ? (sentAs.get(first) ?? (sentAs.size > 0 ? snakeOf.get(first) : undefined) ?? first)
            : first;
        const path = first === undefined ? issue.path : [name, ...rest];
        context.addIssue({ ...issue, path } as Parameters<typeof context.addIssue>[0]);
      }
      return z.NEVER;
    }
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(result.data as Record<string, unknown>))
      out[snakeOf.get(key) ?? key] = field;
    return out as z.output<z.ZodObject<Shape>>;
  });
  documentTwins.set(
    body,
    aliases.length > 0
      ? canonical.describe(`Also accepted under the spec's form field names: ${aliases.join(', ')}.`)
      : canonical,
  );
  return body as unknown as WireBody<Shape>;
}

/**
 * `writeBody` for an object nested in a body (a list's items): the same names and aliases, and a schema the
 * document renders itself (its field errors name the camelCase field).
 */
export function nestedWriteBody<Shape extends z.ZodRawShape>(shape: Shape): WireBody<Shape> {
  const camelOf = new Map(Object.keys(shape).map((key) => [key, snakeToCamel(key)] as const).filter(([key, camel]) => key !== camel));
  const snakeOf = new Map([...camelOf].map(([snake, camel]) => [camel, snake] as const));
  const camelShape = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [snakeToCamel(key), schema])) as CamelShape<Shape>;
  return z
    .preprocess(
      (value) => (isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([key, field]) => [camelOf.get(key) ?? key, field])) : value),
      z.strictObject(camelShape),
    )
    .transform((value) => Object.fromEntries(Object.entries(value).map(([key, field]) => [snakeOf.get(key) ?? key, field])) as z.output<z.ZodObject<Shape>>) as unknown as WireBody<Shape>;
}
