/**
 * Uploaded images, stored behind the upload store (decision 0065; the database today, decision 0017), made into sizes
 * by the image job (`image-job.ts`, started by main.ts) and served from this instance's file cache of them, a few
 * reads at a time per client and one upload stored at a time (decision 0044).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseObjectStore, type ObjectStore } from './object-store.ts';
import { uploadRoutes } from './routes.ts';
import { UploadCache } from './upload-cache.ts';
import { ConcurrentReads, OneAtATime } from './upload-gates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open image reads per client network, and the turn of uploads being stored, on this instance (decision 0044). */
    uploadGates: { reads: ConcurrentReads; storing: OneAtATime };
    /** The one way to uploaded bytes (decision 0065): the upload route, the image route and the image job use it. */
    uploadStore: ObjectStore;
  }
}

export const uploadsModule = fp(
  async (app: FastifyInstance) => {
    const gates = { reads: new ConcurrentReads(), storing: new OneAtATime() };
    app.decorate('uploadGates', gates);
    const store = new DatabaseObjectStore(app.services.database.db);
    app.decorate('uploadStore', store);
    await app.register(uploadRoutes, { store, cache: new UploadCache(path.join(app.services.config.dataDir, 'upload-cache')), ...gates });
  },
  { name: 'uploads', dependencies: ['auth'] },
);
