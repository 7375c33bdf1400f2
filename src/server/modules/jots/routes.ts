/**
 * Jot endpoints: ingestion for the desktop app (legacy, v1, v2), the public count and feed, full records for
 * admins and API clients, search, and the signed-in user's test jot.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encryptV2, INVALID_PAYLOAD_ERROR } from '../../../shared/jot-crypto.ts';
import {
  CreateLegacyJotSchema,
  CreateV2JotSchema,
  JOT_BODY_LIMIT_BYTES,
  JotCountSchema,
  JotListQuerySchema,
  JotPageSchema,
  JotSearchResultSchema,
  JotSearchSchema,
  LegacyJotCreatedSchema,
  PublicJotSchema,
  TestJotResultSchema,
  TestJotSchema,
  V2JotCreatedSchema,
} from '../../../shared/schemas/jots.ts';
import { forbidden, unauthorized } from '../../lib/http-errors.ts';
import { sendCachedJson } from '../../lib/http-cache.ts';
import { CLIENT_SECURITY, errorResponses, USER_SECURITY } from '../../lib/openapi.ts';
import { validationDetails } from '../../plugins/errors.ts';
import { jsonSecurityHeaders, LEAN_JSON_ROUTE } from '../../lib/lean-json.ts';
import type { JotFeed } from './feed.ts';
import type { OffsetAnchors } from './offset-anchors.ts';
import { ingestJot, listJotRecords, listPublicJots, type ProtocolVersion, searchJots } from './service.ts';
import type { JotWriter } from './writer.ts';
import { actorCan, type Actor } from '../../services.ts';

/** The module's state the routes read and write (built once in index.ts). */
export interface JotRoutesOptions {
  feed: JotFeed;
  writer: JotWriter;
  offsetAnchors: OffsetAnchors;
}

// The count and feed change every few seconds and the home page polls every 5 s.
export const PUBLIC_CACHE = 'public, max-age=2';
const PRIVATE = 'private, no-store';
// Answers differ by caller: shared caches must keep them apart.
export const VARY = 'Authorization, X-Client-Id, X-Admin-Client-Id';
// Test jots say where they came from in clientId, appVersion and plugin, so they are easy to find and filter.
const TEST_JOT_SOURCE = 'api-tester';

export const SEARCH_CREDENTIALS_REQUIRED =
  'Client credentials (X-Client-Id and X-Client-Secret) or an admin sign-in are required';
export const TEST_JOT_UNKNOWN_GUID = (name: string) => `Build GUID "${name}" was not found`;

/** Full jot records: admins (user or client) read every jot, an API client its own, anyone else nothing. */
function recordScope(actor: Actor): { clientId?: string } | 'public' {
  if (actor.kind === 'client') return actor.isAdmin ? {} : { clientId: actor.clientId };
  if (actorCan(actor, 'jots.readAll')) return {};
  return 'public';
}

export async function jotRoutes(instance: FastifyInstance, { feed, writer, offsetAnchors }: JotRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;
  const keyring = app.buildGuidKeyring;

  const ingestDeps = { keyring, writer };
  const ingest = async (request: FastifyRequest, version: ProtocolVersion, payload: string, buildGuidName?: string) => {
    try {
      const jot = await ingestJot(ingestDeps, {
        version,
        payload,
        buildGuidName,
        senderIp: request.ip ?? null,
        senderUserAgent: request.headers['user-agent'] ?? null,
        location: app.locate(request),
      });
      app.metrics.jotIngested(version);
      return jot;
    } catch (error) {
      if (error instanceof Error && error.message === INVALID_PAYLOAD_ERROR) app.metrics.decryptFailed(version);
      throw error;
    }
  };

  // ------------------------------------------------------------------ ingestion (public)
  const ingestRoute = {
    ...LEAN_JSON_ROUTE,
    onRequest: jsonSecurityHeaders,
    bodyLimit: JOT_BODY_LIMIT_BYTES,
    config: { rateLimit: app.rateLimitFor('jotIngest') },
  };
  const ingestErrors = errorResponses(400, 413, 429);
  const legacyDescription =
    'Body `{ payload, buildGuidName? }` with payload = Base64(IV ‖ AES-256-CBC(K, plaintext JSON)), K = SHA-256(build GUID value). ' +
    'Without `buildGuidName` every build GUID is tried, newest first. Any problem with the payload answers ' +
    '`400 {"error":"Invalid payload"}`; an empty payload `400 {"error":"Encrypted payload is required"}`. ' +
    `Body limit ${JOT_BODY_LIMIT_BYTES / 1024} KiB. ` +
    'See [the jot protocol](/docs/protocol) for the byte-exact format and test vectors.';

  for (const [url, version] of [
    ['/jots', 'legacy'],
    ['/api/v1/jots', 'v1'],
  ] as const) {
    app.post(
      url,
      {
        ...ingestRoute,
        schema: {
          tags: ['jots'],
          summary: version === 'legacy' ? 'Send a jot (legacy format)' : 'Send a jot (v1, same format as legacy)',
          description: legacyDescription,
          body: CreateLegacyJotSchema,
          response: { 201: LegacyJotCreatedSchema, ...ingestErrors },
        },
      },
      async (request, reply) => {
        const jot = await ingest(request, version, request.body.payload, request.body.buildGuidName);
        return reply
          .status(201)
          .header('Cache-Control', 'no-store')
          .send({ id: jot.id, message: 'Jot created' as const });
      },
    );
  }

  app.post(
    '/api/v2/jots',
    {
      ...ingestRoute,
      schema: {
        tags: ['jots'],
        summary: 'Send a jot (v2, recommended)',
        description:
          'Body `{ payload }` with payload = Base64(JSON { v: 2, kid, iv, ct, mac }): AES-256-CBC under a key derived from the ' +
          'build GUID named by `kid`, authenticated with HMAC-SHA256 (checked before decrypting). Any problem answers ' +
          '`400 {"error":"Invalid payload"}`. The 201 comes only after the jot is committed. See [the jot protocol](/docs/protocol).',
        body: CreateV2JotSchema,
        response: { 201: V2JotCreatedSchema, ...ingestErrors },
      },
    },
    async (request, reply) => {
      const jot = await ingest(request, 'v2', request.body.payload);
      return reply
        .status(201)
        .header('Cache-Control', 'no-store')
        .send({ id: jot.id, version: 'v2' as const, timestamp: jot.createdAt.toISOString() });
    },
  );

  // ------------------------------------------------------------------ public reads (from memory)
  app.get(
    '/api/jots/count',
    {
      ...LEAN_JSON_ROUTE,
      onRequest: jsonSecurityHeaders,
      schema: {
        tags: ['jots'],
        summary: 'How many jots there are',
        description: 'Served from memory; send the ETag back in If-None-Match to get 304 when it has not changed.',
        response: { 200: JotCountSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, feed.countResponse(), PUBLIC_CACHE),
  );

  app.get(
    '/api/jots',
    {
      ...LEAN_JSON_ROUTE,
      onRequest: [jsonSecurityHeaders, app.identifyOptional],
      schema: {
        tags: ['jots'],
        summary: 'Recent jots',
        description:
          'Anonymous callers and signed-in users who are not admins get an array of the newest jots with only ' +
          '`id, created_at, sender_city, sender_state, sender_country` (never text, payload, IP or user agent). ' +
          'An admin (bearer token of an admin, or an admin client) gets `{ jots, total }` with full records of every jot; ' +
          'an API client (`X-Client-Id` / `X-Client-Secret`) gets `{ jots, total }` with its own jots only ' +
          '(those whose decrypted `clientId` is its client id). Newest first; `limit` ≤ 200. Records are paged by ' +
          '`offset`, or by keyset: `after=nextCursor` / `before=prevCursor` of an earlier answer, `last=true` for the ' +
          'oldest page (each reads about `limit` rows at any depth). A filtered count stops at 10,000: `totalCapped`.',
        security: [{}, ...CLIENT_SECURITY],
        querystring: JotListQuerySchema,
        response: {
          200: z.union([
            z.array(PublicJotSchema).describe('Anonymous / non-admin view'),
            JotPageSchema.describe('Admin or API client view'),
          ]),
          304: z.null().describe('Not modified'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const scope = recordScope(request.actor!);
      reply.header('Vary', VARY);
      if (scope === 'public') {
        const cached = feed.pageResponse(limit, offset);
        if (cached) return sendCachedJson(request, reply, cached, PUBLIC_CACHE);
        reply.header('Cache-Control', PUBLIC_CACHE);
        return listPublicJots(db, limit, offset);
      }
      reply.header('Cache-Control', PRIVATE);
      const { after, before, last } = request.query;
      return listJotRecords(db, { ...scope, limit, offset, after, before, last }, feed.count, offsetAnchors);
    },
  );

  // ------------------------------------------------------------------ search (API clients and admins)
  // The permission hook's shape (decision 0050) with this route's own texts.
  const requireJotReader = Object.assign(
    async (request: FastifyRequest) => {
      const actor = await app.identify(request);
      if (actor.kind === 'anonymous') throw unauthorized(SEARCH_CREDENTIALS_REQUIRED);
      if (!actorCan(actor, 'jots.search')) throw forbidden('Only administrators and API clients can search jots');
    },
    { permission: 'jots.search' as const },
  );
  for (const url of ['/api/jots-search', '/jots-search']) {
    app.post(
      url,
      {
        onRequest: requireJotReader,
        schema: {
          tags: ['jots'],
          summary: url === '/jots-search' ? 'Search jots (older path)' : 'Search jots',
          description:
            '`field` is one of AppVersion, Plugin, ClientId, SenderCountry (whole value, ignoring case) or payload ' +
            '(a part of the decrypted jot text, ignoring case, or the whole encrypted payload). `appName`, when given, ' +
            'narrows to that app. An API client searches its own jots; an admin every jot. Paged like `GET /api/jots`: ' +
            '`offset`, or `after` / `before` cursors, or `last: true`; `total` stops at 10,000 (`totalCapped`).',
          security: CLIENT_SECURITY,
          body: JotSearchSchema,
          response: { 200: JotSearchResultSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const scope = recordScope(request.actor!) as { clientId?: string };
        reply.header('Cache-Control', PRIVATE);
        return searchJots(db, { ...request.body, ...scope });
      },
    );
  }

  // ------------------------------------------------------------------ test jot (signed-in users)
  app.post(
    '/api/test-jot',
    {
      onRequest: app.requireUser,
      // Validation errors answer in this route's own shape, { success: false, error }.
      attachValidation: true,
      config: { rateLimit: app.rateLimitFor('jotIngest') },
      schema: {
        tags: ['jots'],
        summary: 'Encrypt and send a test jot',
        description:
          'For the API tester: the server encrypts `content` in the v2 format with the named build GUID and ingests it ' +
          'like any jot from the desktop app. Signed-in, approved users only.',
        security: USER_SECURITY,
        body: TestJotSchema,
        response: {
          201: TestJotResultSchema,
          400: TestJotResultSchema,
          404: TestJotResultSchema,
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const parsed = TestJotSchema.safeParse(request.body);
      if (request.validationError || !parsed.success) {
        // The validator's issues come first: they include the unknown fields (lib/strict-body.ts).
        const details = request.validationError?.validation
          ? validationDetails(request.validationError.validation as never)
          : [];
        const error =
          details[0]?.message ??
          (parsed.success ? 'Invalid request' : (parsed.error.issues[0]?.message ?? 'Invalid request'));
        return reply.status(400).send({ success: false as const, error, ...(details.length > 0 ? { details } : {}) });
      }
      const { content, buildGuidName } = parsed.data;
      const key = await keyring.find(buildGuidName);
      if (!key) return reply.status(404).send({ success: false as const, error: TEST_JOT_UNKNOWN_GUID(buildGuidName) });
      const payload = encryptV2(
        {
          text: content,
          appName: 'JotApp',
          clientId: TEST_JOT_SOURCE,
          appVersion: TEST_JOT_SOURCE,
          plugin: TEST_JOT_SOURCE,
        },
        key.name,
        key.value,
      );
      const jot = await ingest(request, 'v2', payload);
      return reply.status(201).send({
        success: true as const,
        jotResult: { id: jot.id, version: 'v2' as const, timestamp: jot.createdAt.toISOString() },
      });
    },
  );
}
