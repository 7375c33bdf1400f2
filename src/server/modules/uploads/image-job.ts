/**
 * The image job (decision 0065): makes an upload's sizes in the background, one image at a time per instance, so the
 * upload answers as soon as the original is stored. A failure (libvips, the store) fails the job and pg-boss tries
 * again with backoff; the original stays served meanwhile. The sizes are stored before the index names them, and the
 * pages that may show the image are told once it has them (their caches drop the plain version).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploadImages } from '../../db/schema.ts';
import type { JobQueue, SendOptions } from '../../jobs/queue.ts';
import { makeSizes } from './images.ts';
import { type ObjectStore, readObject } from './object-store.ts';

export const IMAGE_SIZES_JOB = 'image.sizes';
export const IMAGE_SIZES_RETRY: SendOptions = { retryLimit: 8, retryDelaySeconds: 5 };

export interface ImageSizesJob {
  name: string;
}

export async function queueImageSizes(queue: JobQueue, name: string): Promise<void> {
  await queue.send<ImageSizesJob>(IMAGE_SIZES_JOB, { name }, IMAGE_SIZES_RETRY);
}

/** Makes and stores the sizes of upload `name`; nothing when they exist already (a job handed out twice). */
export async function makeImageSizes(app: FastifyInstance, store: ObjectStore, name: string): Promise<void> {
  const { db } = app.services.database;
  const [image] = await db.select().from(uploadImages).where(eq(uploadImages.name, name));
  if (!image || image.processedAt) return;
  const original = await store.get(name);
  if (!original) return;
  const started = performance.now();
  const { sizes, social } = await makeSizes(await readObject(original), image.format as Parameters<typeof makeSizes>[1], image.width);
  for (const made of [...sizes, ...(social ? [social] : [])]) await store.put({ key: made.key, contentType: made.contentType, data: made.data });
  await db
    .update(uploadImages)
    .set({
      variants: sizes.map(({ key, width, height, format }) => ({ key, width, height, format })),
      socialKey: social?.key ?? null,
      processedAt: new Date(),
    })
    .where(eq(uploadImages.name, name));
  app.log.info({ upload: name, sizes: sizes.length, ms: Math.round(performance.now() - started) }, 'image sizes made');
  // Any page may show an upload: the kinds whose pages render uploaded images drop their cached pages.
  for (const kind of ['blog', 'pages', 'campaigns', 'testimonials'] as const) app.services.contentEvents.emit(kind);
}

/** Registers the worker (main.ts, and tests that start workers): one image at a time on this instance. */
export async function startImageSizesWorker(app: FastifyInstance): Promise<void> {
  await app.services.queue.consume<ImageSizesJob>(IMAGE_SIZES_JOB, { concurrency: 1 }, (job) => makeImageSizes(app, app.uploadStore, job.name));
}
