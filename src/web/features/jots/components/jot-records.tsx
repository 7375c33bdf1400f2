import type { ColumnDef } from '@tanstack/react-table';
import { InboxIcon } from 'lucide-react';
import { formatLocation } from '../../../../shared/format';
import { JOT_CLIENT_ID_PREVIEW_CHARS, JOT_PAYLOAD_PREVIEW_CHARS } from '../../../../shared/constants';
import type { JotRecord } from '../../../../shared/schemas/jots';
import { DataTable, DataTableEmpty, type DataTableProps, useLocalTableState } from '~/components/data-table';
import { Badge } from '~/components/ui/badge';
import type { TableStateOptions } from '~/lib/table-url-state';
import { cn } from '~/lib/utils';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Cuts `value` to `max` characters plus '...' (spec §9: payload 30, client id 50). */
export function cut(value: string | null, max: number): string {
  if (!value) return '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

const location = (jot: JotRecord) => formatLocation({ city: jot.senderCity, state: jot.senderState, country: jot.senderCountry });
const none = <span className="text-muted-foreground">—</span>;

/** A value cut to the spec's length, on one line, with an ellipsis where the column is narrower still. */
function OneLine({ value, max, className }: { value: string; max: number; className: string }) {
  return (
    <span title={value} className={cn('block truncate', className)}>
      {cut(value, max)}
    </span>
  );
}

/**
 * Spec §2 Jots Records: the decrypted text (admins only ever see this screen), the payload cut to 30 characters,
 * the client id to 50, location, app version, plugin and date — the DataTable's columns from 768 px, cards below.
 * Only the jot's text and the location wrap: the payload and the client id stay on one line, shortened further by
 * CSS where the column is narrower than the spec's cut (the whole value in the title), and the date never wraps,
 * so a row stays compact at 1280 px (issue 26).
 */
export const JOT_COLUMNS: Array<ColumnDef<JotRecord, unknown> & { id: string }> = [
  { id: 'id', header: 'ID', meta: { headClassName: 'w-14', cellClassName: 'align-top tabular-nums text-muted-foreground' }, cell: ({ row }) => row.original.id },
  {
    id: 'jotText',
    header: 'Jot',
    meta: { cellClassName: 'min-w-36 align-top whitespace-normal' },
    cell: ({ row }) => (
      <>
        <p className="line-clamp-3 wrap-anywhere" title={row.original.jotText ?? undefined}>
          {row.original.jotText ?? none}
        </p>
        {row.original.protocolVersion !== 'v2' && (
          <Badge variant="outline" className="mt-1">
            {row.original.protocolVersion}
          </Badge>
        )}
      </>
    ),
  },
  {
    id: 'payload',
    header: 'Payload',
    meta: { label: 'Payload', cellClassName: 'align-top font-mono text-xs whitespace-nowrap' },
    cell: ({ row }) => <OneLine value={row.original.payload} max={JOT_PAYLOAD_PREVIEW_CHARS} className="max-w-28" />,
  },
  {
    id: 'clientId',
    header: 'Client ID',
    meta: { label: 'Client ID', cellClassName: 'align-top font-mono text-xs whitespace-nowrap' },
    cell: ({ row }) => (row.original.clientId ? <OneLine value={row.original.clientId} max={JOT_CLIENT_ID_PREVIEW_CHARS} className="max-w-28" /> : none),
  },
  { id: 'location', header: 'Location', meta: { label: 'Location', cellClassName: 'min-w-28 align-top whitespace-normal' }, cell: ({ row }) => location(row.original) },
  { id: 'appVersion', header: 'App Version', meta: { label: 'App Version', cellClassName: 'align-top whitespace-nowrap' }, cell: ({ row }) => row.original.appVersion ?? none },
  { id: 'plugin', header: 'Plugin', meta: { label: 'Plugin', cellClassName: 'align-top whitespace-nowrap' }, cell: ({ row }) => row.original.plugin ?? none },
  {
    id: 'createdAt',
    header: 'Date',
    meta: { label: 'Date', cellClassName: 'align-top whitespace-nowrap text-muted-foreground' },
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{dateFormat.format(new Date(row.original.createdAt))}</time>,
  },
];

export function JotCard({ jot }: { jot: JotRecord }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
        <span>#{jot.id}</span>
        <time dateTime={jot.createdAt}>{dateFormat.format(new Date(jot.createdAt))}</time>
      </div>
      <p className="wrap-anywhere">{jot.jotText ?? none}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Location</dt>
        <dd>{location(jot)}</dd>
        <dt className="text-muted-foreground">Client ID</dt>
        <dd className="font-mono break-all">{jot.clientId ? cut(jot.clientId, JOT_CLIENT_ID_PREVIEW_CHARS) : '—'}</dd>
        <dt className="text-muted-foreground">App / plugin</dt>
        <dd>
          {jot.appVersion ?? '—'} · {jot.plugin ?? '—'}
        </dd>
        <dt className="text-muted-foreground">Payload</dt>
        <dd className="font-mono break-all">{cut(jot.payload, JOT_PAYLOAD_PREVIEW_CHARS)}</dd>
      </dl>
    </div>
  );
}

/** The DataTable props every jots table shares. */
export const jotTableProps = {
  columns: JOT_COLUMNS,
  getRowId: (jot: JotRecord) => String(jot.id),
  renderCard: (jot: JotRecord) => <JotCard jot={jot} />,
} satisfies Partial<DataTableProps<JotRecord>>;

const RESULTS_OPTIONS: TableStateOptions = { pageSizes: [500], defaultPageSize: 500, sortable: [], filters: [] };
const ANSWERED = { isPending: false, isError: false, error: null, refetch: () => undefined };

/** A search's matches: the same table, in memory (the page's list owns the URL). */
export function JotResults({ jots, label }: { jots: JotRecord[]; label: string }) {
  const table = useLocalTableState(RESULTS_OPTIONS);
  return (
    <DataTable
      label={label}
      table={table}
      {...jotTableProps}
      rows={jots}
      total={jots.length}
      query={ANSWERED}
      loadingLabel="Searching..."
      errorTitle="Search Error"
      empty={<DataTableEmpty icon={<InboxIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No matching jots." />}
    />
  );
}
