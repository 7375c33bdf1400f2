/**
 * Responsive images (issue 39 §3, decision 0065): an upload answers with its original at once, the image job makes
 * its sizes (AVIF, WebP and the original's format, 320–1920 px, no EXIF, orientation applied) and its Open Graph crop,
 * served under content-hashed immutable URLs; what is not a whole image within the limits is refused with a 400 and
 * nothing stored; a failing job keeps the original and is tried again.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/fixtures/test-app.ts';
import { useTestAppWithUsers } from '../../../../tests/fixtures/app-with-users.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import type { TestUser } from '../../../../tests/fixtures/users.ts';
import { IMAGE_WIDTHS } from '../../../shared/responsive-image.ts';
import { uploadImages, uploads } from '../../db/schema.ts';

function multipart(filename: string, data: Buffer, contentType: string) {
  const boundary = '----jotit-image-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 4000×3000 photo-like JPEG (a gradient with noise) carrying EXIF with a GPS position and orientation 1. */
async function photoWithGps(): Promise<Buffer> {
  const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'nearest' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(noise)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'JotIt Test Camera', Model: 'GPS 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' },
    })
    .toBuffer();
}

/** A PNG that claims `width`×`height` in its header: a few rows of real data, the way a decompression bomb starts. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe(`image sizes on ${testDatabaseKind()}`, () => {
  let testApp: TestApp, admin: TestUser;
  useTestAppWithUsers({ JOB_RETRY_DELAY_SECONDS: '1' }, (suite) => ({ testApp, admin } = suite));

  const upload = (filename: string, data: Buffer, contentType = 'image/jpeg') => {
    const body = multipart(filename, data, contentType);
    return testApp.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...admin.headers } });
  };
  const db = () => testApp.app.services.database.db;
  const storedObjects = async () => (await db().select({ n: count() }).from(uploads))[0]!.n;
  /** The index row of `name` once the job has made its sizes (bounded: 30 s on a loaded machine). */
  const sizesOf = async (name: string) => {
    for (const deadline = Date.now() + 60_000; ; ) {
      const [row] = await db().select().from(uploadImages).where(eq(uploadImages.name, name));
      if (row?.processedAt) return row;
      expect(Date.now(), 'the sizes were never made').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('answers a 4000×3000 JPEG with GPS at once, then makes five widths in AVIF, WebP and JPEG without EXIF, and a 1200×630 crop', { timeout: 120_000 }, async () => {
    await testApp.startWorkers();
    const photo = await photoWithGps();
    process.stderr.write(`[image-sizes] test photo ${photo.length} bytes\n`);
    const original = await sharp(photo).metadata();
    expect(original.exif, 'the test photo carries EXIF').toBeDefined();
    const started = performance.now();
    const response = await upload('photo.jpg', photo);
    const answeredMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/jpeg', width: 4000, height: 3000 });
    const { name, url } = response.json<{ name: string; url: string }>();
    // The original, as uploaded, at once.
    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(photo)).toBe(true);

    const row = await sizesOf(name);
    const sizesMs = performance.now() - started;
    process.stderr.write(
      `[image-sizes] ${(photo.length / 1024 / 1024).toFixed(1)} MB 4000×3000 JPEG on ${testDatabaseKind()}: answered in ${answeredMs.toFixed(0)} ms, ` +
        `all sizes ${sizesMs.toFixed(0)} ms after the upload started\n`,
    );
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(row.variants.filter((variant) => variant.format === format).map((variant) => variant.width).sort((a, b) => a - b), format).toEqual([...IMAGE_WIDTHS]);
    }
    for (const variant of [...row.variants, { key: row.socialKey!, width: 1200, height: 630, format: 'jpeg' as const }]) {
      expect(variant.key).toMatch(/^[0-9a-f]{32}-(\d+w|og)\.(avif|webp|jpg)$/);
      const answer = await testApp.app.inject({ method: 'GET', url: `/uploads/${variant.key}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe(`image/${variant.format}`);
      const metadata = await sharp(answer.rawPayload).metadata();
      expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(variant.format);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      expect(metadata.exif, `${variant.key} has no EXIF`).toBeUndefined();
    }
    expect(row.variants.find((variant) => variant.width === 320)?.height).toBe(240);
  });

  it('applies the EXIF orientation: a portrait photo stored sideways is made upright', { timeout: 90_000 }, async () => {
    const sideways = await sharp(randomBytes(800 * 400 * 3), { raw: { width: 800, height: 400, channels: 3 } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const response = await upload('portrait.jpg', sideways);
    expect(response.json()).toMatchObject({ width: 400, height: 800 });
    const row = await sizesOf(response.json<{ name: string }>().name);
    const webp = row.variants.filter((variant) => variant.format === 'webp');
    expect(webp.map((variant) => [variant.width, variant.height])).toEqual([[320, 640], [400, 800]]);
  });

  it('refuses a decompression bomb, too many megapixels, HTML named .jpg, a polyglot and a truncated JPEG with a 400, storing nothing', { timeout: 60_000 }, async () => {
    const before = await storedObjects();
    const jpeg = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } }).jpeg().toBuffer();
    const cases: Array<[string, Buffer, string, string]> = [
      ['bomb.png', pngClaiming(20_000, 20_000), 'image/png', 'The image is wider or taller than 10,000 pixels'],
      ['big.png', pngClaiming(8000, 6000), 'image/png', 'The image is larger than 40 megapixels'],
      ['page.jpg', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image/jpeg', 'Only PNG, JPEG, WebP and GIF images can be uploaded'],
      ['polyglot.jpg', Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), 'image/jpeg', 'The file is not a whole, valid image'],
      ['comment.jpg', await sharp(jpeg).withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } }).jpeg().toBuffer(), 'image/jpeg', 'The file is not a whole, valid image'],
      ['truncated.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'image/jpeg', 'The file is not a whole, valid image'],
    ];
    for (const [filename, data, type, error] of cases) {
      const response = await upload(filename, data, type);
      expect(response.statusCode, filename).toBe(400);
      expect(response.json(), filename).toEqual({ error });
    }
    expect(await storedObjects()).toBe(before);
    // The same JPEG, whole, is accepted.
    expect((await upload('whole.jpg', jpeg)).statusCode).toBe(201);
  });

  it('keeps the original served when making the sizes fails, and tries again until they exist', { timeout: 90_000 }, async () => {
    const store = testApp.app.uploadStore;
    const put = store.put.bind(store);
    let failures = 0;
    store.put = async (object) => {
      if (object.createdBy === undefined && failures < 2) {
        failures += 1;
        throw new Error('the store is unavailable');
      }
      return put(object);
    };
    try {
      const photo = await sharp(randomBytes(700 * 500 * 3), { raw: { width: 700, height: 500, channels: 3 } }).jpeg().toBuffer();
      const response = await upload('retry.jpg', photo);
      expect(response.statusCode).toBe(201);
      const { name, url } = response.json<{ name: string; url: string }>();
      expect((await testApp.app.inject({ method: 'GET', url })).rawPayload.equals(photo)).toBe(true);
      const row = await sizesOf(name);
      expect(failures).toBe(2);
      expect(row.variants.filter((variant) => variant.format === 'webp').map((variant) => variant.width)).toEqual([320, 640, 700]);
      expect((await testApp.app.inject({ method: 'GET', url })).rawPayload.equals(photo)).toBe(true);
    } finally {
      store.put = put;
    }
  });
});
