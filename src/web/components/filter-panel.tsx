/**
 * One way to filter an admin list (issue 37 §7, decision 0061): the list's search stays in view; every other filter
 * sits behind one "Filter" button that opens a panel, so a list's first screen shows rows, even at 375 px. What is
 * set shows as chips under the bar, each removable on its own, with "Clear filters" beside them. The filters live
 * in the URL as before (the screen's own state); this component only lays them out. The panel is the kit's Sheet
 * (already on every list screen for its drawers, so the admin's 250 KB first screen pays nothing for it); changes
 * apply as they are made, and Done, Esc or the close button return focus to Filter.
 */
import { ListFilterIcon, XIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { cn } from '~/lib/utils';

export interface ActiveFilter {
  /** Stable key (the URL parameter). */
  key: string;
  /** What the chip says: `Source: homepage-hero`. */
  label: string;
  remove(): void;
}

export function FilterBar({
  search,
  filters,
  onClear,
  isFiltered = filters.length > 0,
  children,
  className,
}: {
  /** The list's search box, shown beside the Filter button. */
  search?: ReactNode;
  /** The filters set now (the search is not among them: its box shows it). */
  filters: ActiveFilter[];
  onClear(): void;
  /** Whether "Clear filters" shows: by default when a chip does; a list whose search is a filter too says so. */
  isFiltered?: boolean;
  /** The panel's fields. */
  children: ReactNode;
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A removed chip is gone: focus goes to the Filter button rather than to <body> (decision 0052).
  const afterRemoval = () => requestAnimationFrame(() => trigger.current?.focus());
  return (
    <div className={cn('flex flex-col gap-3', className)} data-slot="filter-bar">
      <div className="flex items-end gap-2">
        {search && <div className="min-w-0 flex-1">{search}</div>}
        <Button
          ref={trigger}
          variant="outline"
          className="shrink-0"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={() => setIsOpen(true)}
        >
          <ListFilterIcon aria-hidden="true" /> Filter
          {filters.length > 0 && (
            <Badge variant="secondary" className="ml-0.5 px-1.5 tabular-nums">
              <span className="sr-only">, </span>
              {filters.length}
              <span className="sr-only"> set</span>
            </Badge>
          )}
        </Button>
        <Sheet open={isOpen} onOpenChange={setIsOpen}>
          <SheetContent className="w-full gap-0 sm:max-w-sm">
            <SheetHeader className="border-b">
              <SheetTitle>Filters</SheetTitle>
              <SheetDescription>The list follows each change.</SheetDescription>
            </SheetHeader>
            <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">{children}</div>
            <SheetFooter className="flex-row justify-end border-t">
              <Button onClick={() => setIsOpen(false)}>Done</Button>
            </SheetFooter>
          </SheetContent>
        </Sheet>
      </div>
      {isFiltered && (
        <div className="flex flex-wrap items-center gap-2">
          {filters.length > 0 && (
            <ul aria-label="Active filters" className="flex flex-wrap gap-2">
              {filters.map((filter) => (
                <li key={filter.key}>
                  <Badge variant="secondary" className="max-w-full gap-1 py-0.5 pr-0.5 pl-2 text-sm font-normal">
                    <span className="truncate" title={filter.label}>
                      {filter.label}
                    </span>
                    <button
                      type="button"
                      aria-label={`Remove filter ${filter.label}`}
                      onClick={() => {
                        filter.remove();
                        afterRemoval();
                      }}
                      className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-full outline-none hover:bg-foreground/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      <XIcon aria-hidden="true" className="size-3.5" />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onClear();
              afterRemoval();
            }}
          >
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

export interface DateRange {
  from?: string;
  to?: string;
}

/** The From / To pair of a list filtered by date (Leads, the audit log): each bounds the other; empty is unset. */
export function DateRangeFields({
  id,
  range,
  onChange,
  fieldClassName,
}: {
  /** Prefix of the two inputs' ids. */
  id: string;
  range: DateRange;
  onChange(changes: DateRange): void;
  fieldClassName?: string;
}) {
  return (
    <>
      <div className={cn('flex flex-col gap-1.5', fieldClassName)}>
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={range.from ?? ''}
          max={range.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </div>
      <div className={cn('flex flex-col gap-1.5', fieldClassName)}>
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={range.to ?? ''}
          min={range.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </div>
    </>
  );
}

/** The chips of a date range, "From 2026-01-01" and "To 2026-02-01", each removing its bound. */
export function dateRangeChips(range: DateRange, onChange: (changes: DateRange) => void): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (range.from) chips.push({ key: 'from', label: `From ${range.from}`, remove: () => onChange({ from: undefined }) });
  if (range.to) chips.push({ key: 'to', label: `To ${range.to}`, remove: () => onChange({ to: undefined }) });
  return chips;
}
