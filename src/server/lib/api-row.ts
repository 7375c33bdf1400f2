/**
 * A database row as the API answers it: only the columns a module names (never the rest — a hash, a secret, a
 * column added later), each under its own name, dates as ISO 8601 text. One rule for every module's `toX(row)`;
 * what a module derives (`isRead` from `readAt`) it adds beside.
 */

/** A column's value as JSON carries it: a Date becomes its ISO text (`Date | null` → `string | null`). */
type AsJson<Value> = Value extends Date ? string : Value;

export type ApiRow<Row, Key extends keyof Row> = { [Column in Key]: AsJson<Row[Column]> };

export function apiRow<Row extends object, Key extends keyof Row & string>(row: Row, columns: readonly Key[]): ApiRow<Row, Key> {
  const answer: Record<string, unknown> = {};
  for (const column of columns) {
    const value: unknown = row[column];
    answer[column] = value instanceof Date ? value.toISOString() : value;
  }
  return answer as ApiRow<Row, Key>;
}
