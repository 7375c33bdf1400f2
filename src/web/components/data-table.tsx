/**
 * The one data table of the admin (issue 26 §2), on TanStack Table: server paging, sorting and filters kept in the
 * URL (lib/table-url-state.ts), row selection with one bulk-action bar above the table ("N selected", the screen's
 * actions, "Clear selection"), column visibility, skeleton rows while loading, error and empty states, cards under
 * 768 px, and a scroll region the keyboard reaches when the table is wider than its box.
 *
 *   const OPTIONS = { pageSizes: [50], defaultPageSize: 50, sortable: ['createdAt'], filters: ['q'] };
 *   const table = useDataTableState(OPTIONS);
 *   const query = useThings({ ...table.state.filters, offset: table.offset, limit: table.state.pageSize });
 *   <DataTable label="Things" table={table} columns={columns} query={query} rows={query.data?.items}
 *     total={query.data?.total} getRowId={(row) => String(row.id)} renderCard={(row) => …} empty={…} />
 *
 * The screen keeps its filters (search boxes, selects) above the table and writes them with `table.setFilters`.
 */
import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { AlertTriangleIcon, ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, Columns3Icon, XIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '~/components/pager';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { readTableState, rowsOfPage, type TableState, type TableStateOptions, writeTableState } from '~/lib/table-url-state';
import { cn } from '~/lib/utils';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the Columns menu (the header when it is a plain string). */
    label?: string;
    headClassName?: string;
    cellClassName?: string;
  }
}

/** The table's state as the URL holds it, the selected rows, and the ways to change them. */
export interface DataTableState {
  state: TableState;
  options: TableStateOptions;
  /** Where the shown page starts, for the list request. */
  offset: number;
  setState(change: Partial<TableState>): void;
  /**
   * Sets some filters (an empty value removes one); the others stay. Typing replaces the history entry; `isStep`
   * makes the change one Back returns from (a screen whose filters are choices, not typing: the audit log).
   */
  setFilters(changes: Record<string, string | undefined>, options?: { isStep?: boolean }): void;
  selection: DataTableSelection;
}

/** The selected rows' ids (on any page of this view: paging keeps them, a new filter or sort starts with none). */
export interface DataTableSelection {
  ids: ReadonlySet<string>;
  set(ids: Iterable<string>): void;
  clear(): void;
  /** Drops rows that are gone (deleted) from the selection. */
  remove(ids: Iterable<string>): void;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** The table's state, read from and written to the URL. `options` must be a constant (it keys the memo). */
export function useDataTableState(options: TableStateOptions): DataTableState {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `query` is the identity of `params`
  const state = useMemo(() => readTableState(params, options), [query, options]);
  const setState = useCallback(
    (change: Partial<TableState>) =>
      setParams((current) => writeTableState(current, readTableState(current, options), change, options), {
        // Typing in a filter replaces the entry; a page or a sort is a step Back returns from.
        replace: change.filters !== undefined,
        preventScrollReset: true,
      }),
    [setParams, options],
  );
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>, { isStep = false }: { isStep?: boolean } = {}) =>
      setParams(
        (current) => {
          const currentState = readTableState(current, options);
          const filters = { ...currentState.filters };
          for (const [name, value] of Object.entries(changes)) {
            if (value?.trim()) filters[name] = value;
            else delete filters[name];
          }
          return writeTableState(current, currentState, { filters }, options);
        },
        { replace: !isStep, preventScrollReset: true },
      ),
    [setParams, options],
  );

  const selection = useSelection(state);
  return { state, options, offset: (state.page - 1) * state.pageSize, setState, setFilters, selection };
}

/**
 * The same state kept in memory, for a table that is not the page's list (search results shown under a form):
 * two of them cannot share the URL.
 */
export function useLocalTableState(options: TableStateOptions): DataTableState {
  const [state, setStateValue] = useState<TableState>(() => readTableState(new URLSearchParams(), options));
  const setState = useCallback(
    (change: Partial<TableState>) =>
      setStateValue((current) => readTableState(writeTableState(new URLSearchParams(), current, change, options), options)),
    [options],
  );
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>) =>
      setStateValue((current) => {
        const filters = { ...current.filters };
        for (const [name, value] of Object.entries(changes)) {
          if (value?.trim()) filters[name] = value;
          else delete filters[name];
        }
        return readTableState(writeTableState(new URLSearchParams(), current, { filters }, options), options);
      }),
    [options],
  );
  const selection = useSelection(state);
  return { state, options, offset: (state.page - 1) * state.pageSize, setState, setFilters, selection };
}

/** The selection belongs to one view (filters and sort): paging keeps it, a new filter or sort starts with none. */
function useSelection(state: TableState): DataTableSelection {
  const viewKey = JSON.stringify([state.filters, state.sort]);
  const [selected, setSelected] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: viewKey, ids: NO_IDS });
  const ids = selected.key === viewKey ? selected.ids : NO_IDS;
  return useMemo<DataTableSelection>(
    () => ({
      ids,
      set: (next) => setSelected({ key: viewKey, ids: new Set(next) }),
      clear: () => setSelected({ key: viewKey, ids: NO_IDS }),
      remove: (gone) => {
        const next = new Set(ids);
        for (const id of gone) next.delete(id);
        setSelected({ key: viewKey, ids: next });
      },
    }),
    [ids, viewKey],
  );
}

type ListQueryState = DataTableProps<unknown>['query'];
/** What a list's rows spread into DataTable: the shown rows, the count of every row, the query that answered them. */
interface ListRows<Row> {
  rows: Row[] | undefined;
  total: number | undefined;
  query: ListQueryState;
}

/**
 * `rows`, `total` and `query` for a list the API sends whole (banners, build GUIDs, the blog's panels): its shown
 * page, its length. `select` picks the list out of a larger answer.
 */
export function wholeListRows<Row>(query: ListQueryState & { data: readonly Row[] | undefined }, table: DataTableState): ListRows<Row>;
export function wholeListRows<Data, Row>(
  query: ListQueryState & { data: Data | undefined },
  table: DataTableState,
  select: (data: Data) => readonly Row[],
): ListRows<Row>;
export function wholeListRows<Row>(
  query: ListQueryState & { data: unknown },
  table: DataTableState,
  select: (data: unknown) => readonly Row[] = (data) => data as readonly Row[],
): ListRows<Row> {
  const data = query.data === undefined ? undefined : select(query.data);
  return { rows: rowsOfPage(data, table.state), total: data?.length, query };
}

/**
 * `rows`, `total` and `query` for a list the API sends a page of (`{ users, total }`): both counts come from the one
 * answer, so the pager never mixes two.
 */
export function pagedRows<Data extends { total: number }, Row>(
  query: ListQueryState & { data: Data | undefined },
  select: (data: Data) => Row[],
): ListRows<Row> {
  return { rows: query.data ? select(query.data) : undefined, total: query.data?.total, query };
}

export interface DataTableProps<Row> {
  /** Names the table, the card list and the scroll region ("Leads"). */
  label: string;
  table: DataTableState;
  /** Every column has an `id` (sorting and the Columns menu use it); keep the array constant or memoised. */
  columns: Array<ColumnDef<Row, unknown> & { id: string }>;
  rows: Row[] | undefined;
  total: number | undefined;
  getRowId(row: Row): string;
  /** The list query: pending shows skeletons, an error shows `errorTitle` with Retry, placeholder data holds the pager. */
  query: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; error: Error | null; refetch(): unknown };
  /** Read by screen readers while loading ("Loading leads..."). */
  loadingLabel: string;
  errorTitle: string;
  errorText?: string | undefined;
  /** What an empty list says (with a Clear filters button when filtered). */
  empty: ReactNode;
  /** The row as a card under 768 px (the checkbox is added beside it). */
  renderCard(row: Row): ReactNode;
  /**
   * Cards at every width, for a list the spec shows as cards (banners with their colour preview, blog ads); the
   * frame (loading, error, empty, selection, pager) stays the table's. `cardListClassName` lays them out.
   */
  isCardsOnly?: boolean;
  cardListClassName?: string | undefined;
  /** The bulk actions (they read `table.selection`): with them, rows get checkboxes and the bar shows while some are selected. */
  bulkActions?: ReactNode;
  /** The name of a row in "Select …" (its e-mail, its username). */
  rowLabel?(row: Row): string;
  /** The noun after "Select all" on the header checkbox ("users" → "Select all users on this page"). */
  rowsNoun?: string;
  /** Column ids hidden until the operator shows them in the Columns menu. */
  initiallyHidden?: readonly string[];
  /** A row's class, when the screen needs one. */
  rowClassName?(row: Row): string | undefined;
  /** Names rows for tests: `data-testid="{rowTestId}-row"` on table rows, `"{rowTestId}-card"` on cards. */
  rowTestId?: string;
}

const SKELETON_ROWS = 5;

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, table: tableState, columns, rows, total, getRowId, query, bulkActions, rowLabel, initiallyHidden } = props;
  const { state, setState } = tableState;
  const isSelectable = bulkActions !== undefined;
  const rowsNoun = props.rowsNoun ?? label.toLowerCase();

  const { selection } = tableState;
  const selectedIds = selection.ids;
  const rowSelection = useMemo(() => Object.fromEntries([...selectedIds].map((id) => [id, true])) as RowSelectionState, [selectedIds]);

  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries((initiallyHidden ?? []).map((id) => [id, false])),
  );
  const sorting: SortingState = state.sort ? [state.sort] : [];

  const selectColumn: ColumnDef<Row, unknown> = {
    id: 'select',
    enableHiding: false,
    enableSorting: false,
    meta: { headClassName: 'w-10' },
    header: ({ table }) => (
      <Checkbox
        aria-label={`Select all ${rowsNoun} on this page`}
        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
        onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${rowLabel?.(row.original) ?? row.id}`}
        checked={row.getIsSelected()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    ),
  };

  // Only columns the server can sort by offer sorting.
  const { sortable } = tableState.options;
  const tableColumns = useMemo(
    () =>
      columns.map((column) =>
        sortable.includes(column.id)
          ? // TanStack sorts only columns with an accessor; the server sorts, so any accessor will do.
            ({ accessorFn: () => null, ...column, enableSorting: true } as typeof column)
          : { ...column, enableSorting: false },
      ),
    [columns, sortable],
  );

  // After the last rows of the last page are gone (deleted, archived), show the page before it.
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / state.pageSize));
  const isPastTheEnd = rows !== undefined && rows.length === 0 && state.page > lastPage && !query.isPlaceholderData;
  useEffect(() => {
    if (isPastTheEnd) setState({ page: lastPage });
  }, [isPastTheEnd, lastPage, setState]);

  // The app does not use the React Compiler; the table object is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rows ?? [],
    columns: isSelectable ? [selectColumn, ...tableColumns] : tableColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total ?? 0,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      setState({ sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection.set(Object.keys(next).filter((id) => next[id]));
    },
    onColumnVisibilityChange: setColumnVisibility,
    enableRowSelection: isSelectable,
  });

  const selectedCount = selectedIds.size;
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide() && column.columnDef.meta?.label);

  const { isCardsOnly = false } = props;
  if (query.isPending) {
    return <LoadingRows label={props.loadingLabel} headers={table.getFlatHeaders().map((header) => header.column)} isCardsOnly={isCardsOnly} />;
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
        <p className="text-lg font-semibold">{props.errorTitle}</p>
        {props.errorText && <p className="max-w-md text-sm break-words text-muted-foreground">{props.errorText}</p>}
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!rows || rows.length === 0) return <>{props.empty}</>;

  const pageRows = table.getRowModel().rows;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Toolbar
        label={label}
        selectAll={
          isSelectable ? (
            <SelectAllOnPage
              checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
              onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
            />
          ) : null
        }
        bulkBar={
          isSelectable && selectedCount > 0 ? (
            <BulkBar count={selectedCount} onClear={selection.clear}>
              {bulkActions}
            </BulkBar>
          ) : null
        }
        columnsMenu={
          hideable.length > 0 ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="sm" className="hidden md:inline-flex">
                  <Columns3Icon aria-hidden="true" /> Columns
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>Show columns</DropdownMenuLabel>
                {hideable.map((column) => (
                  <DropdownMenuCheckboxItem
                    key={column.id}
                    checked={column.getIsVisible()}
                    onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
                    onSelect={(event) => event.preventDefault()}
                  >
                    {column.columnDef.meta?.label}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null
        }
      />

      {!isCardsOnly && (
      <div className="hidden md:block">
        <Table aria-label={label} scrollLabel={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      className={header.column.columnDef.meta?.headClassName}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="-ml-2 h-8 px-2"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUpIcon aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDownIcon aria-hidden="true" />
                          ) : (
                            <ArrowUpDownIcon aria-hidden="true" className="text-muted-foreground" />
                          )}
                        </Button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {pageRows.map((row) => (
              <TableRow
                key={row.id}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                data-row-key={row.id}
                data-testid={props.rowTestId && `${props.rowTestId}-row`}
                className={props.rowClassName?.(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className={cell.column.columnDef.meta?.cellClassName}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      )}

      <ul aria-label={label} className={cn('flex flex-col gap-3', !isCardsOnly && 'md:hidden', props.cardListClassName)}>
        {pageRows.map((row) => (
          <li
            key={row.id}
            className={cn('flex min-w-0 gap-3 rounded-lg border p-4 data-[selected=true]:bg-muted/50', props.rowClassName?.(row.original))}
            data-selected={row.getIsSelected() || undefined}
            data-row-key={row.id}
            data-testid={props.rowTestId && `${props.rowTestId}-card`}
          >
            {isSelectable && (
              <Checkbox
                aria-label={`Select ${rowLabel?.(row.original) ?? row.id}`}
                checked={row.getIsSelected()}
                onCheckedChange={(checked) => row.toggleSelected(checked === true)}
                className="mt-0.5"
              />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1">{props.renderCard(row.original)}</div>
          </li>
        ))}
      </ul>

      <Pager
        offset={tableState.offset}
        pageSize={state.pageSize}
        total={total ?? 0}
        isBusy={query.isPlaceholderData}
        onOffsetChange={(next) => setState({ page: Math.floor(next / state.pageSize) + 1 })}
      />
    </div>
  );
}

/** The row above the table: select-all on phones (cards have no header), the bulk bar, the Columns menu. */
function Toolbar({ label, selectAll, bulkBar, columnsMenu }: { label: string; selectAll: ReactNode; bulkBar: ReactNode; columnsMenu: ReactNode }) {
  if (!selectAll && !bulkBar && !columnsMenu) return null;
  // The Columns menu shows from 768 px only: alone, it would leave an empty row above the cards.
  const isColumnsMenuOnly = !selectAll && !bulkBar;
  return (
    <div
      className={cn('min-h-10 flex-wrap items-center gap-2', isColumnsMenuOnly ? 'hidden md:flex' : 'flex')}
      data-slot="data-table-toolbar"
      aria-label={`${label} tools`}
      role="group"
    >
      {selectAll}
      {bulkBar}
      {columnsMenu && <span className="ml-auto">{columnsMenu}</span>}
    </div>
  );
}

function SelectAllOnPage({ checked, onChange }: { checked: boolean | 'indeterminate'; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <span className="flex items-center gap-2 px-1 md:hidden">
      <Checkbox id={id} checked={checked} onCheckedChange={(next) => onChange(next === true)} />
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        Select all on this page
      </Label>
    </span>
  );
}

/** The one bulk-action bar: "N selected", the screen's actions, "Clear selection" — the same words on every screen. */
function BulkBar({ count, onClear, children }: { count: number; onClear(): void; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex w-full flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 md:w-auto md:flex-1"
    >
      <p aria-live="polite" className="mr-auto text-sm font-medium">
        {count.toLocaleString('en-US')} selected
      </p>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <XIcon aria-hidden="true" /> Clear selection
      </Button>
    </div>
  );
}

/** Skeletons in the table's own layout (its headers, bars in the cells) and in the cards' below 768 px. */
function LoadingRows<Row>({ label, headers, isCardsOnly }: { label: string; headers: Array<Column<Row, unknown>>; isCardsOnly: boolean }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      <div className={isCardsOnly ? 'hidden' : 'hidden md:block'} aria-hidden="true">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b">
              {headers.map((column) => (
                <th key={column.id} className={cn('h-10 px-2 text-left font-medium whitespace-nowrap', column.columnDef.meta?.headClassName)}>
                  {typeof column.columnDef.header === 'string' ? column.columnDef.header : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} className="border-b last:border-0">
                {headers.map((column) => (
                  <td key={column.id} className="p-2">
                    <Skeleton className={column.id === 'select' ? 'size-5' : 'h-5 w-full min-w-8'} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={cn('flex flex-col gap-3', !isCardsOnly && 'md:hidden')} aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-lg border p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The empty state of a list: a message, and Clear filters when filters hide every row. */
export function DataTableEmpty({ icon, title, children }: { icon?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      {icon}
      <div className="max-w-md text-muted-foreground">{title}</div>
      {children}
    </div>
  );
}
