/**
 * The one Markdown renderer: marked with GFM, then DOMPurify with an allow-list of exactly what Markdown produces.
 * The public blog, content pages, campaign landing pages, FAQ answers, the API docs page (on the server) and the
 * editors' Preview (in the browser, loaded with the editor chunk) all call it, so Preview shows exactly what the
 * public page will, and a script or event attribute is inert everywhere.
 *
 * Raw HTML in the Markdown keeps only these elements and attributes (issue 23 §8): no form, input (GFM task-list
 * boxes included), button, style, iframe, SVG or media, no `id` (it could clobber the page's own elements or
 * globals), no `style`, and no `class` but a code block's `language-…` (the site's own styles could turn a post
 * into a fake dialog over the page).
 */
import DOMPurify from 'isomorphic-dompurify';
import { marked } from 'marked';

/** What marked's GFM output is made of. */
export const MARKDOWN_ELEMENTS = [
  'a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img', 'li', 'ol', 'p',
  'pre', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
];
/** Links and images (`href`, `src`, `alt`, `title`), a numbered list's `start`, a table column's `align`, a code block's language. */
export const MARKDOWN_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'start', 'align', 'class'];

const CODE_LANGUAGE = /^language-[\w+#-]{1,30}$/;

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'class' && !(node.nodeName === 'CODE' && CODE_LANGUAGE.test(data.attrValue))) data.keepAttr = false;
});

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: MARKDOWN_ELEMENTS, ALLOWED_ATTR: MARKDOWN_ATTRIBUTES });
}
