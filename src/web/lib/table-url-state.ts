/**
 * The state of an admin data table in the URL (issue 26 §2: paging, sorting and filters survive a reload, a
 * shared link and Back). One shape for every table: `?page=2&size=25&sort=-createdAt&status=pending`; defaults
 * are left out, so a fresh table has a clean URL. The DataTable reads it with `readTableState` and writes a change
 * with `writeTableState` (a new page goes back to 1 whenever the sort or a filter changes).
 */
export interface TableSort {
  id: string;
  desc: boolean;
}

export interface TableState {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: TableSort | null;
  /** Only the table's declared filters, non-empty. */
  filters: Record<string, string>;
}

export interface TableStateOptions {
  pageSizes: readonly number[];
  defaultPageSize: number;
  sortable: readonly string[];
  defaultSort?: TableSort | null;
  filters: readonly string[];
  /**
   * Names this table's page, size and sort parameters (`tags` → `tagsPage`, `tagsSort`) when one page shows more
   * than one table in its URL (the blog's panels, Build GUIDs and API clients); its filters have their own names.
   */
  paramPrefix?: string;
}

/** The URL parameter of the table's page, size or sort. */
function paramName(options: TableStateOptions, name: 'page' | 'size' | 'sort'): string {
  return options.paramPrefix ? `${options.paramPrefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

function reservedNames(options: TableStateOptions): Set<string> {
  return new Set([paramName(options, 'page'), paramName(options, 'size'), paramName(options, 'sort')]);
}

export function readTableState(params: URLSearchParams, options: TableStateOptions): TableState {
  const reserved = reservedNames(options);
  const page = Number(params.get(paramName(options, 'page')));
  const size = Number(params.get(paramName(options, 'size')));
  const sortParam = params.get(paramName(options, 'sort')) ?? '';
  const sortId = sortParam.replace(/^-/, '');
  const filters: Record<string, string> = {};
  for (const name of options.filters) {
    if (reserved.has(name)) continue;
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: options.pageSizes.includes(size) ? size : options.defaultPageSize,
    sort: options.sortable.includes(sortId) ? { id: sortId, desc: sortParam.startsWith('-') } : (options.defaultSort ?? null),
    filters,
  };
}

/**
 * The URL's parameters after a change: other parameters are kept, defaults dropped; a change of sort, page size
 * or filters starts again at page 1.
 */
export function writeTableState(
  params: URLSearchParams,
  current: TableState,
  change: Partial<TableState>,
  options: TableStateOptions,
): URLSearchParams {
  const next: TableState = { ...current, ...change };
  const resetsPage = change.sort !== undefined || change.pageSize !== undefined || change.filters !== undefined;
  if (resetsPage && change.page === undefined) next.page = 1;
  const reserved = reservedNames(options);
  const result = new URLSearchParams(params);
  for (const name of [...reserved, ...options.filters]) result.delete(name);
  if (next.page > 1) result.set(paramName(options, 'page'), String(next.page));
  if (next.pageSize !== options.defaultPageSize) result.set(paramName(options, 'size'), String(next.pageSize));
  const isDefaultSort =
    (next.sort === null && !options.defaultSort) ||
    (next.sort !== null && options.defaultSort?.id === next.sort.id && options.defaultSort.desc === next.sort.desc);
  if (next.sort && !isDefaultSort) result.set(paramName(options, 'sort'), `${next.sort.desc ? '-' : ''}${next.sort.id}`);
  for (const name of options.filters) {
    const value = next.filters[name]?.trim();
    if (value && !reserved.has(name)) result.set(name, value);
  }
  return result;
}

/** The rows of the shown page, for a list the API sends whole (banners, build GUIDs, the blog's ads and tags). */
export function rowsOfPage<Row>(rows: readonly Row[] | undefined, state: TableState): Row[] | undefined {
  if (!rows) return undefined;
  const start = (state.page - 1) * state.pageSize;
  return rows.slice(start, start + state.pageSize);
}
