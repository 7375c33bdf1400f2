import type { ColumnDef } from '@tanstack/react-table';
import type { Lead } from '../../../../shared/schemas/leads';
import { formatLeadDate, leadName, leadSource } from './format';
import { SubscriptionBadge, SyncBadge } from './sync-badge';

/**
 * Spec §2: Email, Name, Source, Date, ConvertKit (and Mail, issue 24) — the DataTable's columns from 768 px, a card
 * below it; the e-mail opens the detail drawer.
 */
export function leadColumns(onOpen: (lead: Lead) => void): Array<ColumnDef<Lead, unknown> & { id: string }> {
  return [
    { id: 'email', header: 'Email', meta: { cellClassName: 'max-w-72' }, cell: ({ row }) => <OpenButton lead={row.original} onOpen={onOpen} /> },
    { id: 'name', header: 'Name', meta: { label: 'Name' }, cell: ({ row }) => leadName(row.original) },
    { id: 'source', header: 'Source', meta: { label: 'Source', cellClassName: 'text-muted-foreground' }, cell: ({ row }) => leadSource(row.original) },
    {
      id: 'subscribedAt',
      header: 'Date',
      meta: { label: 'Date', cellClassName: 'text-muted-foreground' },
      cell: ({ row }) => <time dateTime={row.original.subscribedAt}>{formatLeadDate(row.original.subscribedAt)}</time>,
    },
    { id: 'convertkit', header: 'ConvertKit', meta: { label: 'ConvertKit' }, cell: ({ row }) => <SyncBadge lead={row.original} /> },
    { id: 'mail', header: 'Mail', meta: { label: 'Mail' }, cell: ({ row }) => <SubscriptionBadge lead={row.original} /> },
  ];
}

export function LeadCard({ lead, onOpen }: { lead: Lead; onOpen(lead: Lead): void }) {
  return (
    <>
      <OpenButton lead={lead} onOpen={onOpen} />
      <span className="text-sm">{leadName(lead)}</span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>{leadSource(lead)}</span>
        <time dateTime={lead.subscribedAt}>{formatLeadDate(lead.subscribedAt)}</time>
        <SyncBadge lead={lead} />
        <SubscriptionBadge lead={lead} />
      </div>
    </>
  );
}

/** The e-mail, whole where there is room, wrapped (never cut) where there is not. */
function OpenButton({ lead, onOpen }: { lead: Lead; onOpen(lead: Lead): void }) {
  return (
    <button
      type="button"
      className="max-w-full rounded-sm text-left font-medium wrap-anywhere whitespace-normal text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      title={`Show details of ${lead.email}`}
      onClick={() => onOpen(lead)}
    >
      {lead.email}
    </button>
  );
}
