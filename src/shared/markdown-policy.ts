/**
 * What sanitised Markdown may keep (issue 23 §8), read by both sanitisers (`markdown-sanitizer-server.ts` on the
 * server, `markdown-sanitizer-browser.ts` in the editors' Preview), so the two cannot drift apart.
 *
 * Raw HTML in the Markdown keeps only these elements and attributes: no form, input (GFM task-list boxes
 * included), button, style, iframe, SVG or media, no `id` (it could clobber the page's own elements or globals), no
 * `style`, and no `class` but a code block's `language-…` (the site's own styles could turn a post into a fake
 * dialog over the page).
 */

/** What marked's GFM output is made of. */
export const MARKDOWN_ELEMENTS = [
  'a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img', 'li', 'ol', 'p',
  'pre', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
];
/** Links and images (`href`, `src`, `alt`, `title`), a numbered list's `start`, a table column's `align`, a code block's language. */
export const MARKDOWN_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'start', 'align', 'class'];

/**
 * URL schemes a link or an image may use (relative URLs are always allowed): DOMPurify's default list, so both
 * sanitisers refuse `javascript:`, `vbscript:` and the like. An image may also be a `data:` URL.
 */
export const MARKDOWN_URL_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp', 'matrix'];

/** Elements dropped with everything inside them (a script's text is not content): DOMPurify's list. */
export const MARKDOWN_DROPPED_WITH_CONTENT = [
  'annotation-xml', 'audio', 'colgroup', 'desc', 'foreignobject', 'head', 'iframe', 'math', 'mi', 'mn', 'mo', 'ms',
  'mtext', 'noembed', 'noframes', 'noscript', 'plaintext', 'script', 'style', 'svg', 'template', 'title', 'video',
  'xmp',
];

const CODE_LANGUAGE = /^language-[\w+#-]{1,30}$/;

/** `class` survives only as a code block's whole `language-…` value. */
export function keepsClass(elementName: string, value: string): boolean {
  return elementName.toLowerCase() === 'code' && CODE_LANGUAGE.test(value);
}
