/**
 * Image uploads for the blog (issue 11 item 3): PNG, JPEG, WebP and GIF only, recognised by their content (the
 * name and the declared type are ignored), 5 MB at most, stored with a random name in the `uploads` table
 * (decision 0017: every instance behind a load balancer serves every upload, with no shared volume), and served
 * from each instance's file cache of them (decision 0044). Files an older version wrote under DATA_DIR/uploads are
 * still served from there.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { BLOG_TEXTS, BLOG_UPLOAD_TYPES, type UploadResult } from '../../../shared/schemas/blog.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { writeAudit } from '../audit/service.ts';
import type { UploadCache } from './upload-cache.ts';

const EXTENSIONS: Record<(typeof BLOG_UPLOAD_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A stored upload's name: 32 hex characters and one of the four extensions (nothing else is ever served). */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** Where uploads lived before decision 0017 (read only now). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export const CONTENT_TYPE_OF: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

export async function storeUpload(
  { actor, meta, input }: RequestContext & { input: { data: Buffer; db: Database; cache: UploadCache } },
): Promise<UploadResult> {
  const type = await fileTypeFromBuffer(input.data);
  const mime = type?.mime as (typeof BLOG_UPLOAD_TYPES)[number] | undefined;
  if (!mime || !(BLOG_UPLOAD_TYPES as readonly string[]).includes(mime)) throw badRequest(BLOG_TEXTS.uploadType);
  const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  await input.db.transaction(async (tx) => {
    await tx.insert(uploads).values({ name, contentType: mime, size: input.data.length, sha256, data: input.data, createdBy: actorUserId(actor) });
    await writeAudit(tx, { actor, meta }, { action: 'upload.create', entityId: name, details: { contentType: mime, size: input.data.length } });
  });
  // Stored first: a cache file that failed to be written is re-created from the database on the first read.
  await input.cache.put(sha256, input.data).catch(() => undefined);
  const url = `/uploads/${name}`;
  return { url, name, contentType: mime, size: input.data.length, markdown: `![](${url})` };
}

export interface StoredUpload {
  contentType: string;
  size: number;
  sha256: string;
  /** Strong validator: the content's SHA-256. */
  etag: string;
  /** The bytes, read from the database a slice at a time (to fill the instance's file cache, decision 0044). */
  open(): Readable;
}

/**
 * Slices of this size: a driver turns bytea into hex text and back, so reading a 5 MB image whole cost about 20 MB
 * of heap per request, and a few concurrent reads of a large image could exhaust the 192 MB heap (issue 23 §1).
 */
export const UPLOAD_READ_SLICE_BYTES = 256 * 1024;

/** An upload by name, from the database: its description now, its bytes when `open()` is read. */
export async function findUpload(db: Database, name: string): Promise<StoredUpload | null> {
  const [row] = await db
    .select({ contentType: uploads.contentType, sha256: uploads.sha256, size: uploads.size })
    .from(uploads)
    .where(eq(uploads.name, name));
  if (!row) return null;
  async function* slices() {
    for (let offset = 0; offset < row!.size; offset += UPLOAD_READ_SLICE_BYTES) {
      const [slice] = await db
        .select({
          bytes: sql<Buffer>`substring(${uploads.data} from ${offset + 1} for ${UPLOAD_READ_SLICE_BYTES})`.mapWith((value: Buffer | Uint8Array) =>
            Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
          ),
        })
        .from(uploads)
        .where(eq(uploads.name, name));
      if (!slice) throw new Error('The upload was removed while it was being sent');
      yield slice.bytes;
    }
  }
  return { contentType: row.contentType, size: row.size, sha256: row.sha256, etag: `"${row.sha256}"`, open: () => Readable.from(slices()) };
}
