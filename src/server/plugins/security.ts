import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce for scripts (React Router's inline scripts carry it). */
    scriptNonce: string;
  }
}

type ResponseWithNonce = ServerResponse & { scriptNonce?: string };

/**
 * Strict security headers. Scripts run only from our origin or with the per-request nonce that the SSR
 * handler hands to React Router's inline scripts (DESIGN §2, "CSP with SSR"); no 'unsafe-inline' for scripts.
 * Inline style attributes are allowed: React renders them for Radix popovers and animations.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { isDevelopment: boolean }) => {
    // Only scripts get a nonce: a nonce in style-src would make browsers ignore 'unsafe-inline' there.
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64');
      (reply.raw as ResponseWithNonce).scriptNonce = reply.scriptNonce;
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as ResponseWithNonce).scriptNonce ?? ''}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // ALTCHA solves its proof of work in a Web Worker built from a blob.
          workerSrc: ["'self'", 'blob:'],
          connectSrc: options.isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: options.isDevelopment ? false : { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
      return payload;
    });
  },
  { name: 'security' },
);
