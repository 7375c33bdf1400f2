/**
 * This instance's copy of uploaded images on disk, under DATA_DIR/upload-cache, one file per content (named by its
 * SHA-256), served with file streams (decision 0044). The database stays the one store every instance shares
 * (decision 0017); a file here is written once — when the upload is stored, or the first time it is read on an
 * instance without it — and re-created from the database when missing. Reading an image from the embedded database
 * runs PostgreSQL on this process's one thread: eight clients reading a 5 MB image kept `/healthz` waiting 5.5 s
 * (issue 34 §3). From a file, the bytes move on libuv's thread pool.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class UploadCache {
  /** Files being written, by SHA-256: readers arriving meanwhile wait for the same write. */
  private readonly filling = new Map<string, Promise<string>>();
  private sequence = 0;

  constructor(readonly dir: string) {}

  private fileOf(sha256: string): string {
    // The name is the content's hash, checked by the caller's query; never a client's input.
    return path.join(this.dir, sha256);
  }

  /** Writes a new upload's bytes (after it is stored in the database). */
  async put(sha256: string, data: Buffer): Promise<void> {
    await this.write(sha256, async (temporary) => writeFile(temporary, data));
  }

  /**
   * The path of the file holding `sha256` (`size` bytes), written from `open()` first when it is missing or not
   * whole.
   */
  async file(sha256: string, size: number, open: () => Readable): Promise<string> {
    const file = this.fileOf(sha256);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.size === size) return file;
    let pending = this.filling.get(sha256);
    if (!pending) {
      pending = this.write(sha256, (temporary) => pipeline(open(), createWriteStream(temporary))).finally(() => this.filling.delete(sha256));
      this.filling.set(sha256, pending);
    }
    return pending;
  }

  /** Writes to a temporary name, then renames: a reader never sees half a file, even after a crash. */
  private async write(sha256: string, fill: (temporary: string) => Promise<void>): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = this.fileOf(sha256);
    const temporary = `${file}.${process.pid}.${(this.sequence += 1)}.partial`;
    try {
      await fill(temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return file;
  }
}
