import { useId } from 'react';
import type { Lead } from '../../../../shared/schemas/leads';
import { formatLeadDate, leadName, leadSource } from './format';
import { SubscriptionBadge, SyncBadge } from './sync-badge';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

export interface LeadSelection {
  selected: ReadonlySet<number>;
  onToggle(id: number, checked: boolean): void;
  onToggleAll(checked: boolean): void;
}

/**
 * Spec §2: Email, Name, Source, Date, ConvertKit — a table from 768 px, cards below it; a checkbox per row for the
 * bulk actions, and the e-mail opens the detail drawer.
 */
export function LeadsList({ leads, selection, onOpen }: { leads: Lead[]; selection: LeadSelection; onOpen(lead: Lead): void }) {
  const selectAllId = useId();
  const selectedHere = leads.filter((lead) => selection.selected.has(lead.id)).length;
  const allState = selectedHere === 0 ? false : selectedHere === leads.length ? true : 'indeterminate';
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Leads">
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Select all leads on this page"
                  checked={allState}
                  onCheckedChange={(checked) => selection.onToggleAll(checked === true)}
                />
              </TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>ConvertKit</TableHead>
              <TableHead>Mail</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {leads.map((lead) => (
              <TableRow key={lead.id} data-state={selection.selected.has(lead.id) ? 'selected' : undefined}>
                <TableCell>
                  <RowCheckbox lead={lead} selection={selection} />
                </TableCell>
                <TableCell className="max-w-72">
                  <OpenButton lead={lead} onOpen={onOpen} />
                </TableCell>
                <TableCell>{leadName(lead)}</TableCell>
                <TableCell className="text-muted-foreground">{leadSource(lead)}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={lead.subscribedAt}>{formatLeadDate(lead.subscribedAt)}</time>
                </TableCell>
                <TableCell>
                  <SyncBadge lead={lead} />
                </TableCell>
                <TableCell>
                  <SubscriptionBadge lead={lead} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="flex flex-col gap-3 md:hidden">
        <div className="flex items-center gap-3 px-1">
          <Checkbox id={selectAllId} checked={allState} onCheckedChange={(checked) => selection.onToggleAll(checked === true)} />
          <Label htmlFor={selectAllId} className="font-normal text-muted-foreground">
            Select all on this page
          </Label>
        </div>
        <ul aria-label="Leads" className="flex flex-col gap-3">
          {leads.map((lead) => (
            <li key={lead.id} className="flex gap-3 rounded-lg border p-4 data-[selected=true]:bg-muted/50" data-selected={selection.selected.has(lead.id)}>
              <RowCheckbox lead={lead} selection={selection} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <OpenButton lead={lead} onOpen={onOpen} />
                <span className="text-sm">{leadName(lead)}</span>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span>{leadSource(lead)}</span>
                  <time dateTime={lead.subscribedAt}>{formatLeadDate(lead.subscribedAt)}</time>
                  <SyncBadge lead={lead} />
                  <SubscriptionBadge lead={lead} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function RowCheckbox({ lead, selection }: { lead: Lead; selection: LeadSelection }) {
  return (
    <Checkbox
      aria-label={`Select ${lead.email}`}
      checked={selection.selected.has(lead.id)}
      onCheckedChange={(checked) => selection.onToggle(lead.id, checked === true)}
    />
  );
}

function OpenButton({ lead, onOpen }: { lead: Lead; onOpen(lead: Lead): void }) {
  return (
    <button
      type="button"
      className="max-w-full truncate rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      title={`Show details of ${lead.email}`}
      onClick={() => onOpen(lead)}
    >
      {lead.email}
    </button>
  );
}
