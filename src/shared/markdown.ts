/**
 * The one Markdown renderer: marked with GFM, then DOMPurify's HTML profile. The public blog, FAQ answers, the API
 * docs page (on the server) and the blog editor's Preview (in the browser, loaded with the editor chunk) all call
 * it, so Preview shows exactly what /blog/{slug} will, and a script or event attribute is inert everywhere.
 */
import DOMPurify from 'isomorphic-dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
