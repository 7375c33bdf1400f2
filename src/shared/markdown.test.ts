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
});
