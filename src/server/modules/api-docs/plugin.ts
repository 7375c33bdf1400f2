/**
 * The OpenAPI document (@fastify/swagger), built from every route's zod schema. Registered before any route, so
 * that it sees them all; `/docs` (routes.ts) renders it.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../../shared/brand.ts';

/** The jot protocol for desktop developers (docs/api.md, rendered by routes.ts). */
export const PROTOCOL_PAGE_URL = '/docs/protocol';

export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${PRODUCT_NAME} API`,
          version: '2.0.0',
          // Markdown: the reference renders it, so a visitor can open the protocol page from here.
          description:
            `The ${PRODUCT_NAME} JSON API for the desktop app and for developers. How the desktop app encrypts and ` +
            `sends jots, byte for byte, with test vectors: [the jot protocol](${PROTOCOL_PAGE_URL}).`,
        },
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
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);
