/**
 * What the pages know of uploaded images (decision 0065): the `upload_images` index read for the URLs a page shows,
 * as shared `ResponsiveImage`s (their sizes' URLs), and rendered Markdown made responsive with them.
 */
import { inArray } from 'drizzle-orm';
import { imageSourcesIn, type ResponsiveImage, withResponsiveImages } from '../../shared/responsive-image.ts';
import type { Database } from '../db/client.ts';
import { uploadImages } from '../db/schema.ts';

const UPLOAD_URL = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp|gif))$/;

/** The images behind those of `urls` that are uploads, by URL (an image with no row yet is left out). */
export async function findResponsiveImages(db: Database, urls: ReadonlyArray<string | null | undefined>): Promise<Map<string, ResponsiveImage>> {
  const names = [...new Set(urls.flatMap((url) => UPLOAD_URL.exec(url ?? '')?.[1] ?? []))];
  const found = new Map<string, ResponsiveImage>();
  if (names.length === 0) return found;
  const rows = await db.select().from(uploadImages).where(inArray(uploadImages.name, names));
  for (const row of rows) {
    found.set(`/uploads/${row.name}`, {
      url: `/uploads/${row.name}`,
      width: row.width,
      height: row.height,
      format: row.format as ResponsiveImage['format'],
      variants: row.variants.map((variant) => ({ url: `/uploads/${variant.key}`, width: variant.width, format: variant.format })),
      socialUrl: row.socialKey ? `/uploads/${row.socialKey}` : null,
    });
  }
  return found;
}

/** Rendered Markdown with its uploaded images made responsive (every `<img>` with an `alt`). */
export async function responsiveHtml(db: Database, html: string): Promise<string> {
  return withResponsiveImages(html, await findResponsiveImages(db, imageSourcesIn(html)));
}
