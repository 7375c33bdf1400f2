/**
 * What an uploaded image is, and the sizes made from it (issue 39 §3, decision 0065), with sharp (libvips).
 *
 * `inspectImage` runs in the upload's request, before anything is stored: the type by content (file-type), then
 * sharp's reading of the header (its format must be the same, its box at most 10,000 px a side and 40 megapixels:
 * `limitInputPixels` refuses a decompression bomb before its pixels are allocated), then a decode at a small size
 * (a truncated or corrupt file fails here), then the end of the file (nothing after the format's own end: a file that
 * is also an HTML page or a script, a polyglot, is refused).
 *
 * `makeSizes` runs in the image job, one image at a time per instance: widths 320–1920 (never wider than the
 * original), each in AVIF, WebP and the original's format, and a 1200×630 crop for Open Graph cards. sharp writes no
 * metadata unless asked, so EXIF (GPS included) is dropped; `.rotate()` applies the EXIF orientation first.
 */
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type createSharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import {
  BLOG_TEXTS,
  BLOG_UPLOAD_MAX_PIXELS,
  BLOG_UPLOAD_MAX_SIDE,
  BLOG_UPLOAD_TYPES,
} from '../../../shared/schemas/blog.ts';
import { IMAGE_WIDTHS, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '../../../shared/responsive-image.ts';
import type { ImageVariant } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';

let loadingSharp: Promise<typeof createSharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start-up: libvips and its libraries are about 10 MB resident
 * that a server which never sees an upload should not carry (issue 35, idle memory ≤ 200 MB).
 */
function loadSharp(): Promise<typeof createSharp> {
  return (loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // One image at a time per instance, on one libvips thread, with no operation cache: libvips memory stays the
    // size of one image's work (the process's heap cap does not count it; decision 0065 has the RSS figures).
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

export type UploadType = (typeof BLOG_UPLOAD_TYPES)[number];

const SHARP_FORMAT_OF: Record<UploadType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

export const CONTENT_TYPE_OF_FORMAT: Record<ImageVariant['format'], string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
export const EXTENSION_OF_FORMAT: Record<ImageVariant['format'], string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };

export interface InspectedImage {
  contentType: UploadType;
  format: ImageVariant['format'];
  /** The box as displayed (EXIF orientation applied). */
  width: number;
  height: number;
}

const INPUT = { limitInputPixels: BLOG_UPLOAD_MAX_PIXELS, failOn: 'error' } as const;

/** Markup or code a polyglot carries for a browser or an interpreter that is not an image viewer. */
const FOREIGN_CONTENT = /<(?:script|html|iframe|body|\?php)|javascript:/i;

const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** True when the file ends where its format says it ends (nothing appended after the image). */
function endsWhereItShould(data: Buffer, type: UploadType): boolean {
  switch (type) {
    case 'image/png':
      return data.subarray(-PNG_END.length).equals(PNG_END);
    case 'image/jpeg':
      return data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;
    case 'image/gif':
      return data[data.length - 1] === 0x3b;
    case 'image/webp':
      return data.readUInt32LE(4) + 8 === data.length;
  }
}

/** The upload's type and box, or a 400 naming what is wrong with it (nothing is stored before this passes). */
export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  const type = await fileTypeFromBuffer(data);
  const contentType = type?.mime as UploadType | undefined;
  if (!contentType || !(BLOG_UPLOAD_TYPES as readonly string[]).includes(contentType)) throw badRequest(BLOG_TEXTS.uploadType);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only: no pixel is decoded here, so the box is checked before any limit could be reached.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(BLOG_TEXTS.uploadCorrupt);
  }
  if (metadata.format !== SHARP_FORMAT_OF[contentType] || !metadata.width || !metadata.height) throw badRequest(BLOG_TEXTS.uploadCorrupt);
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width > BLOG_UPLOAD_MAX_SIDE || frameHeight > BLOG_UPLOAD_MAX_SIDE) throw badRequest(BLOG_TEXTS.uploadTooWide);
  if (metadata.width * frameHeight > BLOG_UPLOAD_MAX_PIXELS) throw badRequest(BLOG_TEXTS.uploadTooManyPixels);
  if (!endsWhereItShould(data, contentType) || FOREIGN_CONTENT.test(data.toString('latin1'))) throw badRequest(BLOG_TEXTS.uploadCorrupt);
  try {
    // Every byte decoded (JPEG shrinks on load, so this stays cheap): a truncated or corrupt file fails here.
    await sharp(data, INPUT).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw badRequest(BLOG_TEXTS.uploadCorrupt);
  }
  // Orientations 5–8 turn the image a quarter: its displayed box is the stored one's transpose.
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    contentType,
    format: SHARP_FORMAT_OF[contentType] as ImageVariant['format'],
    width: turned ? frameHeight : metadata.width,
    height: turned ? metadata.width : frameHeight,
  };
}

export interface MadeImage {
  key: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
  format: ImageVariant['format'];
}

/** The widths made for an image `width` px wide: the standard ones up to it, and its own when it is narrower than the largest. */
export function widthsFor(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  if (width < Math.max(...IMAGE_WIDTHS) && !widths.includes(width)) widths.push(width);
  return widths;
}

/** A made object's key: the first 32 hex characters of its content's SHA-256, its width and its format. */
function keyOf(data: Buffer, label: string, format: ImageVariant['format']): string {
  return `${createHash('sha256').update(data).digest('hex').slice(0, 32)}-${label}.${EXTENSION_OF_FORMAT[format]}`;
}

const ENCODERS: Record<'avif' | 'webp' | 'jpeg' | 'png', (image: Sharp) => Sharp> = {
  // effort 2: within a few seconds for all sizes of a 12-megapixel photo on a 2-core machine (decision 0065).
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png(),
};

/**
 * Every size of `original` (an image `inspectImage` accepted), and its Open Graph crop. An animated GIF keeps only its
 * original (its frames would be lost); one image's sizes are made one after another.
 */
export async function makeSizes(original: Buffer, format: ImageVariant['format'], width: number): Promise<{ sizes: MadeImage[]; social: MadeImage | null }> {
  if (format === 'gif') return { sizes: [], social: null };
  const sharp = await loadSharp();
  const formats = ['avif', 'webp', ...(format === 'avif' || format === 'webp' ? [] : [format])] as Array<keyof typeof ENCODERS>;
  const sizes: MadeImage[] = [];
  for (const target of widthsFor(width)) {
    // Decoded and resized once per width, then encoded in each format.
    const { data: pixels, info } = await sharp(original, INPUT).rotate().resize({ width: target }).raw().toBuffer({ resolveWithObject: true });
    for (const output of formats) {
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const data = await ENCODERS[output](sharp(pixels, raw)).toBuffer();
      sizes.push({ key: keyOf(data, `${target}w`, output), contentType: CONTENT_TYPE_OF_FORMAT[output], data, width: info.width, height: info.height, format: output });
    }
  }
  const socialData = await sharp(original, INPUT)
    .rotate()
    .resize(SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  const social: MadeImage = {
    key: keyOf(socialData, 'og', 'jpeg'),
    contentType: 'image/jpeg',
    data: socialData,
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    format: 'jpeg',
  };
  return { sizes, social };
}
