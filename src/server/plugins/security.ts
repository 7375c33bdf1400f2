import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce for scripts (React Router's inline scripts carry it). */
    scriptNonce: string;
  }
  interface RouteShorthandOptions {
    /** `false`: this route sets its own security headers (the lean JSON hot paths, lib/lean-json.ts). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    skipHelmet?: boolean;
  }
}

type ResponseWithNonce = ServerResponse & { scriptNonce?: string };

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), interest-cohort=()';
/** A year, subdomains included (what helmet sent before; helmet no longer sends it, this plugin does on HTTPS). */
const HSTS = 'max-age=31536000; includeSubDomains';

// Nonces come from a pooled random buffer: one system call per 256 nonces instead of one per page.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset >= noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString('base64', nonceOffset - NONCE_BYTES, nonceOffset);
}

/** JSON and static files run no inline script, so they need no nonce (the hot API paths stay cheap). */
function needsNonce(url: string): boolean {
  return !(url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/jots') || url.startsWith('/healthz') || url.startsWith('/readyz'));
}

/**
 * Helmet's options: the CSP with the per-response script nonce (decision 0003), DENY framing, no HSTS (the plugin sets
 * it on HTTPS answers only). Exported for bench/helmet-build.ts.
 */
export function helmetOptions(isDevelopment: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Pages get their nonce; other responses (JSON, files) allow no inline script at all. One value for both,
        // so a response without a nonce does not name 'self' twice (issue 34 §8).
        scriptSrc: [
          (_request, response) => {
            const nonce = (response as ResponseWithNonce).scriptNonce;
            return nonce ? `'self' 'nonce-${nonce}'` : "'self'";
          },
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // ALTCHA solves its proof of work in a Web Worker built from a blob.
        workerSrc: ["'self'", 'blob:'],
        connectSrc: isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // DENY, as frame-ancestors 'none' says: helmet's default SAMEORIGIN contradicted it for older browsers.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Set by the plugin, on HTTPS answers only.
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Strict security headers. Scripts run only from our origin or with the per-request nonce that the SSR
 * handler hands to React Router's inline scripts (docs/architecture.md §2, "CSP with SSR"); no 'unsafe-inline' for scripts.
 * Inline style attributes are allowed: React renders them for Radix popovers and animations.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { isDevelopment: boolean }) => {
    // Only scripts get a nonce: a nonce in style-src would make browsers ignore 'unsafe-inline' there.
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', (request, reply, done) => {
      if (needsNonce(request.url)) {
        reply.header('Permissions-Policy', PERMISSIONS_POLICY);
        reply.scriptNonce = nextNonce();
        (reply.raw as ResponseWithNonce).scriptNonce = reply.scriptNonce;
      }
      done();
    });
    // helmet's middleware built once. (@fastify/helmet, 13.2.0 too, builds a new one, parsing every directive, on each
    // request: decisions 0006 and 0062, bench/helmet-build.ts.)
    const applyHelmet = helmet(helmetOptions(options.isDevelopment));
    app.addHook('onRoute', (route) => {
      if (route.helmet === false) route.config = { ...route.config, skipHelmet: true };
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.skipHelmet) return done();
      // RFC 6797 §7.2: a browser ignores HSTS over plain HTTP, and sending it there only misleads (issue 34 §8). HTTPS
      // is the connection's, or with TRUST_PROXY the proxy's X-Forwarded-Proto (Fastify's request.protocol).
      if (!options.isDevelopment && request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
      applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security' },
);
