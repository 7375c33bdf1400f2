import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_TEXTS, BLOG_UPLOAD_MAX_BYTES, UploadResultSchema } from '../../../shared/schemas/blog.ts';
import { etagMatches } from '../../lib/http-cache.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import { errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { clientNetworkKey } from '../../lib/client-network.ts';
import { requestContext } from '../../plugins/auth.ts';
import type { ObjectStore } from './object-store.ts';
import { CONTENT_TYPE_OF, storeUpload, UPLOAD_NAME, uploadsDir } from './service.ts';
import type { UploadCache } from './upload-cache.ts';
import type { ConcurrentReads, OneAtATime } from './upload-gates.ts';

const UPLOAD_READS_REFUSED = 'Too many image downloads at once from your network; try again in a moment';

export interface UploadRoutesOptions {
  store: ObjectStore;
  cache: UploadCache;
  reads: ConcurrentReads;
  storing: OneAtATime;
}

/**
 * `POST /api/uploads` (admin, multipart; stored one at a time) and `GET /uploads/{name}` (public, immutable, ETag,
 * nosniff; a few at a time per client network, 429 beyond), kept in the database so any instance serves what another
 * stored (decision 0017), and read from this instance's file cache of it (decision 0044).
 */
export async function uploadRoutes(instance: FastifyInstance, { store, cache, reads, storing }: UploadRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.services;
  await app.register(multipart, {
    limits: { fileSize: BLOG_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/api/uploads',
    {
      onRequest: app.requirePermission('content.manage'),
      schema: {
        tags: ['blog'],
        summary: 'Upload an image (admin): PNG, JPEG, WebP or GIF by content, 5 MB, 40 megapixels and 10,000 px a side at most; its sizes follow',
        security: USER_SECURITY,
        consumes: ['multipart/form-data'],
        response: { 201: UploadResultSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(BLOG_TEXTS.uploadMissing);
      // One at a time, body included: a waiting upload's bytes stay in its socket, not in memory (decision 0044).
      const result = await storing.run(async () => {
        let data: Buffer;
        try {
          const file = await request.file();
          if (!file) throw badRequest(BLOG_TEXTS.uploadMissing);
          data = await file.toBuffer();
        } catch (error) {
          if (error instanceof HttpError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, BLOG_TEXTS.uploadTooLarge);
          throw badRequest(BLOG_TEXTS.uploadMissing);
        }
        if (data.length === 0) throw badRequest(BLOG_TEXTS.uploadMissing);
        return storeUpload({ ...requestContext(request), input: { data, db: database.db, store, cache, queue: app.services.queue } });
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/uploads/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const { name } = request.params;
      const match = UPLOAD_NAME.exec(name);
      if (!match) throw notFound('File not found');
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox");
      const stored = await store.get(name);
      if (stored) {
        reply.header('ETag', stored.etag);
        if (etagMatches(request.headers['if-none-match'], stored.etag)) return reply.status(304).send();
        // Counted per client network: an IPv4 address, an IPv6 /64.
        const release = reads.tryAcquire(clientNetworkKey(request.ip));
        if (!release) {
          // A refusal is not the image: no cache (or a CDN) may keep it for a year.
          reply.header('Cache-Control', 'no-store');
          throw tooManyRequests(UPLOAD_READS_REFUSED, 1);
        }
        // Held until the answer is sent or the client goes away, whichever the server sees.
        reply.raw.once('close', release).once('finish', release);
        // From this instance's file of it, streamed: never the whole image in memory (issue 23 §1), never the
        // embedded database's thread (issue 34 §3).
        const file = await cache.file(stored.sha256, stored.size, stored.open).catch((error: unknown) => {
          release();
          throw error;
        });
        return reply.header('Content-Type', stored.contentType).header('Content-Length', stored.size).send(createReadStream(file));
      }
      // Written under DATA_DIR/uploads by a version before decision 0017.
      const file = path.join(uploadsDir(config.dataDir), name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound('File not found');
      return reply
        .header('Content-Type', CONTENT_TYPE_OF[match[1]!]!)
        .header('Content-Length', info.size)
        .send(createReadStream(file));
    },
  );
}
