import type { ColumnDef } from '@tanstack/react-table';
import { HistoryIcon, PanelRightOpenIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AuditLogEntry } from '../../../../shared/schemas/audit';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_TABLE_OPTIONS, type AuditFilters as Filters, auditQueryOf, validAuditFilters } from '../audit-url-state';
import { actionSentence } from '../action-sentence';
import { entityHref } from '../entity-href';
import { actorText, entityText } from '../entry-names';
import { AuditEntrySheet } from './audit-entry-sheet';
import { AuditFilters } from './audit-filters';
import { DataTable, DataTableEmpty, pagedRows, useDataTableState } from '~/components/data-table';
import { loadErrorText } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { ListCard } from '~/components/list-card';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => dateFormat.format(new Date(iso));

function auditColumns(onOpen: (entry: AuditLogEntry) => void): Array<ColumnDef<AuditLogEntry, unknown> & { id: string }> {
  return [
    {
      id: 'time',
      header: 'Time',
      meta: { cellClassName: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatTime(row.original.createdAt)}</time>,
    },
    { id: 'actor', header: 'Actor', meta: { cellClassName: 'max-w-56 truncate' }, cell: ({ row }) => <Actor entry={row.original} /> },
    { id: 'action', header: 'Action', meta: { cellClassName: 'max-w-md whitespace-normal' }, cell: ({ row }) => <Action entry={row.original} /> },
    { id: 'entity', header: 'Entity', meta: { cellClassName: 'max-w-64 whitespace-normal' }, cell: ({ row }) => <Entity entry={row.original} /> },
    {
      id: 'ip',
      header: 'IP',
      meta: { label: 'IP', cellClassName: 'font-mono text-xs text-muted-foreground' },
      cell: ({ row }) => row.original.ipAddress ?? '—',
    },
    {
      id: 'details',
      enableHiding: false,
      header: () => <span className="sr-only">Details</span>,
      meta: { cellClassName: 'text-right' },
      cell: ({ row }) => <DetailsButton entry={row.original} onOpen={onOpen} />,
    },
  ];
}

/** Issue 10 §5, issue 26 §3: the audit log, newest first, on the kit's DataTable; filters and page in the URL; an entry opens in a drawer. */
export function AuditScreen() {
  const table = useDataTableState(AUDIT_TABLE_OPTIONS);
  const filters = validAuditFilters(table.state.filters);
  const auditQuery = useAuditLog(auditQueryOf({ page: table.state.page, filters }));
  const [openEntry, setOpenEntry] = useState<AuditLogEntry | null>(null);
  const columns = useMemo(() => auditColumns(setOpenEntry), []);
  const isFiltered = Object.values(filters).some(Boolean);

  // A filter here is a choice, not typing (the text fields wait for a pause): each one is a step Back returns from.
  const { setFilters } = table;
  const changeFilters = useCallback((change: Filters) => setFilters(change, { isStep: true }), [setFilters]);

  return (
    <ListCard
      title="Entries"
      count={auditQuery.data?.total}
      filters={<AuditFilters filters={filters} onChange={changeFilters} />}
    >
      <DataTable<AuditLogEntry>
        label="Audit log entries"
        table={table}
        columns={columns}
        {...pagedRows(auditQuery, (data) => data.entries)}
        getRowId={(entry) => String(entry.id)}
        loadingLabel="Loading the audit log..."
        errorTitle={loadErrorText('the audit log', auditQuery.error)}
        rowTestId="audit"
        renderCard={(entry) => <AuditCard entry={entry} onOpen={setOpenEntry} />}
        empty={
          isFiltered ? (
            // "Clear filters" is in the filter bar above.
            <DataTableEmpty icon={<HistoryIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No entries match these filters." />
          ) : (
            <DataTableEmpty icon={<HistoryIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No admin actions recorded yet">
              <p className="text-sm text-muted-foreground">Every change an admin makes will be listed here.</p>
            </DataTableEmpty>
          )
        }
      />
      <AuditEntrySheet entry={openEntry} onOpenChange={(open) => !open && setOpenEntry(null)} />
    </ListCard>
  );
}

/** An entry as a card under 768 px: what happened and when, who, on what, from where. */
function AuditCard({ entry, onOpen }: { entry: AuditLogEntry; onOpen(entry: AuditLogEntry): void }) {
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <span className="flex flex-wrap items-start justify-between gap-2">
        <Action entry={entry} />
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {formatTime(entry.createdAt)}
        </time>
      </span>
      <span className="break-words">
        <Actor entry={entry} />
      </span>
      <span className="break-words">
        <Entity entry={entry} />
      </span>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</span>
        <DetailsButton entry={entry} onOpen={onOpen} />
      </span>
    </div>
  );
}

function DetailsButton({ entry, onOpen }: { entry: AuditLogEntry; onOpen(entry: AuditLogEntry): void }) {
  return (
    <Button variant="ghost" size="sm" onClick={() => onOpen(entry)} aria-label={`Details: ${actionSentence(entry)}`}>
      <PanelRightOpenIcon aria-hidden="true" /> Details
    </Button>
  );
}

/** What happened, in words (issue 37 §10), names cut with "…"; the drawer has it whole. */
function Action({ entry }: { entry: AuditLogEntry }) {
  return <span className="font-medium wrap-anywhere">{actionSentence(entry)}</span>;
}

function Actor({ entry }: { entry: AuditLogEntry }) {
  return <span className={entry.actorEmail ? undefined : 'text-muted-foreground'}>{actorText(entry)}</span>;
}

function Entity({ entry }: { entry: AuditLogEntry }) {
  const text = entityText(entry);
  const href = entityHref(entry);
  return href ? (
    <Link to={href} className="break-words text-primary underline-offset-4 hover:underline focus-visible:underline">
      {text}
    </Link>
  ) : (
    <span className="break-words text-muted-foreground">
      {text}
      {entry.entityDeleted && ' (deleted)'}
    </span>
  );
}
