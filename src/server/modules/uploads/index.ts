/**
 * Uploaded images, stored in the database (decision 0017) and served from this instance's file cache of them, a few
 * reads at a time per client and one upload stored at a time (decision 0044).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadRoutes } from './routes.ts';
import { UploadCache } from './upload-cache.ts';
import { ConcurrentReads, OneAtATime } from './upload-gates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open image reads per client network, and the turn of uploads being stored, on this instance (decision 0044). */
    uploadGates: { reads: ConcurrentReads; storing: OneAtATime };
  }
}

export const uploadsModule = fp(
  async (app: FastifyInstance) => {
    const gates = { reads: new ConcurrentReads(), storing: new OneAtATime() };
    app.decorate('uploadGates', gates);
    await app.register(uploadRoutes, { cache: new UploadCache(path.join(app.services.config.dataDir, 'upload-cache')), ...gates });
  },
  { name: 'uploads', dependencies: ['auth'] },
);
