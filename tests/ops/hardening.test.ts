/**
 * Hardening of the real process (issue 23): started as `npm start` runs it (192 MB heap, PGlite), then sent what
 * took it down in the penetration test — huge form posts to every page with an action (plain and chunked),
 * four 5 MB uploads at once — and checked alive with its heap under the cap; then the connection limits.
 *
 * Traffic stays small: each huge post is cut off by the client as soon as the 413 arrives (the server reads at most
 * 64 KB of it). About 15 s on a quiet 2-core machine.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from '../fixtures/app-process.ts';
import { solveCaptchaOver } from '../fixtures/captcha.ts';
import { closeOf } from './http-client.ts';

const ADMIN_EMAIL = 'hardening-admin@example.com';
const ADMIN_PASSWORD = 'hardening-password-1';
const METRICS_TOKEN = 'hardening-metrics-token';
const HEAP_CAP_BYTES = 192 * 1024 * 1024;
const MB = 1024 * 1024;
/**
 * Short, to keep the idle test quick, but not shorter than a socket may go without progress while the eight 5 MB
 * reads below stream on a busy 2-core machine: at 1 s a reader's socket was sometimes closed mid-answer (ECONNRESET;
 * a stalled answer is closed by design, decision 0020). The default is 30 s.
 */
const IDLE_TIMEOUT_MS = 3000;
const MAX_CONNECTIONS_PER_IP = 32;

/** Every page route with a form action (the forms posted without JavaScript); slugs need not exist. */
const PAGES_WITH_ACTIONS = ['/?index', '/contact', '/feedback', '/share-it', '/blog', '/blog/any-post', '/c/any-campaign'];

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

/** GETs `url` from the local address `from` (all of 127/8 is loopback); resolves with the body's length. */
function readFrom(from: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress: from, agent: false }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(response.statusCode === 200 ? length : -(response.statusCode ?? 0)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function heapUsed(app: AppProcess): Promise<number> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const line = (await response.text()).split('\n').find((text) => text.startsWith('nodejs_heap_size_used_bytes'));
  return Number(line?.split(' ')[1]);
}

async function expectAlive(app: AppProcess, after: string) {
  expect((await fetch(`${app.baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) })).status).toBe(200);
  const heap = await heapUsed(app);
  console.info(`[hardening] heap used after ${after}: ${(heap / MB).toFixed(1)} MB of ${HEAP_CAP_BYTES / MB}`);
  expect(heap).toBeLessThan(HEAP_CAP_BYTES * 0.75);
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
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        // Below the idle timeout, as the configuration requires: clients reuse a kept-alive socket until then.
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS / 2),
        MAX_CONNECTIONS_PER_IP: String(MAX_CONNECTIONS_PER_IP),
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
        await expectAlive(app, `${size / MB} MB ${chunked ? 'chunked' : 'plain'} posts`);
      }
    }
  });

  it('stores four 5 MB uploads sent at once and serves them to eight readers at once, its heap under the cap', { timeout: 180_000 }, async () => {
    const memory = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1]) * 1024;
    // Sampled through the uploads and the image job: VmHWM is no use here, the embedded database's start-up peak
    // (about 1.1 GB on this machine) comes before any upload.
    const before = memory('VmRSS');
    let peak = before;
    const sampling = setInterval(() => (peak = Math.max(peak, memory('VmRSS'))), 50);
    const captcha = await solveCaptchaOver(app.baseUrl);
    const signIn = await fetch(`${app.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, captcha }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    // Real photos (an upload must be a whole image, issue 39 §3): 4000×3000 JPEGs of about 4.5 MB, each made into its
    // sizes by the image job.
    const images = await Promise.all(
      Array.from({ length: 4 }, () =>
        sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).resize(4000, 3000, { kernel: 'nearest' }).jpeg({ quality: 90 }).toBuffer(),
      ),
    );
    const upload = (image: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
      return fetch(`${app.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    const responses = await Promise.all(images.map(upload));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    await expectAlive(app, 'four 5 MB uploads');
    const uploaded = await Promise.all(responses.map(async (response) => (await response.json()) as { url: string }));
    // The image job makes their sizes one image at a time (libvips memory is outside the heap: the RSS peak counts it).
    // One image's work is the most it holds at once, so the first image's sizes are waited for (bounded).
    const first = uploaded[0]!.url.split('/').pop()!;
    for (const deadline = Date.now() + 90_000; ; ) {
      if (app.output.join('').split('\n').some((line) => line.includes('image sizes made') && line.includes(first))) break;
      expect(Date.now(), `the sizes of ${first} were never made`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    clearInterval(sampling);
    const figures = `RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB through four 4.5 MB uploads and the sizes of one (+${((peak - before) / MB).toFixed(0)} MB)`;
    console.info(`[hardening] ${figures}`);
    // Issue 39's 400 MB budget, for what the uploads and the image job add (the idle process with its embedded
    // database is above it already: decision 0065).
    expect(peak - before, figures).toBeLessThan(400 * MB);
    await expectAlive(app, 'the sizes of an upload');

    // Served to eight readers at once (each image twice), each from an address of its own: one client may have only
    // a few image reads open at once (decision 0044).
    const urls = uploaded.map(({ url }) => url);
    const sizes = await Promise.all([...urls, ...urls].map((url, index) => readFrom(`127.0.0.${10 + index}`, `${app.baseUrl}${url}`)));
    expect(sizes).toEqual([...images, ...images].map((image) => image.length));
    await expectAlive(app, 'eight concurrent 5 MB reads');
  });

  it('closes a socket that sends nothing after the idle timeout', async () => {
    const socket = net.connect(app.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const openFor = await closeOf(socket, IDLE_TIMEOUT_MS + 4000);
    socket.destroy();
    expect(openFor).toBeGreaterThan(IDLE_TIMEOUT_MS * 0.8);
    expect(openFor).toBeLessThan(IDLE_TIMEOUT_MS + 4000);
  });

  it('caps open connections per client address: the one past the cap is closed unanswered, the others are served', async () => {
    // From an address of its own (all of 127/8 is loopback), so this test's other connections do not count.
    const connect = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect({ port: app.port, host: '127.0.0.1', localAddress: '127.0.0.2' });
        socket.once('connect', () => resolve(socket)).once('error', reject);
      });
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_IP; i++) sockets.push(await connect());
      const refused = await connect();
      sockets.push(refused);
      let answered = '';
      refused.on('data', (chunk: Buffer) => (answered += chunk.toString())).on('error', () => {});
      refused.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(await closeOf(refused, 4000)).toBeLessThan(IDLE_TIMEOUT_MS);
      expect(answered).toBe('');

      const first = sockets[0]!;
      const answer = new Promise<string>((resolve) => first.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      first.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('answers 4xx to NUL and a newline in every page parameter, and writes only pino JSON lines', async () => {
    const before = app.output.join('').length;
    const forged = encodeURIComponent('\n{"level":60,"msg":"FORGED admin login from 1.2.3.4"}');
    for (const prefix of ['/p/', '/c/', '/blog/', '/go/']) {
      for (const value of ['a%00b', `x%00${forged}`, `x${forged}`]) {
        const response = await fetch(`${app.baseUrl}${prefix}${value}`, { redirect: 'manual' });
        expect(response.status, `${prefix}${value}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${prefix}${value}`).toBeLessThan(500);
      }
    }
    // The sentinel: a last request's "page not found" line has arrived.
    const sentinel = `sentinel-${randomBytes(6).toString('hex')}`;
    expect((await fetch(`${app.baseUrl}/p/${sentinel}`)).status).toBe(404);
    for (let waited = 0; !app.output.join('').includes(sentinel) && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Complete lines only (the last one may still be on its way).
    const lines = app.output.join('').slice(before).split('\n').slice(0, -1).filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const parsed = JSON.parse(line) as { level?: number; msg?: string };
      expect(typeof parsed.level, line).toBe('number');
      expect(parsed.msg ?? '', line).not.toContain('FORGED');
    }
  });
});
