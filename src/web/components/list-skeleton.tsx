/**
 * What an admin list looks like while it loads (issue 26 §2: skeletons of the screen's own layout, never a spinner):
 * the table's header and rows from 768 px, its cards below. `label` is read by screen readers ('Loading pages...').
 */
import { Skeleton } from '~/components/ui/skeleton';

export function ListSkeleton({ label, columns, rows = 4 }: { label: string; columns: number; rows?: number }) {
  const cells = Array.from({ length: columns }, (_, index) => index);
  return (
    <div role="status" data-testid="list-skeleton">
      <span className="sr-only">{label}</span>
      <div className="hidden flex-col rounded-xl border md:flex">
        {Array.from({ length: rows + 1 }, (_, row) => (
          <div key={row} className="flex items-center gap-4 border-b px-3 py-3 last:border-b-0">
            {cells.map((cell) => (
              <div key={cell} className={cell === 0 ? 'flex-[2]' : 'flex-1'}>
                <Skeleton className={row === 0 ? 'h-3 w-16' : cell === 0 ? 'h-4 w-3/4' : 'h-4 w-1/2'} />
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 md:hidden">
        {Array.from({ length: Math.min(rows, 3) }, (_, card) => (
          <div key={card} className="flex flex-col gap-3 rounded-xl border p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <div className="flex items-center justify-between">
              <Skeleton className="h-6 w-11 rounded-full" />
              <Skeleton className="h-8 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
