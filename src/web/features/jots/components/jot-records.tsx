import type { ColumnDef } from '@tanstack/react-table';
import { ChevronRightIcon, InboxIcon } from 'lucide-react';
import { useState } from 'react';
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
 * A jot's text on one line, cut with "…" where its room ends, in a button that shows it whole (issue 37 §9): a
 * click or Enter unfolds it on as many lines as it needs, its line breaks kept, and folds it again. The button's
 * name is the whole text, so a screen reader hears it all either way.
 */
function JotText({ text }: { text: string }) {
  const [isExpanded, setIsExpanded] = useState(false);
  return (
    <button
      type="button"
      aria-expanded={isExpanded}
      onClick={() => setIsExpanded((expanded) => !expanded)}
      title={isExpanded ? undefined : text}
      className="flex w-full min-w-48 cursor-pointer items-start gap-1 rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ChevronRightIcon
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none', isExpanded && 'rotate-90')}
      />
      <span data-slot="jot-text" className={cn('min-w-0 flex-1', isExpanded ? 'whitespace-pre-wrap wrap-anywhere' : 'truncate')}>
        {text}
      </span>
    </button>
  );
}

/**
 * Spec §2 Jots Records: the decrypted text (admins only ever see this screen), the payload cut to 30 characters,
 * the client id to 50, location, app version, plugin and date — the DataTable's columns from 768 px, cards below.
 * Every cell keeps to one line, so 50 rows make a compact page (issue 37 §9): the jot's text takes the room the
 * other columns leave (`w-full max-w-0`: the column the table widens, never the one that widens the table) and
 * unfolds on demand; the payload and the client id are shortened further by CSS where the column is narrower than
 * the spec's cut (the whole value in the title).
 */
export const JOT_COLUMNS: Array<ColumnDef<JotRecord, unknown> & { id: string }> = [
  { id: 'id', header: 'ID', meta: { headClassName: 'w-14', cellClassName: 'align-top tabular-nums text-muted-foreground' }, cell: ({ row }) => row.original.id },
  {
    id: 'jotText',
    header: 'Jot',
    meta: { cellClassName: 'w-full max-w-0 align-top' },
    cell: ({ row }) => (
      <div className="flex items-start gap-2">
        {row.original.jotText ? <JotText text={row.original.jotText} /> : none}
        {row.original.protocolVersion !== 'v2' && (
          <Badge variant="outline" className="shrink-0">
            {row.original.protocolVersion}
          </Badge>
        )}
      </div>
    ),
  },
  {
    id: 'payload',
    header: 'Payload',
    meta: { label: 'Payload', cellClassName: 'align-top font-mono text-xs whitespace-nowrap' },
    cell: ({ row }) => <OneLine value={row.original.payload} max={JOT_PAYLOAD_PREVIEW_CHARS} className="max-w-20" />,
  },
  {
    id: 'clientId',
    header: 'Client ID',
    meta: { label: 'Client ID', cellClassName: 'align-top font-mono text-xs whitespace-nowrap' },
    cell: ({ row }) => (row.original.clientId ? <OneLine value={row.original.clientId} max={JOT_CLIENT_ID_PREVIEW_CHARS} className="max-w-24" /> : none),
  },
  {
    id: 'location',
    header: 'Location',
    meta: { label: 'Location', cellClassName: 'align-top whitespace-nowrap' },
    cell: ({ row }) => <OneLine value={location(row.original)} max={200} className="max-w-28" />,
  },
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
      {jot.jotText ? <JotText text={jot.jotText} /> : none}
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
