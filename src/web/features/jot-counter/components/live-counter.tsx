import { PRODUCT_NAME } from '../../../../shared/brand';
import { formatCount } from '../../../../shared/format';
import { Skeleton } from '~/components/ui/skeleton';
import { cn } from '~/lib/utils';
import { useJotCount } from '../api/get-jot-count';
import { useCountBump } from './use-count-bump';

/** The number itself, abbreviated (spec §9), pulsing for 500 ms when it rises (spec §4). */
function CountValue({ count, className }: { count: number; className?: string }) {
  const { isBumping, bumpId } = useCountBump(count);
  return (
    <span
      key={bumpId}
      data-testid="jot-count"
      data-bumping={isBumping ? 'true' : 'false'}
      title={`${count.toLocaleString('en-US')} ideas`}
      className={cn('inline-block tabular-nums', isBumping && 'animate-count-bump', className)}
    >
      {formatCount(count)}
    </span>
  );
}

/** The home page's social proof: the live total of ideas captured with the app. */
export function LiveCounter({ initialCount }: { initialCount: number | null | undefined }) {
  const { data: count } = useJotCount(initialCount);
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <div className="text-6xl leading-none font-extrabold tracking-tight text-primary sm:text-7xl">
        {count === undefined ? <Skeleton className="mx-auto h-[1em] w-[3.5ch]" /> : <CountValue count={count} />}
      </div>
      <p className="text-base font-medium text-muted-foreground">ideas captured with {PRODUCT_NAME}</p>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LiveDot count={count} /> Live, updated every few seconds
      </p>
    </div>
  );
}

/**
 * The green "live" dot. Its ring plays three times when the page shows a count and again each time the count
 * changes (the key restarts it), and rests in between rather than ringing forever.
 */
function LiveDot({ count }: { count: number | undefined }) {
  return (
    <span aria-hidden="true" className="relative flex size-2.5">
      <span
        key={count ?? 'none'}
        data-testid="live-ring"
        className="absolute inline-flex size-full rounded-full bg-emerald-500 opacity-75 motion-safe:animate-live-ping"
      />
      <span className="relative inline-flex size-2.5 rounded-full bg-emerald-600" />
    </span>
  );
}

/** The compact counter of the navigation bar (spec §2; the bar hides it on tiny screens). */
export function NavCounter({ initialCount }: { initialCount: number | null | undefined }) {
  const { data: count } = useJotCount(initialCount);
  if (count === undefined) return <span className="h-7 w-24" aria-hidden="true" />;
  return (
    <p className="flex h-7 items-center gap-2 rounded-full border bg-muted/60 px-3 text-xs font-medium text-muted-foreground">
      <LiveDot count={count} />
      <CountValue count={count} className="font-semibold text-foreground" />
      <span>
        ideas<span className="sr-only"> captured so far</span>
      </span>
    </p>
  );
}
