/**
 * Hardening of the real process (issue 23): started as `npm start` runs it (192 MB heap, PGlite), then sent what
 * took it down in the penetration test — huge form posts to every page with an action (plain and chunked),
 * four 5 MB uploads at once — and checked alive with its heap under the cap; then the connection limits.
 *
 * Traffic stays small: each huge post is cut off by the client as soon as the 413 arrives (the server reads at most
 * 64 KB of it). About 15 s on a quiet 2-core machine.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_UPLOAD_MAX_BYTES } from '../../src/shared/schemas/blog.ts';
import { type AppProcess, startAppProcess } from '../fixtures/app-process.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';

const ADMIN_EMAIL = 'hardening-admin@example.com';
const ADMIN_PASSWORD = 'hardening-password-1';
const METRICS_TOKEN = 'hardening-metrics-token';
const HEAP_CAP_BYTES = 192 * 1024 * 1024;
const MB = 1024 * 1024;

/** Every page route with a form action (the forms posted without JavaScript); slugs need not exist. */
const PAGES_WITH_ACTIONS = ['/?index', '/contact', '/feedback', '/share-it', '/blog', '/blog/any-post', '/c/any-campaign'];

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * POSTs a form of `total` bytes (declared with Content-Length, or chunked) and stops sending as soon as the answer
 * arrives: resolves with the status and page.
 */
function postHugeForm(baseUrl: string, path: string, total: number, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // Kept alive, as browsers do: with `Connection: close` the server closes as soon as it has answered, and the
    // client may see its write fail before it reads the answer.
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', connection: 'keep-alive' };
    if (!chunked) headers['content-length'] = String(total);
    const request = http.request(new URL(path, baseUrl), { method: 'POST', headers, agent: false });
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const next = sent === 0 ? Buffer.from('message=') : piece.subarray(0, Math.min(piece.length, total - sent));
        sent += next.length;
        if (!request.write(next)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

async function heapUsed(app: AppProcess): Promise<number> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const line = (await response.text()).split('\n').find((text) => text.startsWith('nodejs_heap_size_used_bytes'));
  return Number(line?.split(' ')[1]);
}

async function expectAlive(app: AppProcess) {
  expect((await fetch(`${app.baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) })).status).toBe(200);
  expect(await heapUsed(app)).toBeLessThan(HEAP_CAP_BYTES * 0.75);
}

describe('hardening of the real process (issue 23)', () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await startAppProcess({
      env: {
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        METRICS_TOKEN,
        CAPTCHA_MAX_NUMBER: '10',
        RATE_LIMIT_MULTIPLIER: '100',
      },
    });
  });
  afterAll(async () => {
    await app?.kill();
    if (app) rmSync(app.dataDir, { recursive: true, force: true });
  });

  it('answers 413 to 64 MB and 200 MB form posts on every page with an action, plain and chunked, and stays up', async () => {
    for (const size of [64 * MB, 200 * MB]) {
      for (const chunked of [false, true]) {
        for (const path of PAGES_WITH_ACTIONS) {
          const { status, body } = await postHugeForm(app.baseUrl, path, size, chunked);
          expect(status, `${path} ${size / MB} MB ${chunked ? 'chunked' : 'plain'}`).toBe(413);
          // The page's own error state, inside the site frame.
          expect(body).toContain('That form was too large');
        }
        await expectAlive(app);
      }
    }
  });

  it('stores four 5 MB uploads sent at once, and stays up with its heap under the cap', async () => {
    const captcha = await solveCaptchaOver(app.baseUrl);
    const signIn = await fetch(`${app.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, captcha }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const upload = () => {
      const image = Buffer.concat([PNG, randomBytes(BLOG_UPLOAD_MAX_BYTES - PNG.length)]);
      const form = new FormData();
      form.append('file', new Blob([image], { type: 'image/png' }), 'photo.png');
      return fetch(`${app.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    const statuses = (await Promise.all([upload(), upload(), upload(), upload()])).map((response) => response.status);
    expect(statuses).toEqual([201, 201, 201, 201]);
    await expectAlive(app);
  });
});
