/**
 * The OpenAPI document (@fastify/swagger), built from every route's zod schema. Registered before any route, so
 * that it sees them all (the api-docs module is registered first); `/docs` (routes.ts) renders it.
 *
 * The document tells the truth about what the server does (issue 25), in one place rather than in every route:
 * each operation gets a stable `operationId` and its security (public, or an optional bearer when the route
 * identifies its caller), bodies show their canonical names and that unknown fields are refused, errors are JSON
 * whatever the success type (CSV, an event stream), 204 and 304 carry no body, and every operation lists the
 * 400 of its validation and the 429 of the rate limit.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { principalsFor, type Permission, type Principal } from '../../../shared/permissions.ts';
import type { PermissionHook } from '../../plugins/auth.ts';
import { documentedSchema } from '../../../shared/schemas/wire.ts';
import { OPTIONAL_USER_SECURITY, PUBLIC_SECURITY } from '../../lib/openapi.ts';
import { bodyStrictness } from '../../lib/strict-body.ts';
import { webhooksDocument } from '../webhooks/openapi-webhooks.ts';

/** The jot protocol for desktop developers (docs/api.md, rendered by routes.ts). */
export const PROTOCOL_PAGE_URL = '/docs/protocol';

type JsonSchema = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** How the document names each caller of the permission table. */
const PRINCIPAL_WORDS: Record<Principal, string> = {
  owner: 'owners',
  admin: 'admins',
  editor: 'editors',
  author: 'authors',
  support: 'support',
  user: 'users',
  adminClient: 'admin API clients',
  client: 'API clients',
};

const HTTP_VERB: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };

/**
 * A stable operationId from the verb and the path: `GET /api/campaigns/{id}` → `getCampaignsById`,
 * `POST /api/v2/jots` → `postV2Jots`; the desktop's legacy paths outside /api (`POST /jots`) → `postLegacyJots`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const words = segments[0] === 'api' ? segments.slice(1) : ['legacy', ...segments];
  const pascal = (word: string) => word.replace(/(^|[-_.])([a-z0-9])/gi, (_match, _separator: string, letter: string) => letter.toUpperCase());
  const parts = words.map((word) => (word.startsWith(':') ? `By${pascal(word.slice(1))}` : word.startsWith('{') ? `By${pascal(word.slice(1, -1))}` : pascal(word)));
  return (HTTP_VERB[method.toUpperCase()] ?? method.toLowerCase()) + parts.join('');
}

const RESPONSE_TEXT: Record<number, string> = {
  204: 'No content',
  304: 'Not modified (the `ETag` sent in `If-None-Match` still matches)',
  400: 'Invalid request: `details` lists the fields',
  401: 'Credentials missing, invalid or expired',
  403: 'These credentials may not do this',
  404: 'Not found',
  409: 'Conflicts with an existing record',
  413: 'The body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests: wait for `Retry-After` seconds',
  503: 'Temporarily unavailable: try again after `Retry-After` seconds',
};

/** Response schemas as the server really answers them (see the file comment). */
function truthfulResponses(response: Record<string, JsonSchema>, produces: string[] | undefined, errorSchema: JsonSchema, validated: boolean): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const nonJson = produces?.find((type) => type !== 'application/json');
  for (const [status, schema] of Object.entries(response)) {
    const code = Number(status);
    const description = (code >= 400 ? RESPONSE_TEXT[code] : undefined) ?? (schema.description as string | undefined) ?? RESPONSE_TEXT[code] ?? 'Success';
    // No body: 204, and every 3xx (a redirect's Location, a 304's cached copy).
    if (code === 204 || (code >= 300 && code < 400)) out[status] = { type: 'null', description };
    else if (code >= 400) out[status] = { description, content: { 'application/json': { schema } } };
    else if (nonJson) out[status] = { description, content: { [nonJson]: { schema: { type: 'string' } } } };
    else out[status] = schema;
  }
  for (const code of validated ? [400, 429] : [429]) out[code] ??= { description: RESPONSE_TEXT[code], content: { 'application/json': { schema: errorSchema } } };
  return out;
}

/** The document without the component schemas nothing refers to (the zod registry has input and output twins). */
function withoutUnusedComponents(document: JsonSchema): JsonSchema {
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  if (!components?.schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: undefined } });
  const schemas = Object.fromEntries(Object.entries(components.schemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`)));
  return { ...document, components: { ...components, schemas } };
}

/** A route as Fastify serves it (the contract test compares these with the document). */
export interface ServedRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** The route says it is an API operation outside `/api` (`config.isApiOperation`). */
  isApiOperation: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route served, in registration order: the route table the document is built from. */
    servedRoutes: ServedRoute[];
  }
  interface FastifyContextConfig {
    /**
     * An API operation outside `/api`: the form endpoints that mail clients and mail links post to (issue 24)
     * live beside their pages. The contract test holds them to the document like the rest of the API.
     */
    isApiOperation?: boolean;
    /**
     * A public operation whose staff variant needs a permission the handler checks (decision 0050): stated in the
     * document, and the permission matrix test knows to expect its 403.
     */
    staffPermission?: Permission;
  }
}

export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl, supportEmail } = app.services.config;
    const servedRoutes: ServedRoute[] = [];
    app.decorate('servedRoutes', servedRoutes);
    app.addHook('onRoute', (route) => {
      for (const method of ([] as string[]).concat(route.method)) servedRoutes.push({
          method,
          url: route.url,
          hidden: Boolean(route.schema?.hide),
          isApiOperation: route.config?.isApiOperation === true,
        });
    });
    let errorSchema: JsonSchema | undefined;

    const transform = (input: TransformInput) => {
      const { schema, route } = input as TransformInput & { route: RouteOptions };
      if (!schema || schema.hide) return jsonSchemaTransform(input);
      const body = schema.body === undefined ? undefined : documentedSchema(schema.body);
      const result = jsonSchemaTransform({ ...input, schema: { ...schema, ...(body === undefined ? {} : { body }) } } as TransformInput);
      const out = result.schema as JsonSchema & { body?: JsonSchema; response?: Record<string, JsonSchema>; produces?: string[]; consumes?: string[] };
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;

      out.operationId ??= operationIdOf(method, route.url);
      const hooks = ([] as unknown[]).concat(route.onRequest ?? []);
      // Who may call it (decision 0050), from the route's permission hook: stated in words and as `x-roles`.
      const permission = hooks.map((hook) => (hook as Partial<PermissionHook>).permission).find((name) => name !== undefined);
      if (permission) {
        const principals = principalsFor(permission);
        out['x-permission'] = permission;
        out['x-roles'] = [...principals];
        const who = principals.map((principal) => PRINCIPAL_WORDS[principal]).join(', ');
        out.description = `${out.description ? `${String(out.description)}\n\n` : ''}**Who may call it:** ${who} (\`${permission}\`); anyone else gets 403, nobody 401.`;
      }
      // Any signed-in person (`requireUser`: their own sessions, password, factors), never an API client: stated so
      // the permission matrix walks these too.
      if (hooks.includes(app.requireUser)) out['x-signed-in'] = true;
      // A public operation with a staff variant (every FAQ, not only the published ones): who may ask for it.
      const staffPermission = route.config?.staffPermission;
      if (staffPermission) {
        const who = principalsFor(staffPermission).map((principal) => PRINCIPAL_WORDS[principal]).join(', ');
        out['x-staff-permission'] = staffPermission;
        out['x-staff-roles'] = [...principalsFor(staffPermission)];
        out.description = `${out.description ? `${String(out.description)}\n\n` : ''}**Its staff variant** is for ${who} (\`${staffPermission}\`); anyone else asking for it gets 403, nobody 401.`;
      }
      if (!out.security) {
        out.security = hooks.includes(app.identifyOptional) ? OPTIONAL_USER_SECURITY : PUBLIC_SECURITY;
      }
      // Unknown fields are refused by lib/strict-body.ts (a writeBody refuses them itself).
      if (out.body && out.body.type === 'object' && schema.body !== undefined) {
        const strict = body !== schema.body || bodyStrictness(schema.body as never) !== undefined;
        out.body.additionalProperties = strict ? false : true;
      }
      // The public forms' captcha is required (only a filled honeypot is answered without one, with a pretend success).
      const properties = out.body?.properties as Record<string, unknown> | undefined;
      if (out.body && properties?.captcha && !(out.body.required as string[] | undefined)?.includes('captcha')) {
        out.body.required = [...((out.body.required as string[] | undefined) ?? []), 'captcha'];
      }
      if (out.consumes?.includes('multipart/form-data') && !out.body) {
        out.body = {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'The image' } } },
            },
          },
        };
        delete out.consumes;
      }
      errorSchema ??= (Object.entries(out.response ?? {}).find(([status]) => Number(status) >= 400)?.[1] as JsonSchema | undefined) ?? undefined;
      const validated = (['body', 'querystring', 'params', 'headers'] as const).some((part) => schema[part] !== undefined) || out.consumes !== undefined;
      out.response = truthfulResponses(out.response ?? {}, out.produces, errorSchema ?? { type: 'object', required: ['error'], properties: { error: { type: 'string' } } }, validated);
      delete out.produces;
      return { ...result, schema: out };
    };

    await app.register(swagger, {
      openapi: {
        info: {
          title: `${PRODUCT_NAME} API`,
          version: '2.0.0',
          // Markdown: the reference renders it, so a visitor can open the protocol page from here.
          description:
            `The ${PRODUCT_NAME} JSON API for the desktop app and for developers. How the desktop app encrypts and ` +
            `sends jots, byte for byte, with test vectors: [the jot protocol](${PROTOCOL_PAGE_URL}). Names, errors ` +
            'and paging follow one contract: reads and writes use the same camelCase names (the forms\' snake_case ' +
            'names are accepted as aliases), an unknown field is a 400 naming it, and every error is ' +
            '`{ "error", "details"?: [{ "field", "message" }] }`. Staff have one role each (owner, admin, editor, author, ' +
            'support, user): every operation that needs a right says who may call it, in words and as `x-roles`. An ' +
            'API client\'s rights are set by its admin flag when it is created (`POST /api/clients`): an admin client ' +
            'may call the operations that list admin API clients, any client its own jots.',
          contact: { name: `${PRODUCT_NAME} support`, email: supportEmail, url: `${publicUrl}/contact` },
          license: { name: 'Proprietary', url: `${publicUrl}/terms-of-service` },
        },
        servers: [{ url: publicUrl, description: 'This server' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            clientId: { type: 'apiKey', in: 'header', name: 'X-Client-Id' },
            clientSecret: { type: 'apiKey', in: 'header', name: 'X-Client-Secret' },
            adminClientId: { type: 'apiKey', in: 'header', name: 'X-Admin-Client-Id' },
            adminClientSecret: { type: 'apiKey', in: 'header', name: 'X-Admin-Client-Secret' },
          },
        },
      },
      transform,
      // Named schemas (the error response) become components, referenced rather than repeated.
      // The events JotIt sends (issue 41) ride along as `x-webhooks`.
      transformObject: (input) => ({ ...withoutUnusedComponents(jsonSchemaTransformObject(input) as JsonSchema), 'x-webhooks': webhooksDocument() }) as JsonSchema,
    });
  },
  { name: 'openapi' },
);
