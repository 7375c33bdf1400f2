/**
 * The one API client (spec §7): JSON in and out, the bearer token from `auth_token` when present (unless the call
 * is `anonymous`), and the error text rules of spec §8 — the server's `error` field, else 'Network error' when the
 * body is unreadable or the request failed, else 'HTTP ' + status. Proven by api-client.test.ts.
 */
import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/constants';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
    /** The whole error answer, for the keys beside `error` and `details` (a version conflict's `conflict`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send no stored token. The live widgets read public endpoints anonymously: an admin's token turns
   * `GET /api/jots` into full records, and an expired one would turn the public list into a 401.
   */
  anonymous?: boolean;
}

export function readAuthToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : readAuthToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Network error', 0);
  }

  if (response.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    if (response.ok) return undefined as T;
    throw new ApiError('Network error', response.status);
  }
  if (!response.ok) {
    const body = data as { error?: unknown; details?: unknown } | null;
    const message = typeof body?.error === 'string' && body.error ? body.error : `HTTP ${response.status}`;
    throw new ApiError(message, response.status, body?.details, body);
  }
  return data as T;
}

export function errorMessage(error: unknown, fallback = 'An unexpected error occurred'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

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

/** The server's `error` text when it sent one; else the caller's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}
