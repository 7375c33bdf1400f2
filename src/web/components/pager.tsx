import { Button } from '~/components/ui/button';

/**
 * Previous/Next paging for the admin lists (spec §2 Jots Management, User Management). Spec §9: shown only when
 * the total exceeds the page size, so a short list has no dead controls.
 */
export function Pager({
  offset,
  pageSize,
  total,
  isBusy = false,
  onOffsetChange,
}: {
  offset: number;
  pageSize: number;
  total: number;
  /** While the next page is loading (placeholder data), both buttons wait. */
  isBusy?: boolean;
  onOffsetChange(offset: number): void;
}) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <span>
        {offset + 1}–{Math.min(offset + pageSize, total)} of {total.toLocaleString('en-US')}
      </span>
      <span className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0 || isBusy}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + pageSize >= total || isBusy}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
        </Button>
      </span>
    </nav>
  );
}
