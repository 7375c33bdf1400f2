/**
 * The admin preview's Markdown renderer: the same libraries and options as the public page's `renderMarkdown()`
 * (src/server/modules/blog/public-service.ts — marked with GFM, then DOMPurify's HTML profile), so Preview shows
 * what /blog/{slug} will. Web code may not import server code, hence the copy; keep the two in step (or move both
 * to one src/shared module). Loaded only with the editor chunk.
 */
import DOMPurify from 'isomorphic-dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
