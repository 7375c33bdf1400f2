/**
 * The frame of an admin content list (issue 26 §2), as Leads and Users have it: a card whose header holds the
 * list's name with its count and the filters, a search box and one status select both written into the URL through
 * the table's state (`?q=launch&active=false`), so a reload or a shared link shows the same view; and the empty
 * state of a filtered list, with "Clear filters".
 */
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { type DataTableState, DataTableEmpty } from '~/components/data-table';
import { DataTableSearch } from '~/components/data-table-search';
import { ListFilter } from '~/components/list-states';

const ALL = 'all';

export interface StatusFilter<Value extends string> {
  /** The URL parameter ('published', 'active'). */
  name: string;
  /** The select's accessible name ('Published filter'). */
  label: string;
  /** What "no filter" reads ('All pages'). */
  allLabel: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
}

/** The filter's value from the URL, or undefined when the URL has none or one the list does not know. */
export function statusFilterValue<Value extends string>(table: DataTableState, filter: StatusFilter<Value>): Value | undefined {
  const value = table.state.filters[filter.name];
  return filter.options.find((option) => option.value === value)?.value;
}

export const isTableFiltered = (table: DataTableState) => Object.keys(table.state.filters).length > 0;

export function DataTableFilters<Value extends string>({
  table,
  searchLabel,
  searchPlaceholder,
  status,
}: {
  table: DataTableState;
  searchLabel: string;
  searchPlaceholder: string;
  status: StatusFilter<Value>;
}) {
  const options = [{ value: ALL, label: status.allLabel }, ...status.options];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <DataTableSearch
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={table.state.filters.q}
        onSearch={(q) => table.setFilters({ q })}
        className="flex-1"
      />
      <ListFilter
        label={status.label}
        value={statusFilterValue(table, status) ?? ALL}
        options={options}
        onChange={(value) => table.setFilters({ [status.name]: value === ALL ? undefined : value })}
      />
    </div>
  );
}

/** "Nothing matches" with a button that clears every filter of the table. */
export function DataTableFilteredEmpty({ table, title }: { table: DataTableState; title: string }) {
  return (
    <DataTableEmpty title={title}>
      <Button
        variant="outline"
        onClick={() => table.setFilters(Object.fromEntries(table.options.filters.map((name) => [name, undefined])))}
      >
        Clear filters
      </Button>
    </DataTableEmpty>
  );
}

/** The card around a list: "Pages (12)", an optional line under it, the filters, then the table. */
export function DataTableSection({
  title,
  total,
  description,
  filters,
  children,
}: {
  title: string;
  /** The count beside the title, once known. */
  total: number | undefined;
  description?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-1.5">
          <h2 className="text-lg font-semibold">
            {title}
            {total !== undefined ? ` (${total.toLocaleString('en-US')})` : ''}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {filters}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
