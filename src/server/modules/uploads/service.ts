/**
 * Image uploads for the blog (issue 11 item 3): PNG, JPEG, WebP and GIF only, recognised by their content (the
 * name and the declared type are ignored), 5 MB at most, 40 megapixels and 10,000 px a side at most, whole and
 * nothing but an image (issue 39 §3: checked before anything is stored), kept as an object of the upload store
 * (decision 0065; the `uploads` table today, decision 0017) under a random name, indexed in `upload_images`, and
 * made into sizes by the image job. Served from each instance's file cache of them (decision 0044). Files an older
 * version wrote under DATA_DIR/uploads are still served from there.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { type UploadResult } from '../../../shared/schemas/blog.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import type { Database } from '../../db/client.ts';
import { uploadImages } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { writeAudit } from '../audit/service.ts';
import { queueImageSizes } from './image-job.ts';
import { EXTENSION_OF_FORMAT, inspectImage } from './images.ts';
import type { ObjectStore } from './object-store.ts';
import type { UploadCache } from './upload-cache.ts';

/**
 * A served object's name: an original (32 random hex characters) or a size made from one (32 hex characters of its
 * content's SHA-256, then its width or `og`); nothing else is ever served.
 */
export const UPLOAD_NAME = /^[0-9a-f]{32}(?:-(?:\d{2,4}w|og))?\.(png|jpg|webp|gif|avif)$/;

/** Where uploads lived before decision 0017 (read only now). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export const CONTENT_TYPE_OF: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };

export interface UploadDeps {
  db: Database;
  store: ObjectStore;
  cache: UploadCache;
  queue: JobQueue;
}

export async function storeUpload(
  { actor, meta, input }: RequestContext & { input: { data: Buffer } & UploadDeps },
): Promise<UploadResult> {
  const image = await inspectImage(input.data);
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION_OF_FORMAT[image.format]}`;
  const size = input.data.length;
  await input.store.put({ key: name, contentType: image.contentType, data: input.data, createdBy: actorUserId(actor) });
  await input.db.transaction(async (tx) => {
    await tx.insert(uploadImages).values({ name, width: image.width, height: image.height, format: image.format });
    await writeAudit(tx, { actor, meta }, { action: 'upload.create', entityId: name, details: { contentType: image.contentType, size } });
  });
  // Stored first: a cache file that failed to be written is re-created from the store on the first read.
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  await input.cache.put(sha256, input.data).catch(() => undefined);
  await queueImageSizes(input.queue, name);
  const url = `/uploads/${name}`;
  return { url, name, contentType: image.contentType, size, markdown: `![](${url})`, width: image.width, height: image.height };
}
