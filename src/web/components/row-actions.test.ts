import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RowActions } from './row-actions';

const noop = () => undefined;

describe('RowActions: the same Edit and Delete on every admin list', () => {
  it('names both buttons after the row, Edit first', () => {
    const html = renderToStaticMarkup(createElement(RowActions, { name: 'Spring sale', onEdit: noop, onDelete: noop }));
    expect([...html.matchAll(/aria-label="([^"]+)"/g)].map((match) => match[1])).toEqual(['Edit Spring sale', 'Delete Spring sale']);
    expect(html).toContain('data-slot="row-actions"');
  });

  it('takes a narrower verb for the edit, and leaves out an action the row does not have', () => {
    const rename = renderToStaticMarkup(createElement(RowActions, { name: 'tag e2e', editVerb: 'Rename', onEdit: noop, onDelete: noop }));
    expect(rename).toContain('aria-label="Rename tag e2e"');
    expect(rename).toContain('aria-label="Delete tag e2e"');
    const deleteOnly = renderToStaticMarkup(createElement(RowActions, { name: 'Reporting script', onDelete: noop }));
    expect(deleteOnly).not.toContain('Edit');
    expect(deleteOnly).toContain('aria-label="Delete Reporting script"');
  });
});
