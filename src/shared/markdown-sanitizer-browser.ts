/**
 * The browser's Markdown sanitiser (the editors' Preview): DOMPurify over the page's own DOM, with the policy of
 * `markdown-policy.ts` that the server's sanitiser reads too (see `markdown-sanitizer-server.ts`, decision 0048).
 * `createDomSanitizer` takes the window so that a test can run it over a test DOM.
 */
import DOMPurify, { type WindowLike } from 'dompurify';
import { keepsClass, MARKDOWN_ATTRIBUTES, MARKDOWN_DROPPED_WITH_CONTENT, MARKDOWN_ELEMENTS, MARKDOWN_URL_SCHEMES } from './markdown-policy.ts';

const ALLOWED_URI = new RegExp(`^(?:(?:${MARKDOWN_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

export function createDomSanitizer(window: WindowLike): (html: string) => string {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'class' && !keepsClass(node.nodeName, data.attrValue)) data.keepAttr = false;
  });
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: MARKDOWN_ELEMENTS,
      ALLOWED_ATTR: MARKDOWN_ATTRIBUTES,
      ALLOWED_URI_REGEXP: ALLOWED_URI,
      FORBID_CONTENTS: MARKDOWN_DROPPED_WITH_CONTENT,
    });
}

let sanitizer: ((html: string) => string) | undefined;

export function sanitizeMarkdownHtml(html: string): string {
  sanitizer ??= createDomSanitizer(window);
  return sanitizer(html);
}
