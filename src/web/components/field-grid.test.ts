import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIELD_GRID_COLUMNS, FieldGrid } from './form';

describe('FieldGrid: one side-by-side layout for the admin forms', () => {
  it('stacks the fields on phones and puts them side by side from 640 px in the named columns', () => {
    const html = renderToStaticMarkup(createElement(FieldGrid, { columns: 'wide-narrow', children: createElement('input') }));
    expect(html).toContain('data-slot="field-grid"');
    expect(html).toMatch(/class="grid [^"]*sm:grid-cols-\[1fr_10rem\]/);
    expect(renderToStaticMarkup(createElement(FieldGrid, { children: 'x' }))).toContain(FIELD_GRID_COLUMNS.halves);
    // Every layout is one column below 640 px: no column class without the sm: prefix.
    for (const columns of Object.values(FIELD_GRID_COLUMNS)) expect(columns).toMatch(/^sm:grid-cols-/);
  });
});
