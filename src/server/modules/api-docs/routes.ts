/**
 * `/docs`: the interactive API reference (Scalar) over the OpenAPI document that @fastify/swagger builds from
 * the route schemas; the document itself at `/docs/openapi.json` (and `.yaml`); and `/docs/protocol`, the jot
 * protocol for desktop developers (docs/api.md rendered), which the reference's introduction links to.
 *
 * CSP: Scalar's page starts itself with one inline script. Rather than relaxing the policy, the page's
 * `<script>` tags get this response's nonce (the one helmet already puts in `script-src`). The reference's
 * bundle is served from our origin, its web fonts are off (they would come from a CDN that `font-src` refuses),
 * and it makes no calls to Scalar's services (telemetry off, no proxy: "Test request" calls this origin).
 */
import { readFile } from 'node:fs/promises';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { PROTOCOL_PAGE_URL } from './openapi.ts';

// Read from the repository's docs folder: the one text desktop developers and this page share.
const PROTOCOL_MARKDOWN = new URL('../../../../docs/api.md', import.meta.url);

const BUNDLE_CACHE = 'public, max-age=86400';

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * The API only: operations without tags are the page and asset routes (the SSR catch-all, /favicon.svg), which
 * are not API endpoints. @fastify/swagger caches its document, so this works on a copy.
 */
export function apiOperationsOnly(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const tagged = Object.entries(operations).filter(
      ([, operation]) =>
        Array.isArray((operation as { tags?: unknown }).tags) && (operation as { tags: unknown[] }).tags.length > 0,
    );
    if (tagged.length > 0) paths[path] = Object.fromEntries(tagged);
  }
  return { ...document, paths };
}

/*
 * The way back to the site (issue 27 §3): a slim bar above the reference, the site's icon, and Scalar told the bar's
 * height (its sticky sidebar and headers sit below `--scalar-custom-header-height`). Colours follow Scalar's theme
 * variables, so the bar matches its light and dark modes. Inline styles are allowed by the CSP (decision 0003).
 */
const SITE_BAR_HEIGHT = '44px';
const REFERENCE_HEAD = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{--scalar-custom-header-height:${SITE_BAR_HEIGHT}}
.jotit-site-bar{position:sticky;top:0;z-index:100;display:flex;align-items:center;gap:1rem;height:${SITE_BAR_HEIGHT};box-sizing:border-box;padding:0 1rem;font:500 14px/1 system-ui,sans-serif;background:var(--scalar-background-1,#fff);color:var(--scalar-color-1,#0f172a);border-bottom:1px solid var(--scalar-border-color,#e2e8f0)}
.jotit-site-bar a{color:inherit;text-decoration:none;display:inline-flex;align-items:center;gap:.5rem;min-height:24px}
.jotit-site-bar a:hover,.jotit-site-bar a:focus-visible{text-decoration:underline}
.jotit-site-bar img{width:20px;height:20px}
</style>`;
const REFERENCE_SITE_BAR = `<header class="jotit-site-bar"><a href="/"><img src="/favicon.svg" alt="">← Back to ${PRODUCT_NAME}</a><a href="${PROTOCOL_PAGE_URL}">Jot protocol</a></header>`;

/** The reference's page as Scalar renders it, with the site bar and icon added. */
export function withSiteBar(html: string): string {
  return html
    .replace('</head>', `${REFERENCE_HEAD}\n</head>`)
    .replace(/<body([^>]*)>/, `<body$1>${REFERENCE_SITE_BAR}`);
}

/** Heading ids as GitHub makes them, so the Markdown's own `#test-vectors` links work on the page. */
function withHeadingIds(html: string): string {
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, '').replace(/&[a-z#0-9]+;/gi, '');
    const id = text
      .trim()
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .replace(/\s+/g, '-');
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
}

/** docs/api.md as a page: sanitised HTML, no script, under the site's strict CSP. */
export async function renderProtocolPage(): Promise<string> {
  const markdown = await readFile(PROTOCOL_MARKDOWN, 'utf8');
  const title = markdown.match(/^#\s+(.+)$/m)?.[1] ?? `${PRODUCT_NAME} jot protocol`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;line-height:1.6;color:#0f172a;max-width:52rem;margin:0 auto;padding:1.5rem}
pre{background:#f1f5f9;padding:1rem;overflow-x:auto;border-radius:.5rem}code{font-size:.9em}
table{border-collapse:collapse}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left}
a{color:#1d4ed8}
</style>
</head>
<body>
<nav><a href="/">← ${PRODUCT_NAME} home</a> · <a href="/docs">API reference</a></nav>
<main>
${withHeadingIds(renderMarkdown(markdown))}
</main>
</body>
</html>
`;
}

export async function apiDocsRoutes(app: FastifyInstance) {
  // Rendered on the first visit, not at start-up: reading and rendering docs/api.md is work no start needs.
  let protocolPage: Promise<string> | undefined;
  app.get(PROTOCOL_PAGE_URL, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        await (protocolPage ??= renderProtocolPage().catch((error: unknown) => {
          protocolPage = undefined; // a failed read is tried again on the next visit
          throw error;
        })),
      ),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && typeof payload === 'string') {
      const page = payload.includes('Scalar.createApiReference') ? withSiteBar(payload) : payload;
      return page.replaceAll('<script', `<script nonce="${reply.scriptNonce}"`);
    }
    if (request.url.endsWith('/js/scalar.js')) reply.header('Cache-Control', BUNDLE_CACHE);
    return payload;
  });

  await app.register(apiReference, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      pageTitle: `${PRODUCT_NAME} API reference`,
      content: () => apiOperationsOnly(app.swagger() as unknown as OpenApiDocument),
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: false,
      showDeveloperTools: 'never',
      documentDownloadType: 'json',
      metaData: { title: `${PRODUCT_NAME} API reference` },
    },
  });
}
