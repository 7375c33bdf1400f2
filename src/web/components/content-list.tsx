/**
 * The admin's content lists (pages, FAQs, campaigns, affiliate products; issue 26 §2) on the DataTable, one shape
 * for all: a card with the list's name and count, a search box and one status select written into the URL
 * (`?q=launch&active=false`, so a reload or a shared link shows the same view), the table (cards under 768 px) with
 * its loading, error and empty states ("Clear filters" when filtered), and the row's status switch that asks first.
 *
 *   const CAMPAIGNS = contentListSetup('active', 'All campaigns', 20);   // a constant of the screen
 *   const list = useContentList(CAMPAIGNS, useCampaigns);   // { status, table, query, list }
 *   <ContentList {...list} title="Campaigns" noun="campaigns" columns={COLUMNS}
 *     empty={{ icon: RocketIcon, title: 'No campaigns yet.' }} renderCard={(c) => <ContentCard … />} … />
 *
 * Columns come from nameColumn / figureColumn / statusColumn / actionsColumn and are memoised by the screen: the
 * table renders each cell as a component, so new columns would remount every cell and lose the keyboard's focus.
 */
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmedSwitch } from '~/components/confirmed-switch';
import {
  DataTable,
  DataTableEmpty,
  type DataTableProps,
  type DataTableState,
  useDataTableState,
} from '~/components/data-table';
import { DataTableSearch } from '~/components/data-table-search';
import { ListFilter } from '~/components/list-states';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ListCard } from '~/components/list-card';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

const ALL = 'all';

/** The words of a row's status, published (pages, FAQs) or active (campaigns, products). */
const STATUS_WORDS = {
  published: {
    label: 'Published',
    on: 'Publish',
    onPending: 'Publishing...',
    off: 'Unpublish',
    offPending: 'Unpublishing...',
    isOn: 'Published',
    isOff: 'Draft',
    filterOff: 'Drafts',
  },
  active: {
    label: 'Active',
    on: 'Activate',
    onPending: 'Activating...',
    off: 'Deactivate',
    offPending: 'Deactivating...',
    isOn: 'Active',
    isOff: 'Inactive',
    filterOff: 'Inactive',
  },
} as const;
type StatusKind = keyof typeof STATUS_WORDS;

/** The one status filter of a list: its URL parameter, the select's name and its choices. */
export interface StatusFilter {
  /** The URL parameter, as the list API reads it ('published', 'active'). */
  name: StatusKind;
  /** The select's accessible name ('Published filter'). */
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** Pages and FAQs have isPublished (All / Published / Drafts), campaigns and products isActive (All / Active / Inactive). */
export function statusFilter(kind: StatusKind, allLabel: string): StatusFilter {
  const words = STATUS_WORDS[kind];
  return {
    name: kind,
    label: `${words.label} filter`,
    options: [
      { value: ALL, label: allLabel },
      { value: 'true', label: words.isOn },
      { value: 'false', label: words.filterOff },
    ],
  };
}

/** The table's state in the URL: `q`, the status filter and the page (the APIs do not sort). */
export const contentTableOptions = (status: StatusFilter, pageSize: number): TableStateOptions => ({
  pageSizes: [pageSize],
  defaultPageSize: pageSize,
  sortable: [],
  filters: ['q', status.name],
});

/** The status filter as the API takes it: 'true', 'false' or none (a value the API would refuse is left out). */
export function statusFilterValue(table: DataTableState, status: StatusFilter): 'true' | 'false' | undefined {
  const value = table.state.filters[status.name];
  return value === 'true' || value === 'false' ? value : undefined;
}

/** What a list API reads: the search, the status filter, the page. */
export type ContentListQuery = { q?: string | undefined; offset: number; limit: number } & {
  [kind in StatusKind]?: 'true' | 'false' | undefined;
};

/** A list's status filter and its state in the URL, made once per screen (a constant). */
export interface ContentListSetup {
  status: StatusFilter;
  options: TableStateOptions;
}

export function contentListSetup(kind: StatusKind, allLabel: string, pageSize: number): ContentListSetup {
  const status = statusFilter(kind, allLabel);
  return { status, options: contentTableOptions(status, pageSize) };
}

/** What a list's hook answers: a page of rows and the count of every row the filters keep. */
type ListQuery<Row> = DataTableProps<Row>['query'] & { data: { items: Row[]; total: number } | undefined };

/**
 * The list's state from the URL and its rows from the screen's query hook (`useRows`, a constant such as
 * useCampaigns): what ContentList takes as `{...list}`.
 */
export function useContentList<Row, Query extends ListQuery<Row>>(
  setup: ContentListSetup,
  useRows: (query: ContentListQuery) => Query,
): { status: StatusFilter; table: DataTableState; query: Query; list: Query['data'] } {
  const { table, query } = useContentListState(setup.status, setup.options);
  const rows = useRows(query);
  return { status: setup.status, table, query: rows, list: rows.data };
}

/** The list's state from the URL (`options` from contentTableOptions, a constant), and the query its API takes. */
export function useContentListState(
  status: StatusFilter,
  options: TableStateOptions,
): { table: DataTableState; query: ContentListQuery } {
  const table = useDataTableState(options);
  const query = {
    q: table.state.filters.q,
    [status.name]: statusFilterValue(table, status),
    offset: table.offset,
    limit: table.state.pageSize,
  };
  return { table, query };
}

type ListTableProps<Row> = Pick<DataTableProps<Row>, 'table' | 'columns' | 'query' | 'renderCard' | 'rowTestId'>;

export function ContentList<Row extends { id: number }>({
  title,
  noun,
  description,
  search,
  status,
  empty,
  list,
  ...tableProps
}: ListTableProps<Row> & {
  /** The shown page of rows and the count of every row the filters keep. */
  list: { items: Row[]; total: number } | undefined;
  /** The card's heading and the table's name ('Pages'). */
  title: string;
  /** The rows in words ('pages'): "Loading pages...", "Error loading pages", "No pages match these filters.". */
  noun: string;
  description?: ReactNode;
  /** The search box's name and placeholder. */
  search: { label: string; placeholder: string };
  status: StatusFilter;
  /** What the list says when it has no rows at all: its icon, its sentence, and what may follow (a hint, a button). */
  empty: { icon: LucideIcon; title: string; children?: ReactNode };
}) {
  const { table, query } = tableProps;
  const statusValue = statusFilterValue(table, status);
  const clearFilters = () => table.setFilters({ q: undefined, [status.name]: undefined });
  return (
    <ListCard
      title={title}
      count={list?.total}
      description={description}
      filters={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <DataTableSearch
            label={search.label}
            placeholder={search.placeholder}
            value={table.state.filters.q}
            onSearch={(q) => table.setFilters({ q })}
            className="flex-1"
          />
          <ListFilter
            label={status.label}
            value={statusValue ?? ALL}
            options={status.options}
            onChange={(value) => table.setFilters({ [status.name]: value === ALL ? undefined : value })}
          />
        </div>
      }
    >
      <DataTable
        {...tableProps}
        rows={list?.items}
        total={list?.total}
        getRowId={(row) => String(row.id)}
        label={title}
        loadingLabel={`Loading ${noun}...`}
        errorTitle={`Error loading ${noun}`}
        errorText={serverMessageOr(query.error, 'Please check your connection and try again.')}
        empty={
          table.state.filters.q || statusValue ? (
            <DataTableEmpty title={`No ${noun} match these filters.`}>
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            </DataTableEmpty>
          ) : (
            <DataTableEmpty
              icon={<empty.icon aria-hidden="true" className="size-10 text-muted-foreground" />}
              title={empty.title}
            >
              {empty.children}
            </DataTableEmpty>
          )
        }
      />
    </ListCard>
  );
}

export interface StatusSwitchProps {
  kind: StatusKind;
  /** The row's name ('About us'): the switch is "Published: About us", the question "Unpublish “About us”?". */
  name: string;
  isOn: boolean;
  /** What turning it on, then off, does ('It is served at /p/about.', '/p/about will answer 404.'). */
  effects: readonly [string, string];
  /** The change; it throws when refused. */
  change(isOn: boolean): Promise<unknown>;
  /** The success toast's title for on and off, its line under it, and the failure toast's title. */
  toasts: { done(isOn: boolean): string; description?: string; failed: string };
}

type ListColumn<Row> = ColumnDef<Row, unknown> & { id: string };

/** The row's name: the first column, wrapped (never cut) where it is long. */
export function nameColumn<Row>(id: string, header: string, render: (row: Row) => ReactNode): ListColumn<Row> {
  return {
    id,
    header,
    meta: { cellClassName: 'max-w-72 font-medium whitespace-normal wrap-anywhere' },
    cell: ({ row }) => render(row.original),
  };
}

/** A figure, right-aligned ('Leads (30 d)'). */
export function figureColumn<Row>(id: string, header: string, render: (row: Row) => ReactNode): ListColumn<Row> {
  return {
    id,
    header: () => <span className="block text-right">{header}</span>,
    meta: { label: header, cellClassName: 'text-right tabular-nums' },
    cell: ({ row }) => render(row.original),
  };
}

/** The status switch's column ('Published', 'Active'). */
export function statusColumn<Row>(kind: StatusKind, render: (row: Row) => ReactNode): ListColumn<Row> {
  const header = STATUS_WORDS[kind].label;
  return { id: kind, header, meta: { label: header, headClassName: 'w-28' }, cell: ({ row }) => render(row.original) };
}

/** The row actions, last and right-aligned, as in every admin table. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): ListColumn<Row> {
  return {
    id: 'actions',
    header: () => <span className="block text-right">Actions</span>,
    enableHiding: false,
    meta: { cellClassName: 'text-right' },
    cell: ({ row }) => render(row.original),
  };
}

/**
 * A row's published or active switch: it asks first (issue 26 §2: publishing is a change that asks), then toasts.
 * A list renders it from a small component of its own that holds the mutation, so the table's columns stay constant
 * (new columns would remount every cell, and focus would be lost).
 */
export function StatusSwitch({ kind, name, isOn, effects, change, toasts }: StatusSwitchProps) {
  const words = STATUS_WORDS[kind];
  return (
    <ConfirmedSwitch
      label={`${words.label}: ${name}`}
      checked={isOn}
      confirmation={(turnOn) => ({
        title: `${turnOn ? words.on : words.off} “${name}”?`,
        description: turnOn ? effects[0] : effects[1],
        confirmLabel: turnOn ? words.on : words.off,
        pendingLabel: turnOn ? words.onPending : words.offPending,
        // Taking something off the public site gets the red button.
        isDestructive: !turnOn,
      })}
      onConfirm={async (turnOn) => {
        try {
          await change(turnOn);
          toast.success(toasts.done(turnOn), toasts.description ? { description: toasts.description } : undefined);
        } catch (error) {
          toast.error(toasts.failed, { description: serverMessageOr(error, 'Please try again.') });
        }
      }}
    />
  );
}

/**
 * A row's card under 768 px: its name, the line under it, its figures and what else it shows, then the status and
 * actions at its foot.
 */
export function ContentCard({
  title,
  subtitle,
  figures,
  children,
  ...footer
}: ContentCardFooterProps & {
  title: string;
  subtitle?: string;
  figures?: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="font-semibold wrap-anywhere">{title}</p>
      {subtitle && <span className="text-xs wrap-anywhere text-muted-foreground">{subtitle}</span>}
      {figures && <ContentCardFigures figures={figures} />}
      {children}
      <ContentCardFooter {...footer} />
    </>
  );
}

interface ContentCardFooterProps {
  kind: StatusKind;
  isOn: boolean;
  statusSwitch: ReactNode;
  actions: ReactNode;
}

/** The foot of a row's card under 768 px: the status switch with its word, and the row's actions at the right. */
function ContentCardFooter({ kind, isOn, statusSwitch, actions }: ContentCardFooterProps) {
  const words = STATUS_WORDS[kind];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="flex items-center gap-2">
        {statusSwitch}
        <Badge variant={isOn ? 'success' : 'secondary'}>{isOn ? words.isOn : words.isOff}</Badge>
      </span>
      <span className="ml-auto">{actions}</span>
    </div>
  );
}

/** A card's figures under 768 px, side by side: "Unique visitors 12", "Leads 3", "Conversion 25.0%". */
function ContentCardFigures({ figures }: { figures: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
