import { describe, expect, it } from 'vitest';
import { readTableState, rowsOfPage, type TableStateOptions, writeTableState } from './table-url-state';

const OPTIONS: TableStateOptions = {
  pageSizes: [25, 50, 100],
  defaultPageSize: 50,
  sortable: ['createdAt', 'email'],
  defaultSort: { id: 'createdAt', desc: true },
  filters: ['q', 'status'],
};

const read = (query: string) => readTableState(new URLSearchParams(query), OPTIONS);

describe('data table state in the URL', () => {
  it('reads paging, sorting and filters, with defaults for what is missing or wrong', () => {
    expect(read('page=3&size=25&sort=email&status=pending&q=%20ada%20')).toEqual({
      page: 3,
      pageSize: 25,
      sort: { id: 'email', desc: false },
      filters: { status: 'pending', q: 'ada' },
    });
    expect(read('')).toEqual({ page: 1, pageSize: 50, sort: { id: 'createdAt', desc: true }, filters: {} });
    // Unknown columns, sizes and filters, and bad page numbers are ignored.
    expect(read('page=-2&size=7&sort=-password&other=1&q=')).toEqual(read(''));
    expect(read('page=2.5').page).toBe(1);
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const params = new URLSearchParams('tab=users');
    const state = read('');
    expect(writeTableState(params, state, { page: 2 }, OPTIONS).toString()).toBe('tab=users&page=2');
    expect(writeTableState(params, state, { sort: { id: 'email', desc: true } }, OPTIONS).toString()).toBe('tab=users&sort=-email');
    expect(writeTableState(params, state, { sort: { id: 'createdAt', desc: true } }, OPTIONS).toString()).toBe('tab=users');
    expect(writeTableState(params, state, { pageSize: 100 }, OPTIONS).toString()).toBe('tab=users&size=100');
  });

  it('goes back to page 1 when the sort, the page size or a filter changes', () => {
    const params = new URLSearchParams('page=4&q=ada');
    const state = readTableState(params, OPTIONS);
    expect(writeTableState(params, state, { filters: { q: 'bob' } }, OPTIONS).toString()).toBe('q=bob');
    expect(writeTableState(params, state, { sort: { id: 'email', desc: false } }, OPTIONS).toString()).toBe('sort=email&q=ada');
    expect(writeTableState(params, state, { filters: {} }, OPTIONS).toString()).toBe('');
  });

  it('round-trips: what it writes, it reads back', () => {
    const state = { page: 2, pageSize: 25, sort: { id: 'email', desc: true }, filters: { status: 'approved' } };
    const written = writeTableState(new URLSearchParams(), read(''), state, OPTIONS);
    expect(readTableState(written, OPTIONS)).toEqual(state);
  });

  it('gives each table of a page its own page, size and sort parameters with a prefix', () => {
    const tags: TableStateOptions = { ...OPTIONS, paramPrefix: 'tags', filters: ['tagsQ'] };
    const ads: TableStateOptions = { ...OPTIONS, paramPrefix: 'ads', filters: ['adsQ'] };
    const params = new URLSearchParams('tagsPage=3&tagsSort=email&adsPage=2&page=9&tagsQ=e2e');
    expect(readTableState(params, tags)).toEqual({ page: 3, pageSize: 50, sort: { id: 'email', desc: false }, filters: { tagsQ: 'e2e' } });
    expect(readTableState(params, ads).page).toBe(2);
    // Writing one table leaves the other's parameters (and an unprefixed table's) as they were.
    const written = writeTableState(params, readTableState(params, ads), { page: 4 }, ads);
    expect(written.toString()).toBe('tagsPage=3&tagsSort=email&page=9&tagsQ=e2e&adsPage=4');
  });

  it('cuts a list the API sends whole to the shown page', () => {
    const rows = Array.from({ length: 7 }, (_, index) => index);
    expect(rowsOfPage(rows, { page: 2, pageSize: 3, sort: null, filters: {} })).toEqual([3, 4, 5]);
    expect(rowsOfPage(rows, { page: 3, pageSize: 3, sort: null, filters: {} })).toEqual([6]);
    expect(rowsOfPage(undefined, { page: 1, pageSize: 3, sort: null, filters: {} })).toBeUndefined();
  });
});
