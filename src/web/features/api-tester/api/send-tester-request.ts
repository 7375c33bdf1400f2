/**
 * The tester's own request function. Unlike the app's API client it keeps everything a developer wants to see:
 * the status, the exact body (JSON or not) and the time taken, and it sends exactly the headers it is given.
 */
export type TesterMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TesterRequest {
  method: TesterMethod;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface TesterResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  durationMs: number;
}

export class TesterNetworkError extends Error {
  override name = 'TesterNetworkError';
}

export async function sendTesterRequest(request: TesterRequest): Promise<TesterResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    throw new TesterNetworkError(error instanceof Error ? error.message : String(error));
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    body,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The `error` field of an error body, when there is one. */
export function errorField(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  return undefined;
}
