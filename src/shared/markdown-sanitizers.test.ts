// @vitest-environment jsdom
// The server sanitises with sanitize-html, the editors' Preview with DOMPurify (decision 0048): both must give the
// same HTML for what editors write and for hostile input, so Preview shows what the live page will.
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { createDomSanitizer } from './markdown-sanitizer-browser';
import { sanitizeMarkdownHtml } from './markdown-sanitizer-server';

const inBrowser = createDomSanitizer(window);

const markdown = [
  '## Title\n\n**bold** ~~gone~~ *em* `code` "quotes" & \'apostrophes\' < >',
  '# T\n\n3. three\n4. four\n\n- a\n- b',
  '| a | b |\n|:-:|--:|\n| 1 | 2 |',
  '```js\nconst x = "<b>";\n```',
  '> quoted\n\n---\n\nline  \nbreak',
  '[l](https://example.com "t") ![i](/uploads/a.png) [rel](../x) [mail](mailto:a@b.c) <https://auto.link>',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](vbscript:x) [d](data:text/html,x)',
  '<img src="x" onerror="alert(1)"> <img src="data:image/png;base64,AAAA" alt="d">',
  '<svg><script>alert(1)</script></svg> <math><mi>x</mi></math>',
  '<a href="#" onclick="alert(1)">a</a> <iframe src="https://example.com">inner</iframe>',
  '<form action="/x"><input name="p"><button>b</button></form> <style>body{}</style>',
  '<p id="auth_token" class="fixed inset-0" style="color: red">dialog</p>',
  '<code class="fixed inset-0">c</code> <code class="language-ts fixed">d</code> <code class="language-c++">e</code>',
  '- [ ] a task\n- [x] done',
  // A parser without a DOM does not add the `<tbody>` the DOM's tree building adds to a hand-written table (a
  // difference of form only); Markdown's own tables always have one.
  '<table><tbody><tr><td align="left" onmouseover="x">c</td></tr></tbody></table>',
];

describe('the server and browser Markdown sanitisers agree', () => {
  it.each(markdown)('%j', (source) => {
    const html = marked.parse(source, { async: false, gfm: true });
    expect(sanitizeMarkdownHtml(html)).toBe(inBrowser(html));
  });
});
