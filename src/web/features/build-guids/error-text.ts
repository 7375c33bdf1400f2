import { ApiError } from '~/lib/api-client';

/** The server's `error` text when it sent one; else the caller's fallback (spec §8: "server message or …"). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.message === 'Network error' || /^HTTP \d{3}$/.test(error.message)) return fallback;
  return error.message;
}
