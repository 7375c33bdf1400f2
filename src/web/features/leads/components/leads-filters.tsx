import { XIcon } from 'lucide-react';
import { useId } from 'react';
import type { LeadFiltersInput, LeadSort } from '../../../../shared/schemas/leads';
import { useLeadSources } from '../api/get-leads';
import { DataTableSearch } from '~/components/data-table-search';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

const ALL = 'all';

export type LeadFilterValues = Pick<LeadFiltersInput, 'q' | 'source' | 'synced' | 'unsubscribed' | 'from' | 'to'> & { sort?: LeadSort };

/** Search (e-mail and name), source, sync status, date range and sort; each change is one `onChange`. */
export function LeadsFilters({ filters, onChange }: { filters: LeadFilterValues; onChange(changes: Partial<LeadFilterValues>): void }) {
  const id = useId();
  const sources = useLeadSources();
  const isFiltered = Boolean(filters.q || filters.source || filters.synced || filters.unsubscribed || filters.from || filters.to);
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 2xl:grid-cols-[minmax(10rem,1.5fr)_minmax(9rem,1fr)_minmax(7rem,1fr)_minmax(7rem,1fr)_9.5rem_9.5rem_9rem_auto]">
      <DataTableSearch
        label="Search"
        isLabelVisible
        value={filters.q}
        onSearch={(q) => onChange({ q })}
        placeholder="Email or name"
        className="col-span-2 sm:col-span-3 2xl:col-span-1"
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <Select value={filters.source ?? ALL} onValueChange={(value) => onChange({ source: value === ALL ? undefined : value })}>
          <SelectTrigger id={`${id}-source`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All sources</SelectItem>
            {(sources.data?.sources ?? []).map((source) => (
              <SelectItem key={source} value={source}>
                {source}
              </SelectItem>
            ))}
            {filters.source && !sources.data?.sources.includes(filters.source) && (
              <SelectItem value={filters.source}>{filters.source}</SelectItem>
            )}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-synced`}>ConvertKit</Label>
        <Select value={filters.synced ?? ALL} onValueChange={(value) => onChange({ synced: value === 'true' || value === 'false' ? value : undefined })}>
          <SelectTrigger id={`${id}-synced`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            <SelectItem value="true">Synced</SelectItem>
            <SelectItem value="false">Not synced</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-unsubscribed`}>Mail</Label>
        <Select
          value={filters.unsubscribed ?? ALL}
          onValueChange={(value) => onChange({ unsubscribed: value === 'true' || value === 'false' ? value : undefined })}
        >
          <SelectTrigger id={`${id}-unsubscribed`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            <SelectItem value="false">Subscribed</SelectItem>
            <SelectItem value="true">Unsubscribed</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => onChange({ from: event.target.value || undefined })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => onChange({ to: event.target.value || undefined })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort</Label>
        <Select value={filters.sort ?? 'desc'} onValueChange={(value) => onChange({ sort: value === 'asc' ? 'asc' : undefined })}>
          <SelectTrigger id={`${id}-sort`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="desc">Newest first</SelectItem>
            <SelectItem value="asc">Oldest first</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <Button
        variant="ghost"
        className="justify-self-start"
        disabled={!isFiltered}
        onClick={() => onChange({ q: undefined, source: undefined, synced: undefined, unsubscribed: undefined, from: undefined, to: undefined })}
      >
        <XIcon aria-hidden="true" /> Clear
      </Button>
    </div>
  );
}
