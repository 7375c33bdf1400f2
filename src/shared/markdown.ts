/**
 * The one Markdown renderer: marked with GFM, then a sanitiser with an allow-list of exactly what Markdown produces
 * (`markdown-policy.ts`). The public blog, content pages, campaign landing pages, FAQ answers, the API docs page
 * (on the server) and the editors' Preview (in the browser, loaded with the editor chunk) all call it, so Preview
 * shows what the public page will, and a script or event attribute is inert everywhere.
 *
 * `#markdown-sanitizer` (package.json `imports`) is sanitize-html on the server and DOMPurify over the page's DOM
 * in the browser (decision 0048): the server needs no DOM (no jsdom in production), the browser keeps its small one.
 */
import { sanitizeMarkdownHtml } from '#markdown-sanitizer';
import { marked } from 'marked';

export { MARKDOWN_ATTRIBUTES, MARKDOWN_ELEMENTS } from './markdown-policy.ts';

export function renderMarkdown(markdown: string): string {
  return sanitizeMarkdownHtml(marked.parse(markdown, { async: false, gfm: true }));
}
