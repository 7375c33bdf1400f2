/**
 * The anchor of the page benchmarks: React's own server-rendering floor on this machine. A bare node:http server
 * answers `GET /?bytes=N` with `react-dom/server` renderToString of a tree of sections, headings, paragraphs and
 * links whose HTML is N bytes (each page's own uncompressed size), built per request as a page's components are.
 * Compression as the app's cached page is sent to a browser (gzip): here per request at level 1, zlib's fastest,
 * so the floor is as high as a per-request render can make it. Prints `listening <port>`.
 */
import { createServer } from 'node:http';
import { constants as zlib, gzipSync } from 'node:zlib';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

const WORDS = (
  'jot note idea thought capture hotkey desktop sync device secure private encrypted fast offline search tag ' +
  'folder plugin version client server browser window keyboard shortcut text markdown link image share team ' +
  'remember later today tomorrow meeting project task list draft quick simple reliable open source privacy cloud'
).split(' ');

/** Varied text (a fixed pseudo-random walk over a vocabulary), so the HTML compresses as prose does. */
function words(seed: number, count: number): string {
  let state = seed * 2654435761 + 1;
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[state % WORDS.length]!);
  }
  return out.join(' ');
}

function paragraph(index: number): ReactElement {
  return h(
    'p',
    { key: index, className: 'text-base leading-relaxed text-muted-foreground' },
    words(index, 18 + (index % 12)),
    h('a', { href: `/blog/post-${index}`, className: 'underline' }, words(index + 7, 3)),
    words(index + 13, 8),
  );
}

function tree(paragraphs: number): ReactElement {
  const sections: ReactElement[] = [];
  for (let start = 0; start < paragraphs; start += 8) {
    const items: ReactElement[] = [];
    for (let index = start; index < Math.min(paragraphs, start + 8); index += 1) items.push(paragraph(index));
    sections.push(
      h(
        'section',
        { key: start, className: 'mx-auto max-w-4xl px-4 py-8' },
        h('h2', { className: 'text-2xl font-bold' }, words(start, 4)),
        ...items,
      ),
    );
  }
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('title', null, 'Anchor')),
    h('body', null, h('main', null, ...sections)),
  );
}

/** Paragraph counts found for each size asked (calibrated once: the tree is built per request, not its size). */
const calibrated = new Map<number, number>();
function paragraphsFor(bytes: number): number {
  let paragraphs = calibrated.get(bytes);
  if (paragraphs === undefined) {
    const sample = renderToString(tree(200)).length;
    paragraphs = Math.max(1, Math.round((bytes / sample) * 200));
    calibrated.set(bytes, paragraphs);
  }
  return paragraphs;
}

const server = createServer((request, response) => {
  const bytes = Number(new URL(request.url ?? '/', 'http://anchor').searchParams.get('bytes') ?? 50_000);
  const html = `<!DOCTYPE html>${renderToString(tree(paragraphsFor(bytes)))}`;
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
  };
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    const body = gzipSync(html, { level: zlib.Z_BEST_SPEED });
    response.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
    response.end(body);
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(html) });
  response.end(html);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
