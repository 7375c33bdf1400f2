import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { imageSourcesIn, type ResponsiveImage, withResponsiveImages } from './responsive-image';

const PHOTO: ResponsiveImage = {
  url: '/uploads/0123456789abcdef0123456789abcdef.jpg',
  width: 1600,
  height: 1200,
  format: 'jpeg',
  variants: [320, 640].flatMap((width) =>
    (['avif', 'webp', 'jpeg'] as const).map((format) => ({ url: `/uploads/${'a'.repeat(32)}-${width}w.${format === 'jpeg' ? 'jpg' : format}`, width, format })),
  ),
  socialUrl: null,
};
const IMAGES = new Map([[PHOTO.url, PHOTO]]);

describe('withResponsiveImages (issue 39 §3–§4)', () => {
  it('makes an uploaded image a <picture> with AVIF and WebP sources, srcset, sizes, its box, lazy and async', () => {
    const html = withResponsiveImages(renderMarkdown(`![A boat](${PHOTO.url})`), IMAGES);
    expect(html).toContain(`<picture><source type="image/avif" srcset="/uploads/${'a'.repeat(32)}-320w.avif 320w, /uploads/${'a'.repeat(32)}-640w.avif 640w"`);
    expect(html).toContain('<source type="image/webp"');
    expect(html).toMatch(/<img src="[^"]+" alt="A boat" decoding="async" loading="lazy" width="1600" height="1200" srcset="[^"]+-320w\.jpg 320w, [^"]+-640w\.jpg 640w" sizes="[^"]+"><\/picture>/);
  });

  it('leaves an image it knows nothing of plain, with alt="" when the Markdown had none', () => {
    expect(withResponsiveImages('<p><img src="https://example.com/a.png"></p>', IMAGES)).toBe(
      '<p><img src="https://example.com/a.png" alt="" decoding="async" loading="lazy"></p>',
    );
  });

  it('keeps any alt text inside its attribute and every <img> with an alt, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (alt) => {
        const rendered = renderMarkdown(`![${alt.replace(/[[\]\\]/g, '')}](${PHOTO.url})\n\n<img src="${PHOTO.url}">`);
        const html = withResponsiveImages(rendered, IMAGES);
        const tags = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
        expect(tags.length).toBe(imageSourcesIn(rendered).length);
        for (const tag of tags) expect(tag).toMatch(/ alt="[^"]*"/);
        expect(html).not.toMatch(/<script|onerror=/i);
      }),
      { numRuns: 200 },
    );
  });
});
