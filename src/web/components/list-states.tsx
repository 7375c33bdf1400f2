/**
 * The states every admin list shows around its rows: a search box, skeletons while loading, an error with Retry,
 * and an empty state. One place, so the collection screens look and read the same.
 */
import { AlertTriangleIcon, type LucideIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { cn } from '~/lib/utils';

export function ListSearch({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative flex-1">
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" aria-label={label} placeholder={placeholder} className="pl-9" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A list's filter beside its search: the kit's Select, named by `label` ('Published filter'). */
export function ListFilter<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Value)}>
      <SelectTrigger aria-label={label} className="w-full sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The loading state of a list shown as a table from 768 px and as cards below: the table's own headings over
 * skeleton rows, or skeleton cards, so nothing jumps when the rows arrive. `label` is read by screen readers.
 */
export function ListLoadingTable({ label, columns, rows = 3 }: { label: string; columns: readonly string[]; rows?: number }) {
  const rowIndexes = Array.from({ length: rows }, (_, index) => index);
  return (
    <div role="status" data-testid="list-loading">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rowIndexes.map((row) => (
              <TableRow key={row}>
                {columns.map((column, index) => (
                  <TableCell key={column}>
                    <Skeleton className={cn('h-4', index === 0 ? 'w-40' : 'w-16')} />
                    {index === 0 && <Skeleton className="mt-2 h-3 w-24" />}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-hidden="true" className="flex flex-col gap-3 md:hidden">
        {rowIndexes.map((row) => (
          <li key={row} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-8 w-full" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Error loading {what}: {message}': a list's load error, in a ListError or as a DataTable's `errorTitle`. */
export function loadErrorText(what: string, error: Error | null): string {
  return `Error loading ${what}: ${error?.message ?? ''}`;
}

/** 'Error loading {what}: {message}' with a Retry button. */
export function ListError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
      <p className="text-destructive">{loadErrorText(what, error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function ListEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}
