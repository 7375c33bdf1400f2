import type { Database } from '../db/client.ts';

/** LIKE treats `%`, `_` and `\` specially; a search value is matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** PostgreSQL's unique violation (23505), from node-postgres or PGlite, bare or wrapped by Drizzle; with its constraint. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      const constraint = typeof candidate.constraint === 'string' ? candidate.constraint : String(candidate.message ?? '');
      return { constraint };
    }
  }
  return null;
}

/** The database or a transaction on it: what a query helper needs, so it can run inside either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The rows of `db.execute`: node-postgres answers `{ rows }`, PGlite through Drizzle the array itself. */
export const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
