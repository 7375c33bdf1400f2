import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { type TestUser } from '../../../../tests/fixtures/users.ts';
import { UPLOAD_READ_SLICE_BYTES } from './service.ts';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(filename: string, data: Buffer, contentType = 'image/png') {
  const boundary = '----jotit-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`uploads on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser, user: TestUser;
  useTestAppWithUsers({}, (suite) => ({ testApp, admin, user } = suite));

  const upload = (filename: string, data: Buffer, headers: Record<string, string> = admin.headers, contentType?: string) => {
    const body = multipart(filename, data, contentType);
    return testApp.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...headers } });
  };

  it('anonymous 401, non-admin 403', async () => {
    expect((await upload('a.png', PNG, {})).statusCode).toBe(401);
    expect((await upload('a.png', PNG, user.headers)).statusCode).toBe(403);
  });

  it('stores a PNG under a random name and serves it with a long cache and nosniff', async () => {
    const response = await upload('../../evil name.png', PNG);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{ url: string; name: string; contentType: string; size: number; markdown: string }>();
    expect(result).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(result.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(result.markdown).toBe(`![](${result.url})`);
    // In the database (decision 0017), not on this instance's disk.
    expect(existsSync(path.join(testApp.config.dataDir, 'uploads', result.name))).toBe(false);
    const served = await testApp.app.inject({ method: 'GET', url: result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await testApp.app.inject({ method: 'GET', url: result.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A browser may send a list, or the weak form after a proxy re-encoded the answer.
    const listed = await testApp.app.inject({ method: 'GET', url: result.url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);
  });

  it('still serves an upload an older version wrote under DATA_DIR/uploads', async () => {
    const name = `${'a'.repeat(32)}.gif`;
    mkdirSync(path.join(testApp.config.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(testApp.config.dataDir, 'uploads', name), GIF);
    const served = await testApp.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(GIF)).toBe(true);
  });

  it('goes by the content, not the name: a GIF named .png is a GIF, a PHP file named .png is refused', async () => {
    expect((await upload('photo.png', GIF)).json()).toMatchObject({ contentType: 'image/gif', name: expect.stringMatching(/\.gif$/) });
    const php = await upload('shell.png', Buffer.from('<?php system($_GET["c"]); ?>'), admin.headers, 'image/png');
    expect(php.statusCode).toBe(400);
    expect(php.json()).toEqual({ error: 'Only PNG, JPEG, WebP and GIF images can be uploaded' });
    const svg = await upload('x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), admin.headers, 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
  });

  it('refuses files over 5 MB (413) and requests without a file (400)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload('big.png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The file is larger than 5 MB' });
    const none = await testApp.app.inject({ method: 'POST', url: '/api/uploads', payload: { a: 1 }, headers: admin.headers });
    expect(none.statusCode).toBe(400);
  });

  it('serves a large upload byte for byte, read from the database a slice at a time', async () => {
    const image = Buffer.concat([PNG, randomBytes(2 * UPLOAD_READ_SLICE_BYTES + 1234)]);
    const stored = await upload('large.png', image);
    expect(stored.statusCode).toBe(201);
    const { url } = stored.json<{ url: string }>();
    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(image.length));
    expect(served.rawPayload.equals(image)).toBe(true);
    const head = await testApp.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves nothing but stored upload names', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
  });
});
