/**
 * The one way into uploaded bytes (issue 39 §5, decision 0065): objects by key, each with its content type. Callers
 * (the upload route, the image job, the image route) see only this interface; the database implementation below keeps
 * the bytes in the `uploads` table (decision 0017), so an S3-compatible store can replace it without touching them.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export interface StoredObject {
  contentType: string;
  size: number;
  sha256: string;
  /** Strong validator: the content's SHA-256. */
  etag: string;
  /** The bytes, read a slice at a time (never the whole object in one query). */
  open(): Readable;
}

export interface PutObject {
  key: string;
  contentType: string;
  data: Buffer;
  /** Who uploaded it (an original); null for what the server made from it. */
  createdBy?: number | null;
}

export interface ObjectStore {
  /** Stores the object; a key already stored keeps its bytes (keys are content-hashed or random, never reused). */
  put(object: PutObject): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/**
 * Slices of this size: a driver turns bytea into hex text and back, so reading a 5 MB image whole cost about 20 MB
 * of heap per request, and a few concurrent reads of a large image could exhaust the 192 MB heap (issue 23 §1).
 */
export const UPLOAD_READ_SLICE_BYTES = 256 * 1024;

/** Objects as rows of the `uploads` table (decision 0017). */
export class DatabaseObjectStore implements ObjectStore {
  constructor(private readonly db: Database) {}

  async put({ key, contentType, data, createdBy = null }: PutObject): Promise<void> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.db.insert(uploads).values({ name: key, contentType, size: data.length, sha256, data, createdBy }).onConflictDoNothing();
  }

  async get(key: string): Promise<StoredObject | null> {
    const db = this.db;
    const [row] = await db
      .select({ contentType: uploads.contentType, sha256: uploads.sha256, size: uploads.size })
      .from(uploads)
      .where(eq(uploads.name, key));
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
          .where(eq(uploads.name, key));
        if (!slice) throw new Error('The upload was removed while it was being sent');
        yield slice.bytes;
      }
    }
    return { contentType: row.contentType, size: row.size, sha256: row.sha256, etag: `"${row.sha256}"`, open: () => Readable.from(slices()) };
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(uploads).where(eq(uploads.name, key));
  }
}

/** An object's whole bytes (the image job reads an original of at most 5 MB once). */
export async function readObject(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
