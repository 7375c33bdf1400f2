import { useId } from 'react';
import type { LeadFiltersInput, LeadSort } from '../../../../shared/schemas/leads';
import { useLeadSources } from '../api/get-leads';
import { DataTableSearch } from '~/components/data-table-search';
import { type ActiveFilter, DateRangeFields, dateRangeChips, FilterBar } from '~/components/filter-panel';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

const ALL = 'all';

export type LeadFilterValues = Pick<LeadFiltersInput, 'q' | 'source' | 'synced' | 'unsubscribed' | 'from' | 'to'> & {
  sort?: LeadSort;
};

const SYNCED_LABELS = { true: 'Synced', false: 'Not synced' } as const;
const MAIL_LABELS = { false: 'Subscribed', true: 'Unsubscribed' } as const;
const CLEARED = {
  q: undefined,
  source: undefined,
  synced: undefined,
  unsubscribed: undefined,
  from: undefined,
  to: undefined,
};

/** The chips of what is set besides the search (decision 0061): each removes its own filter. */
function activeFilters(
  filters: LeadFilterValues,
  onChange: (changes: Partial<LeadFilterValues>) => void,
): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (filters.source)
    chips.push({ key: 'source', label: `Source: ${filters.source}`, remove: () => onChange({ source: undefined }) });
  if (filters.synced)
    chips.push({
      key: 'synced',
      label: `ConvertKit: ${SYNCED_LABELS[filters.synced]}`,
      remove: () => onChange({ synced: undefined }),
    });
  if (filters.unsubscribed)
    chips.push({
      key: 'unsubscribed',
      label: `Mail: ${MAIL_LABELS[filters.unsubscribed]}`,
      remove: () => onChange({ unsubscribed: undefined }),
    });
  chips.push(...dateRangeChips(filters, onChange));
  if (filters.sort === 'asc')
    chips.push({ key: 'sort', label: 'Oldest first', remove: () => onChange({ sort: undefined }) });
  return chips;
}

/**
 * Search (e-mail and name) in view; source, sync status, mail, date range and sort in the Filter panel, shown as
 * chips when set; each change is one `onChange`.
 */
export function LeadsFilters({
  filters,
  onChange,
}: {
  filters: LeadFilterValues;
  onChange(changes: Partial<LeadFilterValues>): void;
}) {
  const id = useId();
  const sources = useLeadSources();
  return (
    <FilterBar
      search={
        <DataTableSearch
          label="Search"
          value={filters.q}
          onSearch={(q) => onChange({ q })}
          placeholder="Email or name"
        />
      }
      filters={activeFilters(filters, onChange)}
      onClear={() => onChange({ ...CLEARED, q: filters.q, sort: undefined })}
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2 flex flex-col gap-1.5">
          <Label htmlFor={`${id}-source`}>Source</Label>
          <Select
            value={filters.source ?? ALL}
            onValueChange={(value) => onChange({ source: value === ALL ? undefined : value })}
          >
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
          <Select
            value={filters.synced ?? ALL}
            onValueChange={(value) => onChange({ synced: value === 'true' || value === 'false' ? value : undefined })}
          >
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
            onValueChange={(value) =>
              onChange({ unsubscribed: value === 'true' || value === 'false' ? value : undefined })
            }
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
        <DateRangeFields id={id} range={filters} onChange={onChange} fieldClassName="col-span-2 sm:col-span-1" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-sort`}>Sort</Label>
          <Select
            value={filters.sort ?? 'desc'}
            onValueChange={(value) => onChange({ sort: value === 'asc' ? 'asc' : undefined })}
          >
            <SelectTrigger id={`${id}-sort`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="desc">Newest first</SelectItem>
              <SelectItem value="asc">Oldest first</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
    </FilterBar>
  );
}
