/**
 * The server's field errors on a form (issue 26 §2): a refused call answers `{ error, details: [{ field, message }] }`
 * (src/server/plugins/errors.ts; `field` is the dotted path of the value, "" for the whole body). The kit's <Form>
 * puts each message under its field, as if the browser had found it.
 */
import { ApiError } from './api-client';

export interface FieldProblem {
  field: string;
  message: string;
}

function isFieldProblem(value: unknown): value is FieldProblem {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && field !== '' && typeof message === 'string' && message !== '';
}

/**
 * The field problems of a refused call, first message per field, only for `fields` the form has (a problem with a
 * field the form does not show stays with the call's own error text).
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FieldProblem[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const known = new Set(fields);
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const detail of error.details as unknown[]) {
    if (!isFieldProblem(detail) || !known.has(detail.field) || seen.has(detail.field)) continue;
    seen.add(detail.field);
    problems.push({ field: detail.field, message: detail.message });
  }
  return problems;
}

/**
 * Sets the server's field problems on the form (react-hook-form's `setError`), focusing the first; true when it
 * set any, so the caller can skip its general error toast.
 */
export function applyServerFieldErrors(
  error: unknown,
  fields: readonly string[],
  setError: (field: string, error: { type: 'server'; message: string }, options?: { shouldFocus?: boolean }) => void,
): boolean {
  const problems = serverFieldErrors(error, fields);
  problems.forEach((problem, index) => setError(problem.field, { type: 'server', message: problem.message }, { shouldFocus: index === 0 }));
  return problems.length > 0;
}
