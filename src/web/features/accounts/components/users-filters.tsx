import { useId } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../../shared/permissions';
import { USER_STATUS_FILTERS, type UserStatusFilter } from '../../../../shared/schemas/accounts';
import { DataTableSearch } from '~/components/data-table-search';
import { type ActiveFilter, FilterBar } from '~/components/filter-panel';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';

const ALL = 'all';
const STATUS_LABELS: Record<UserStatusFilter, string> = { pending: 'Pending', approved: 'Approved' };

export interface UsersFilterValues {
  q?: string;
  status?: UserStatusFilter;
  role?: Role;
}

/**
 * The users list's filters (issue 37 §7, decision 0061): the search in view; status and role behind Filter, shown as
 * chips. The values live in the URL (`?q=ada&status=pending&role=support`).
 */
export function UsersFilters({ filters, onChange }: { filters: UsersFilterValues; onChange(change: UsersFilterValues): void }) {
  const id = useId();
  const chips: ActiveFilter[] = [];
  if (filters.status)
    chips.push({ key: 'status', label: `Status: ${STATUS_LABELS[filters.status]}`, remove: () => onChange({ status: undefined }) });
  if (filters.role) chips.push({ key: 'role', label: `Role: ${ROLE_LABELS[filters.role]}`, remove: () => onChange({ role: undefined }) });
  return (
    <FilterBar
      search={
        <DataTableSearch
          label="Search users"
          value={filters.q}
          onSearch={(q) => onChange({ q })}
          placeholder="Search email or username"
        />
      }
      filters={chips}
      isFiltered={Boolean(filters.q || filters.status || filters.role)}
      onClear={() => onChange({ q: undefined, status: undefined, role: undefined })}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select value={filters.status ?? ALL} onValueChange={(value) => onChange({ status: value === ALL ? undefined : (value as UserStatusFilter) })}>
          <SelectTrigger id={`${id}-status`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All users</SelectItem>
            {USER_STATUS_FILTERS.map((status) => (
              <SelectItem key={status} value={status}>
                {STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <Select value={filters.role ?? ALL} onValueChange={(value) => onChange({ role: value === ALL ? undefined : (value as Role) })}>
          <SelectTrigger id={`${id}-role`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All roles</SelectItem>
            {ROLES.map((role) => (
              <SelectItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </FilterBar>
  );
}
