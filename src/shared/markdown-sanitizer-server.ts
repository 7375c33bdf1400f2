/**
 * The server's Markdown sanitiser: sanitize-html (an HTML parser, no DOM), so production carries no jsdom
 * (decision 0048). The browser's Preview uses DOMPurify over the page's own DOM (`markdown-sanitizer-browser.ts`);
 * package.json's `#markdown-sanitizer` import picks one by the `browser` condition, and both read the one policy of
 * `markdown-policy.ts` (`markdown-sanitizers.test.ts` holds them to the same output).
 */
import sanitizeHtml from 'sanitize-html';
import { keepsClass, MARKDOWN_ATTRIBUTES, MARKDOWN_DROPPED_WITH_CONTENT, MARKDOWN_ELEMENTS, MARKDOWN_URL_SCHEMES } from './markdown-policy.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: MARKDOWN_ELEMENTS,
  allowedAttributes: { '*': MARKDOWN_ATTRIBUTES },
  allowedSchemes: MARKDOWN_URL_SCHEMES,
  allowedSchemesByTag: { img: [...MARKDOWN_URL_SCHEMES, 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: MARKDOWN_DROPPED_WITH_CONTENT,
  // A class the policy refuses goes whole (sanitize-html would keep the allowed words of a list).
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.class !== undefined && !keepsClass(tagName, attribs.class)) {
        const { class: _refused, ...kept } = attribs;
        return { tagName, attribs: kept };
      }
      return { tagName, attribs };
    },
  },
};

export function sanitizeMarkdownHtml(html: string): string {
  // sanitize-html writes void elements as `<img … />`; the browser's serialiser writes `<img …>`. Its output
  // escapes `>` in text and attribute values, so ` />` can only end a tag.
  return sanitizeHtml(html, options).replaceAll(' />', '>');
}
