import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown (public pages and the admin preview)', () => {
  it('renders GitHub-flavoured Markdown', () => {
    expect(renderMarkdown('## Title\n\n**bold** ~~gone~~')).toBe(
      '<h2>Title</h2>\n<p><strong>bold</strong> <del>gone</del></p>\n',
    );
  });
  it('drops scripts, event attributes, javascript: links and SVG scripts', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '[x](javascript:alert(1))',
        '<img src="x" onerror="alert(1)">',
        '<svg><script>alert(1)</script></svg>',
        '<a href="#" onclick="alert(1)">a</a>',
        '<iframe src="https://example.com"></iframe>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<svg/i);
    expect(html).toContain('<img src="x">');
  });
  it('keeps only the elements Markdown produces: no form, input, button, style, iframe, no id, class or style', () => {
    const html = renderMarkdown(
      [
        '<form action="/api/auth/signin" method="post"><input name="password" type="password"><button>Sign in</button></form>',
        '<style>body { display: none }</style>',
        '<p id="auth_token" class="fixed inset-0 z-50" style="color: red">dialog</p>',
        '<select><option>a</option></select><textarea>t</textarea><object data="x"></object><embed src="x"><video src="x"></video>',
        '- [ ] a task',
        '<code class="fixed inset-0">c</code> <code class="language-ts fixed">d</code>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<(form|input|button|style|select|option|textarea|object|embed|video|iframe)\b/i);
    expect(html).not.toMatch(/\s(id|class|style|name|type|action|method)=/i);
    expect(html).toContain('<p>dialog</p>');
  });
  it('keeps what the editor writes: headings, lists from any number, tables with alignment, code, quotes, links, images', () => {
    const html = renderMarkdown(
      ['# T', '3. three', '| a | b |\n|:-:|--|\n| 1 | 2 |', '```js\nx\n```', '> q', '[l](https://example.com "t") ![i](/uploads/a.png)'].join('\n\n'),
    );
    for (const piece of ['<h1>T</h1>', '<ol start="3">', '<th align="center">a</th>', '<pre><code class="language-js">x', '<blockquote>', '<a href="https://example.com" title="t">l</a>', '<img src="/uploads/a.png" alt="i">']) {
      expect(html).toContain(piece);
    }
  });
});
