/**
 * The error rules of spec §8 for every call ("server error text, else 'Network error' when the body is unreadable,
 * else 'HTTP' plus status"), the 204 answer, and the bearer token — against a real local HTTP server, so `fetch`
 * and `Response` are the real ones.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/constants';
import { ApiError, apiRequest, serverMessageOr } from './api-client';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let lastRequest: { method?: string; headers: IncomingMessage['headers']; body: string } | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      lastRequest = { method: request.method, headers: request.headers, body };
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllGlobals();
  lastRequest = null;
});

function answer(status: number, body: string | null, contentType = 'application/json'): Handler {
  return (_request, response) => {
    response.writeHead(status, body === null ? {} : { 'content-type': contentType });
    response.end(body ?? undefined);
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A browser-like localStorage holding `token` (the unit project runs in Node, without `window`). */
function signedInAs(token: string) {
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => (key === AUTH_TOKEN_STORAGE_KEY ? token : null) },
  });
}

describe('apiRequest', () => {
  it('returns the JSON body of a 2xx answer, and sends a JSON body with its content type', async () => {
    handler = answer(201, JSON.stringify({ id: 7 }));
    expect(await apiRequest(`${baseUrl}/api/things`, { method: 'POST', body: { name: 'x' } })).toEqual({ id: 7 });
    expect(lastRequest?.method).toBe('POST');
    expect(lastRequest?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ name: 'x' });
  });

  it('answers undefined for a 204 (no body to read)', async () => {
    handler = answer(204, null);
    expect(await apiRequest(`${baseUrl}/api/things/1`, { method: 'DELETE' })).toBeUndefined();
  });

  it("uses the server's error text when the body has one", async () => {
    handler = answer(409, JSON.stringify({ error: 'Email already exists' }));
    const error = await failureOf(apiRequest(`${baseUrl}/api/users`));
    expect(error.message).toBe('Email already exists');
    expect(error.status).toBe(409);
    expect(serverMessageOr(error, 'fallback')).toBe('Email already exists');
  });

  it("says 'HTTP ' + status when the JSON body has no error text", async () => {
    handler = answer(503, JSON.stringify({ message: 'not the error field' }));
    const error = await failureOf(apiRequest(`${baseUrl}/api/users`));
    expect(error.message).toBe('HTTP 503');
    expect(serverMessageOr(error, 'Failed to fetch users')).toBe('Failed to fetch users');
  });

  it("says 'Network error' when an error body is unreadable (not JSON)", async () => {
    handler = answer(502, '<html>Bad Gateway</html>', 'text/html');
    const error = await failureOf(apiRequest(`${baseUrl}/api/users`));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(502);
  });

  it("says 'Network error' when the request fails (nothing listening)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failureOf(apiRequest(`http://127.0.0.1:${port}/api/users`));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(0);
  });

  it('sends the stored token as a bearer token', async () => {
    signedInAs('stored-token');
    handler = answer(200, '{}');
    await apiRequest(`${baseUrl}/api/auth/me`);
    expect(lastRequest?.headers.authorization).toBe('Bearer stored-token');
  });

  it('sends no token for an anonymous call, even when one is stored', async () => {
    signedInAs('stored-token');
    handler = answer(200, JSON.stringify({ count: 3 }));
    expect(await apiRequest(`${baseUrl}/api/jots/count`, { anonymous: true })).toEqual({ count: 3 });
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });

  it('sends no token when none is stored', async () => {
    handler = answer(200, '{}');
    await apiRequest(`${baseUrl}/api/jots/count`);
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });
});
