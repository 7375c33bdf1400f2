/**
 * Uploaded images as the public pages show them (issue 39 §3, decision 0065): an image's sizes (AVIF, WebP and its
 * own format, 320–1920 px wide) become `<picture>` sources with `srcset` and `sizes`, and every `<img>` carries its
 * box, `decoding="async"`, lazy loading below the fold and an `alt` (issue 39 §4: never an `<img>` without one).
 * An image uploaded before the sizes existed, or whose sizes are still being made, is a plain `<img>` with its box
 * when it is known.
 */
// Only the type: the schema (zod) stays out of the public pages' JavaScript, which use the helpers below (decision 0083).
import type { ResponsiveImage } from './schemas/responsive-image.ts';

export type { ResponsiveImage };

/** The widths every upload is made in (never wider than the original). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The Open Graph crop. */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** The content column's width: an image in an article is at most this wide on a large screen. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 768px) 720px, 100vw';

/** `url 320w, url 640w, …` of one format, narrowest first ('' when the image has none in it). */
export function srcsetOf(image: ResponsiveImage, format: ResponsiveImage['format']): string {
  return image.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/** The `<source>`s of a `<picture>` (AVIF first, then WebP) and the `<img>`'s own `srcset` (the original's format). */
export function pictureSources(image: ResponsiveImage): { sources: Array<{ type: string; srcSet: string }>; srcSet: string } {
  const sources = (['avif', 'webp'] as const)
    .filter((format) => format !== image.format)
    .map((format) => ({ type: `image/${format}`, srcSet: srcsetOf(image, format) }))
    .filter((source) => source.srcSet !== '');
  return { sources, srcSet: srcsetOf(image, image.format) };
}

const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;
const IMG_TAG = /<img((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `src` of every `<img>` in sanitised HTML (the renderer's output). */
export function imageSourcesIn(html: string): string[] {
  const found: string[] = [];
  for (const [, attributes = ''] of html.matchAll(IMG_TAG)) {
    const src = [...attributes.matchAll(ATTRIBUTE)].find(([, name]) => name === 'src')?.[2];
    if (src) found.push(src.replace(/&amp;/g, '&'));
  }
  return found;
}

/**
 * Sanitised HTML (the one Markdown renderer's output) with each `<img>` made responsive from what is known of it:
 * `<picture>` with AVIF and WebP sources when it has sizes, its box, `decoding="async"`, `loading="lazy"` (an
 * article's images are below its cover), and `alt=""` when the Markdown gave none.
 */
export function withResponsiveImages(html: string, images: ReadonlyMap<string, ResponsiveImage>, sizes = ARTICLE_IMAGE_SIZES): string {
  return html.replace(IMG_TAG, (_tag, attributeText: string = '') => {
    const attributes = new Map<string, string>();
    for (const [, name, value] of attributeText.matchAll(ATTRIBUTE)) if (name) attributes.set(name.toLowerCase(), value ?? '');
    if (!attributes.has('alt')) attributes.set('alt', '');
    const image = images.get((attributes.get('src') ?? '').replace(/&amp;/g, '&'));
    attributes.set('decoding', 'async');
    attributes.set('loading', 'lazy');
    let sources = '';
    if (image) {
      attributes.set('width', String(image.width));
      attributes.set('height', String(image.height));
      const picture = pictureSources(image);
      if (picture.srcSet) attributes.set('srcset', escapeAttribute(picture.srcSet));
      if (picture.srcSet || picture.sources.length > 0) attributes.set('sizes', escapeAttribute(sizes));
      sources = picture.sources
        .map((source) => `<source type="${source.type}" srcset="${escapeAttribute(source.srcSet)}" sizes="${escapeAttribute(sizes)}">`)
        .join('');
    }
    const img = `<img${[...attributes].map(([name, value]) => ` ${name}="${value}"`).join('')}>`;
    return sources ? `<picture>${sources}${img}</picture>` : img;
  });
}
