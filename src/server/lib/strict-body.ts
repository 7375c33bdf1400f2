/**
 * Nothing a request body sends is silently dropped (issue 25, decision 0028): every route's JSON body is strict,
 * whatever its shared schema says, so a new route cannot forget it. An unknown field is a 400 naming it, through
 * the same error handler as every other field error; the OpenAPI document says `additionalProperties: false`.
 *
 * A body schema that deliberately takes more (a `z.looseObject`, e.g. the jot bodies of deployed desktop builds)
 * keeps doing so, and the document says so.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

/**
 * How an object body treats unknown fields: `closed` (a plain zod object: this file refuses them), `strict` (the
 * schema refuses them itself: `.strict()`, a writeBody), or undefined (a loose object, a union: left as it is).
 */
export function bodyStrictness(schema: AnySchema): { kind: 'closed'; keys: Set<string> } | { kind: 'strict' } | undefined {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, unknown>; catchall?: AnySchema; in?: AnySchema; out?: AnySchema };
  if (def.type === 'object') {
    if (def.catchall === undefined) return { kind: 'closed', keys: new Set(Object.keys(def.shape ?? {})) };
    return def.catchall._zod.def.type === 'never' ? { kind: 'strict' } : undefined;
  }
  // z.preprocess(fn, object) is a pipe from a transform; object.transform(fn) a pipe from the object.
  if (def.type === 'pipe' && def.in && def.out) return bodyStrictness(def.in._zod.def.type === 'transform' ? def.out : def.in);
  return undefined;
}

// What fastify-type-provider-zod marks its validation issues with, so the one error handler formats these too.
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasUnknownKey(data: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const key in data) if (Object.hasOwn(data, key) && !allowed.has(key)) return true;
  return false;
}

/** fastify-type-provider-zod's validator, with unknown body fields refused. */
export const strictValidatorCompiler: FastifySchemaCompiler<AnySchema> = (route) => {
  const validate = validatorCompiler(route);
  const strictness = route.httpPart === 'body' ? bodyStrictness(route.schema) : undefined;
  if (strictness?.kind !== 'closed') return validate;
  const allowed = strictness.keys;
  const strict = (data: unknown) => {
    const result = validate(data) as { error?: unknown[]; value?: unknown };
    // Every body passes here: the common case (no unknown field) allocates nothing.
    if (!isPlainObject(data) || !hasUnknownKey(data, allowed)) return result;
    const unknown = Object.keys(data).filter((key) => !allowed.has(key));
    const issue = {
      [ZOD_VALIDATION_ERROR]: true,
      keyword: 'unrecognized_keys',
      instancePath: '/',
      schemaPath: '#/unrecognized_keys',
      message: `Unknown field "${unknown[0]}"`,
      params: { keys: unknown },
    };
    return { error: [issue, ...(Array.isArray(result.error) ? result.error : [])] };
  };
  return strict as unknown as ReturnType<typeof validatorCompiler>;
};
