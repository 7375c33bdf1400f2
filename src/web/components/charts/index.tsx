/**
 * Small chart wrappers over recharts for admin screens (the dashboard now, blog analytics later):
 *
 *   <DaySeriesChart label="Jots per day, last 30 days" unit={{ one: 'jot', other: 'jots' }} isLastDayPartial
 *     data={[{ date: '2026-03-15', count: 4 }]} />
 *   <StackedBarsChart label="Leads per day by source" unit={{ one: 'lead', other: 'leads' }}
 *     data={[{ date, counts: { hero: 2 } }]} keys={['hero']} keyLabels={{ hero: 'Home page hero' }} />
 *
 * Lazy-loaded and SSR-safe: recharts (~100 KB gzip) is fetched only in the browser, after hydration, once the chart
 * comes within 400 px of the viewport (the dashboard's charts sit below its cards: an operator who never scrolls
 * never loads them); the server and the first client render show a skeleton of the same height, so nothing shifts
 * and the server never runs recharts.
 * Each chart is `role="img"` with the given label, and a screen-reader table of the same figures follows it, inside
 * a visually hidden box (ScreenReaderTable).
 * Tooltips say "8 jots on Nov 26"; a partial last day (today) is drawn dashed and a note under the chart says so.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton } from '~/components/ui/skeleton';
import { useHydrated } from '~/lib/use-hydrated';
import { cn } from '~/lib/utils';
import { formatDay, keyLabel } from './chart-text';
import { CHART_COLORS, type DaySeriesChartProps, type StackedBarsChartProps } from './types';

export type { ChartUnit, DayPoint, DaySeriesChartProps, KeyedDayPoint, StackedBarsChartProps } from './types';
export { countText, dayCountText, formatDay, keyLabel } from './chart-text';

const LazyDaySeries = lazy(() => import('./day-series-chart'));
const LazyStackedBars = lazy(() => import('./stacked-bars-chart'));

/**
 * The chart's place while it is not drawn. It pulses only while the chart is loading: a chart waiting below the
 * fold to be scrolled near stays still (a pulse there played forever for an operator who never scrolls).
 */
function ChartSkeleton({ height, label, isLoading }: { height: number; label: string; isLoading: boolean }) {
  return (
    <div role="status" style={{ height }} className="w-full">
      <span className="sr-only">Loading chart: {label}</span>
      <Skeleton className={cn('h-full w-full', !isLoading && 'animate-none')} />
    </div>
  );
}

/** Says in words what the dashed last day means. */
function PartialDayNote({ date }: { date: string | undefined }) {
  if (!date) return null;
  return (
    <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
      <svg aria-hidden="true" width="20" height="4" className="shrink-0 text-primary">
        <line x1="0" y1="2" x2="20" y2="2" stroke="currentColor" strokeWidth="2" strokeDasharray="4 3" />
      </svg>
      Today ({formatDay(date)}) is still being counted.
    </p>
  );
}

/**
 * A table only screen readers get. `sr-only` goes on a wrapping block, never on the <table>: a table ignores the
 * width, height and overflow that clip it, so a clipped table still laid out at full size and widened and
 * lengthened the page (issue 37: the dashboard was 1,301 px wide at 1280 with ~700 px of blank page below).
 */
function ScreenReaderTable({ children }: { children: React.ReactNode }) {
  return (
    <div className="sr-only">
      <table>{children}</table>
    </div>
  );
}

/** Whether the element has come within `margin` of the viewport; once true it stays true. */
function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return { ref, isNear };
}

function ClientOnly({ height, label, children }: { height: number; label: string; children: React.ReactNode }) {
  const isHydrated = useHydrated();
  const { ref, isNear } = useNearViewport('400px');
  const isLoading = isHydrated && isNear;
  const placeholder = <ChartSkeleton height={height} label={label} isLoading={isLoading} />;
  return <div ref={ref}>{isLoading ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}

export function DaySeriesChart(props: DaySeriesChartProps) {
  const height = props.height ?? 240;
  return (
    <>
      <ClientOnly height={height} label={props.label}>
        <LazyDaySeries {...props} height={height} />
      </ClientOnly>
      {props.isLastDayPartial && <PartialDayNote date={props.data.at(-1)?.date} />}
      <ScreenReaderTable>
        <caption>{props.label}</caption>
        <tbody>
          {props.data.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatDay(point.date)}</th>
              <td>{point.count}</td>
            </tr>
          ))}
        </tbody>
      </ScreenReaderTable>
    </>
  );
}

export function StackedBarsChart(props: StackedBarsChartProps) {
  const height = props.height ?? 240;
  return (
    <>
      <ClientOnly height={height} label={props.label}>
        <LazyStackedBars {...props} height={height} />
      </ClientOnly>
      {/* The colours' key, in the page's flow: names of any length wrap here instead of shrinking the chart. The
          table below says the same to a screen reader. */}
      {props.keys.length > 0 && (
        <ul aria-hidden="true" data-slot="chart-legend" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {props.keys.map((key, index) => (
            <li key={key} className="flex min-w-0 items-center gap-1.5">
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: CHART_COLORS[index % CHART_COLORS.length] }} />
              <span className="min-w-0 wrap-anywhere">{keyLabel(key, props.keyLabels)}</span>
            </li>
          ))}
        </ul>
      )}
      {props.isLastDayPartial && <PartialDayNote date={props.data.at(-1)?.date} />}
      <ScreenReaderTable>
        <caption>{props.label}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {props.keys.map((key) => (
              <th key={key} scope="col">
                {keyLabel(key, props.keyLabels)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.data.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatDay(point.date)}</th>
              {props.keys.map((key) => (
                <td key={key}>{point.counts[key] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScreenReaderTable>
    </>
  );
}
