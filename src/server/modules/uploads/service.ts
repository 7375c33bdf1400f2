/**
 * Image uploads for the blog (issue 11 item 3): PNG, JPEG, WebP and GIF only, recognised by their content (the
 * name and the declared type are ignored), 5 MB at most, stored with a random name in the `uploads` table
 * (decision 0017: every instance behind a load balancer serves every upload, with no shared volume). Files an
 * older version wrote under DATA_DIR/uploads are still served from there.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { BLOG_TEXTS, BLOG_UPLOAD_TYPES, type UploadResult } from '../../../shared/schemas/blog.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { writeAudit } from '../audit/service.ts';

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
  { actor, meta, input }: RequestContext & { input: { data: Buffer; db: Database } },
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
  const url = `/uploads/${name}`;
  return { url, name, contentType: mime, size: input.data.length, markdown: `![](${url})` };
}

export interface StoredUpload {
  contentType: string;
  data: Buffer;
  /** Strong validator: the content's SHA-256. */
  etag: string;
}

/** An upload by name, from the database. */
export async function findUpload(db: Database, name: string): Promise<StoredUpload | null> {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data, sha256: uploads.sha256 })
    .from(uploads)
    .where(eq(uploads.name, name));
  return row ? { contentType: row.contentType, data: row.data, etag: `"${row.sha256}"` } : null;
}
