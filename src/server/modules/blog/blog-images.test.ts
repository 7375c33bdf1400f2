/**
 * Uploaded images on the public blog as `npm start` serves it (SSR from build/; issue 39 §3–§4): the `/blog` card and
 * the post's cover come as `<picture>` with AVIF and WebP sources and a `srcset`, inline Markdown images too (with
 * their box, lazy and async), the Open Graph image is the 1200×630 crop, and no `<img>` lacks an `alt`. Prints the
 * image bytes a 375 px phone downloads for a post with a cover and two inline images.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../../../../tests/fixtures/photo.ts';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app.ts';
import { testDatabaseKind } from '../../../../tests/fixtures/test-database.ts';
import { createTestAdmin, type TestUser } from '../../../../tests/fixtures/users.ts';
import { eq } from 'drizzle-orm';
import { uploadImages } from '../../db/schema.ts';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function multipart(data: Buffer) {
  const boundary = '----jotit-blog-images';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The `srcset` candidate a browser picks for `cssWidth` px at `dpr`: the narrowest at least that wide, else the widest. */
function pick(srcset: string, cssWidth: number, dpr: number): string {
  const candidates = srcset.split(', ').map((entry) => ({ url: entry.split(' ')[0]!, width: Number.parseInt(entry.split(' ')[1]!, 10) }));
  candidates.sort((a, b) => a.width - b.width);
  return (candidates.find((candidate) => candidate.width >= cssWidth * dpr) ?? candidates.at(-1)!).url;
}

describe(`uploaded images on the public blog (${testDatabaseKind()})`, () => {
  let testApp: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' }, { ssr: true });
    admin = await createTestAdmin(testApp.app);
    await testApp.startWorkers();
  });
  afterAll(() => testApp?.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } });
  const upload = async (data: Buffer) => {
    const body = multipart(data);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...admin.headers } });
    expect(response.statusCode, response.body).toBe(201);
    const { name, url } = response.json<{ name: string; url: string }>();
    for (const deadline = Date.now() + 90_000; ; ) {
      const [row] = await testApp.app.services.database.db.select().from(uploadImages).where(eq(uploadImages.name, name));
      if (row?.processedAt) return url;
      expect(Date.now(), 'the sizes were never made').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('renders the card, the cover and inline images with srcset, sizes, box, lazy loading and alt; the OG image is the crop', { timeout: 180_000 }, async () => {
    const [cover, first, second] = [await upload(await photo(2400, 1600)), await upload(await photo(1600, 1200)), await upload(await photo(1200, 900))];
    await testApp.app.inject({ method: 'POST', url: '/api/blog-categories', headers: admin.headers, payload: { name: 'Harbours' } });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: admin.headers,
      payload: {
        title: 'Pictures of the harbour',
        category: 'Harbours',
        content: `Intro paragraph.\n\n![The harbour at dawn](${first})\n\nMiddle paragraph.\n\n![](${second})\n\nClosing paragraph.`,
        featured_image_url: cover,
        featured_image_alt: 'Boats in the harbour',
        is_published: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json<{ slug: string }>();

    const list = await get('/blog');
    expect(list.statusCode).toBe(200);
    const card = /<picture[^>]*>(.*?)<\/picture>/s.exec(list.body)?.[1] ?? '';
    expect(card).toMatch(/<source type="image\/avif" srcSet="[^"]*320w[^"]*1920w"/);
    expect(card).toMatch(/<source type="image\/webp" srcSet="[^"]*-1920w\.webp 1920w"/);
    expect(card).toMatch(/<img [^>]*srcSet="[^"]*\.jpg 320w/);
    expect(card).toMatch(/sizes="/);

    const page = await get(`/blog/${slug}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    // Issue 39 §4: never an <img> without alt on the public page.
    for (const tag of images) expect(tag, tag).toMatch(/\salt="/);
    const inline = images.filter((tag) => tag.includes(first) || tag.includes(second));
    expect(inline).toHaveLength(2);
    for (const tag of inline) {
      expect(tag).toMatch(/ srcset="[^"]+ 320w/);
      expect(tag).toMatch(/ sizes="/);
      expect(tag).toMatch(/ width="\d+" height="\d+"/);
      expect(tag).toContain('loading="lazy"');
      expect(tag).toContain('decoding="async"');
    }
    expect(inline[0]).toContain('alt="The harbour at dawn"');
    expect(inline[0]).toContain('width="1600" height="1200"');
    expect(html).toMatch(/<picture><source type="image\/avif" srcset="[^"]+"/);
    const coverTag = images.find((tag) => tag.includes(`src="${cover}"`) && tag.includes('Boats in the harbour'))!;
    expect(coverTag).toMatch(/srcSet="[^"]+ 1920w"/);
    expect(coverTag).not.toContain('loading="lazy"');
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/\/uploads\/[0-9a-f]{32}-og\.jpg$/);

    // What a 375 px phone (Lighthouse's mobile: DPR 1.75) downloads: one AVIF per picture.
    const avifSets = [...html.matchAll(/<source type="image\/avif" (?:srcset|srcSet)="([^"]+)"/g)].map(([, set]) => set!);
    expect(avifSets).toHaveLength(3);
    let bytes = 0;
    for (const set of avifSets) bytes += (await get(pick(set, 375, 1.75))).rawPayload.length;
    const original = (await Promise.all([cover, first, second].map(async (url) => (await get(url)).rawPayload.length))).reduce((a, b) => a + b, 0);
    process.stderr.write(`[blog-images] post with a cover and two inline images at 375 px: ${(bytes / 1024).toFixed(0)} KB of images (originals ${(original / 1024).toFixed(0)} KB)\n`);
    expect(bytes).toBeLessThan(200 * 1024);
  });
});
