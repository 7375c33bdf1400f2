/** One field's problem, as every 400 lists them in `details` (issue 25: one error shape). */
export interface FieldError {
  field: string;
  message: string;
}

/** Errors a service throws to say what went wrong; the error handler maps them to `{ error }` + status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: FieldError[],
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
    /** More keys of the answer beside `error` and `details` (a version conflict's `conflict`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: FieldError[]) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** A 409; with `field`, the clash is that field's (a slug taken), so a form shows it under the field. */
export const conflict = (message: string, field?: string) =>
  new HttpError(409, message, field ? [{ field, message }] : undefined);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
