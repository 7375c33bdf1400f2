/**
 * The logger's `err` serializer. A failed database query must never put its parameters in the logs (issue 8 §10):
 * they hold a build GUID's value, a lead's name and address, a password hash. They travel in several places —
 * Drizzle's DrizzleQueryError has `params` and repeats them in its message; PGlite attaches `params` to its error;
 * PostgreSQL's own message and `detail` may quote a value ("Key (name)=(…) already exists", "invalid input syntax
 * for type integer: "…""). So an error with a database error anywhere in its cause chain is logged as the
 * statement's text, the SQLSTATE code and the names PostgreSQL reports (constraint, table, column), with the stack
 * frames but no message. Every other error is logged as pino would (type, message, stack, own fields, cause).
 */

type Loose = Record<string, unknown>;

/** What pino logs for an error (the shape Fastify's logger types expect of an `err` serializer). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
// Names of schema objects, never values.
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

function isDatabaseError(error: Loose): boolean {
  return (typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error) || Array.isArray(error.params);
}

function causeChain(error: unknown): Loose[] {
  const chain: Loose[] = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 8; current = (current as Loose).cause) {
    if (chain.includes(current as Loose)) break;
    chain.push(current as Loose);
  }
  return chain;
}

/** The stack without its first line(s), which repeat the message. */
function framesOnly(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function typeOf(error: Loose): string {
  return (error.constructor as { name?: string } | undefined)?.name ?? String(error.name ?? 'Error');
}

function serializeDatabaseError(error: Loose, chain: Loose[]): SerializedError {
  const result: SerializedError = { type: typeOf(error), message: 'database query failed', stack: framesOnly(error.stack) };
  const query = chain.map((entry) => entry.query).find((value) => typeof value === 'string');
  if (query) result.query = query;
  for (const entry of chain) {
    for (const field of SAFE_DATABASE_FIELDS) {
      if (result[field] === undefined && typeof entry[field] === 'string') result[field] = entry[field];
    }
  }
  return result;
}

function serializePlainError(error: Loose, depth: number): SerializedError {
  const result: SerializedError = { type: typeOf(error), message: String(error.message ?? ''), stack: String(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'cause' && !(key in result) && typeof value !== 'function') result[key] = value;
  }
  if (error.cause && typeof error.cause === 'object' && depth < 4) result.cause = serializePlainError(error.cause as Loose, depth + 1);
  return result;
}

export function serializeError(error: Error): SerializedError {
  const loose = error as unknown as Loose;
  const chain = causeChain(loose);
  if (chain.some(isDatabaseError)) return serializeDatabaseError(loose, chain);
  return serializePlainError(loose, 0);
}
