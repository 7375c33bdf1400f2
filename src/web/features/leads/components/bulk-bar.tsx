import { DownloadIcon, RefreshCwIcon, Trash2Icon, XIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';

/** Shown while rows are selected: what can be done to all of them at once. */
export function BulkBar({
  count,
  isBusy,
  onRetrySync,
  onDelete,
  onExport,
  onClear,
}: {
  count: number;
  isBusy: boolean;
  onRetrySync(): void;
  onDelete(): void;
  onExport(): void;
  onClear(): void;
}) {
  return (
    <div role="region" aria-label="Bulk actions" className="sticky bottom-3 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-2 pl-4 shadow-md">
      <p aria-live="polite" className="mr-auto text-sm font-medium">
        {count.toLocaleString('en-US')} selected
      </p>
      <Button size="sm" variant="outline" disabled={isBusy} onClick={onRetrySync}>
        <RefreshCwIcon aria-hidden="true" /> Retry sync
      </Button>
      <Button size="sm" variant="outline" disabled={isBusy} onClick={onExport}>
        <DownloadIcon aria-hidden="true" /> Export selection
      </Button>
      <Button size="sm" variant="destructive" disabled={isBusy} onClick={onDelete}>
        <Trash2Icon aria-hidden="true" /> Delete
      </Button>
      <Button size="sm" variant="ghost" disabled={isBusy} onClick={onClear}>
        <XIcon aria-hidden="true" /> Clear selection
      </Button>
    </div>
  );
}
