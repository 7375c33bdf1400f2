import { ApiError } from '~/lib/api-client';

/**
 * The server's own `error` text when it sent one, else undefined — so each screen can fall back to the spec's
 * text (§8: "server message or 'Invalid email or password'"). Network failures and bodies without an error
 * field ('Network error', 'HTTP 502') count as no server message.
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.message === 'Network error' || /^HTTP \d{3}$/.test(error.message)) return undefined;
  return error.message;
}
