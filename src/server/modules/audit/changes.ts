/**
 * The before/after of an update, as an audit entry stores it (issue 26 §3): only the fields that changed, each
 * `{ from, to }`, bounded and secret-free. An audit row is kept for years and read by every admin, so it must never
 * hold a password, a token, a key or jot text: such fields are recorded as changed, without their values.
 */

/** A changed field: its old and new value, or only the fact that it changed when the value is secret. */
export type AuditFieldChange = { from: AuditValue; to: AuditValue } | { hidden: true };
export type AuditValue = string | number | boolean | null;

/**
 * Fields whose values never enter the log (password hashes, token versions, keys, jot text). A post's `metaKeywords`
 * is not a key: its words are public on the page.
 */
const SECRET_FIELD = /password|token|secret|hash|key(?!words)|cipher|encrypted|^text$|jot/i;
/** Bookkeeping that changes on every write and tells a reader nothing. */
const IGNORED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** Long texts (a post's Markdown) are cut: the log shows what changed, not a copy of the content. */
export const AUDIT_VALUE_MAX_LENGTH = 200;
/** At most this many fields per entry. */
export const AUDIT_MAX_FIELDS = 30;

function bounded(text: string): string {
  return text.length > AUDIT_VALUE_MAX_LENGTH ? `${text.slice(0, AUDIT_VALUE_MAX_LENGTH - 1)}…` : text;
}

function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return bounded(value);
  if (value instanceof Date) return value.toISOString();
  return bounded(JSON.stringify(value) ?? String(value));
}

/**
 * The fields of `after` that differ from `before` (both the entity's rows, or any plain objects). A create has no
 * `before` and a delete no `after`: every field the entity had is then recorded from or to null.
 */
export function auditChanges(before: object | null, after: object | null): Record<string, AuditFieldChange> {
  const old = (before ?? {}) as Record<string, unknown>;
  const nextValues = (after ?? Object.fromEntries(Object.keys(old).map((field) => [field, null]))) as Record<string, unknown>;
  const changes: Record<string, AuditFieldChange> = {};
  let fields = 0;
  for (const [field, next] of Object.entries(nextValues)) {
    if (IGNORED_FIELDS.has(field) || next === undefined) continue;
    // A field absent before counts as null: a create records what it set, not every empty column.
    const previous = old[field] ?? null;
    const same = previous instanceof Date && next instanceof Date ? previous.getTime() === next.getTime() : JSON.stringify(previous) === JSON.stringify(next);
    if (same) continue;
    if (fields === AUDIT_MAX_FIELDS) break;
    changes[field] = SECRET_FIELD.test(field) ? { hidden: true } : { from: auditValue(previous), to: auditValue(next) };
    fields += 1;
  }
  return changes;
}
