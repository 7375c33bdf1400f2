/**
 * Image uploads for the blog (issue 11 item 3): PNG, JPEG, WebP and GIF only, recognised by their content (the
 * name and the declared type are ignored), 5 MB at most, stored under DATA_DIR/uploads with a random name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { BLOG_TEXTS, BLOG_UPLOAD_TYPES, type UploadResult } from '../../../shared/schemas/blog.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { RequestContext } from '../../services.ts';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../audit/service.ts';

const EXTENSIONS: Record<(typeof BLOG_UPLOAD_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A stored upload's name: 32 hex characters and one of the four extensions (nothing else is ever served). */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export const CONTENT_TYPE_OF: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

export async function storeUpload(
  { actor, meta, input }: RequestContext & { input: { data: Buffer; dataDir: string; db: Database } },
): Promise<UploadResult> {
  const type = await fileTypeFromBuffer(input.data);
  const mime = type?.mime as (typeof BLOG_UPLOAD_TYPES)[number] | undefined;
  if (!mime || !(BLOG_UPLOAD_TYPES as readonly string[]).includes(mime)) throw badRequest(BLOG_TEXTS.uploadType);
  const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
  const dir = uploadsDir(input.dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), input.data, { flag: 'wx' });
  await writeAudit(input.db, { actor, meta }, { action: 'upload.create', entityId: name, details: { contentType: mime, size: input.data.length } });
  const url = `/uploads/${name}`;
  return { url, name, contentType: mime, size: input.data.length, markdown: `![](${url})` };
}
