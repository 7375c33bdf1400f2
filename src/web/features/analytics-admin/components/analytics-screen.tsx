/**
 * `/admin/analytics` (issue 40 §4): the site's visitors, where they come from and what they do, and the funnel to a
 * download. The range, the filters and the funnel's grouping live in the URL, so a reload or a shared link shows the
 * same view. Every list can be saved as CSV.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '~/lib/toast';
import { ANALYTICS_FUNNEL_GROUPS, type AnalyticsFigures, type AnalyticsList } from '../../../../shared/schemas/analytics';
import { DaySeriesChart } from '~/components/charts';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { errorMessage } from '~/lib/api-client';
import { ANALYTICS_FILTER_KEYS, type AnalyticsFilters } from '../api/analytics-query';
import { useDownloadAnalyticsCsv } from '../api/download-analytics-csv';
import { type FunnelGroup, useAnalyticsFunnel } from '../api/get-analytics-funnel';
import { useAnalyticsList } from '../api/get-analytics-list';
import { useAnalyticsSummary } from '../api/get-analytics-summary';
import { useLiveVisitors } from '../api/get-live-visitors';
import { AnalyticsFilterBar } from './analytics-filters';

const number = (value: number) => value.toLocaleString('en-US');
const percent = (value: number) => `${Math.round(value * 100)}%`;
const duration = (seconds: number) => (seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`);

const FIGURES: Array<{ key: keyof AnalyticsFigures; label: string; format: (value: number) => string }> = [
  { key: 'visitors', label: 'Unique visitors', format: number },
  { key: 'views', label: 'Page views', format: number },
  { key: 'viewsPerVisit', label: 'Views per visit', format: (value) => value.toFixed(2) },
  { key: 'bounceRate', label: 'Bounce rate', format: percent },
  { key: 'visitDurationSeconds', label: 'Visit duration', format: duration },
];

const LISTS: Array<{ list: AnalyticsList; title: string; valueLabel: string }> = [
  { list: 'pages', title: 'Top pages', valueLabel: 'Page' },
  { list: 'entry-pages', title: 'Entry pages', valueLabel: 'Page' },
  { list: 'sources', title: 'Sources', valueLabel: 'Source' },
  { list: 'referrers', title: 'Referrers', valueLabel: 'Domain' },
  { list: 'campaigns', title: 'UTM campaigns', valueLabel: 'Campaign' },
  { list: 'countries', title: 'Countries', valueLabel: 'Country' },
  { list: 'devices', title: 'Devices', valueLabel: 'Device' },
  { list: 'browsers', title: 'Browsers', valueLabel: 'Browser' },
  { list: 'not-found', title: 'Pages not found', valueLabel: 'Path' },
];

const FUNNEL_LABELS: Record<FunnelGroup, string> = { source: 'Source', campaign: 'Campaign', 'entry-page': 'Entry page' };

function useFilters(): [AnalyticsFilters, (next: AnalyticsFilters) => void, FunnelGroup, (by: FunnelGroup) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const read: AnalyticsFilters = {};
    for (const key of ANALYTICS_FILTER_KEYS) {
      const value = params.get(key);
      if (value) read[key] = value;
    }
    return read;
  }, [params]);
  const byParam = params.get('by');
  const by = (ANALYTICS_FUNNEL_GROUPS as readonly string[]).includes(byParam ?? '') ? (byParam as FunnelGroup) : 'source';
  // Changes only what it names (a key given as undefined is removed); stable, as the filters' typing pause needs.
  const changeFilters = useCallback(
    (changes: AnalyticsFilters) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of ANALYTICS_FILTER_KEYS) {
          if (!(key in changes)) continue;
          const value = changes[key]?.trim();
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      }),
    [setParams],
  );
  const setBy = (group: FunnelGroup) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('by', group);
      return updated;
    });
  return [filters, changeFilters, by, setBy];
}

function Change({ current, previous }: { current: number; previous: number }) {
  if (previous === 0) return <span className="text-xs text-muted-foreground">no previous data</span>;
  const change = (current - previous) / previous;
  return (
    <span className="text-xs text-muted-foreground">
      {change > 0 ? '+' : ''}
      {Math.round(change * 100)}% vs previous period
    </span>
  );
}

/** A card's counts by value: a placeholder while they load, the error, "Nothing counted", or the table (at most `limit` rows). */
function CountsTable<Row extends { value: string }>({
  query: { data, isPending, error },
  label,
  valueLabel,
  limit,
  columns,
}: {
  query: { data: { rows: Row[] } | undefined; isPending: boolean; error: Error | null };
  label: string;
  valueLabel: string;
  limit?: number;
  columns: Array<[header: string, cell: (row: Row) => string]>;
}) {
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  if (!data || data.rows.length === 0) return <p className="text-sm text-muted-foreground">Nothing counted in this range.</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{valueLabel}</TableHead>
          {columns.map(([header]) => (
            <TableHead key={header} className="text-right">
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.rows.slice(0, limit).map((row) => (
          <TableRow key={row.value}>
            <TableCell className="max-w-48 truncate" title={row.value}>
              {row.value}
            </TableCell>
            {columns.map(([header, cell]) => (
              <TableCell key={header} className="text-right tabular-nums">
                {cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ListCard({ list, title, valueLabel, filters }: { list: AnalyticsList; title: string; valueLabel: string; filters: AnalyticsFilters }) {
  const query = useAnalyticsList(list, filters);
  const download = useDownloadAnalyticsCsv();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Export ${title} as CSV`}
          onClick={() => download.mutate({ list, filters }, { onError: (failure) => toast.error(errorMessage(failure)) })}
        >
          CSV
        </Button>
      </CardHeader>
      <CardContent>
        <CountsTable
          query={query}
          label={title}
          valueLabel={valueLabel}
          limit={10}
          columns={[
            ['Visitors', (row) => number(row.visitors)],
            ['Views', (row) => number(row.views)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

function FunnelCard({ by, onBy, filters }: { by: FunnelGroup; onBy: (by: FunnelGroup) => void; filters: AnalyticsFilters }) {
  const query = useAnalyticsFunnel(by, filters);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>
          <h2 className="text-base font-semibold">Funnel: visits → leads → confirmed → downloads</h2>
        </CardTitle>
        <div role="group" aria-label="Group the funnel by" className="flex flex-wrap gap-2">
          {ANALYTICS_FUNNEL_GROUPS.map((group) => (
            <Button key={group} size="sm" variant={group === by ? 'default' : 'outline'} aria-pressed={group === by} onClick={() => onBy(group)}>
              {FUNNEL_LABELS[group]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <CountsTable
          query={query}
          label={`Funnel by ${FUNNEL_LABELS[by].toLowerCase()}`}
          valueLabel={FUNNEL_LABELS[by]}
          columns={[
            ['Visits', (row) => number(row.visits)],
            ['Leads', (row) => number(row.leads)],
            ['Confirmed', (row) => number(row.confirmed)],
            ['Downloads', (row) => number(row.downloads)],
            ['Lead rate', (row) => percent(row.leadRate)],
            ['Download rate', (row) => percent(row.downloadRate)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function AnalyticsScreen() {
  const [filters, setFilters, by, setBy] = useFilters();
  const summary = useAnalyticsSummary(filters);
  const live = useLiveVisitors();
  return (
    <div className="flex flex-col gap-6">
      <AnalyticsFilterBar filters={filters} onChange={setFilters} />
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Card>
          <CardContent className="flex flex-col gap-1 pt-6">
            <span className="text-sm text-muted-foreground">Visitors now</span>
            <span className="text-2xl font-semibold tabular-nums" data-testid="live-visitors">
              {live.data ? number(live.data.visitors) : '–'}
            </span>
            <span className="text-xs text-muted-foreground">last 5 minutes</span>
          </CardContent>
        </Card>
        {FIGURES.map(({ key, label, format }) => (
          <Card key={key}>
            <CardContent className="flex flex-col gap-1 pt-6">
              <span className="text-sm text-muted-foreground">{label}</span>
              <span className="text-2xl font-semibold tabular-nums">{summary.data ? format(summary.data.current[key]) : '–'}</span>
              {summary.data && <Change current={summary.data.current[key]} previous={summary.data.previous[key]} />}
            </CardContent>
          </Card>
        ))}
      </section>
      {summary.error && <p role="alert">{errorMessage(summary.error)}</p>}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">
              Page views per day{summary.data ? `, ${summary.data.from} to ${summary.data.to}` : ''}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {summary.data ? (
            <DaySeriesChart
              label="Page views per day"
              data={summary.data.series.map((point) => ({ date: point.date, count: point.views }))}
              unit={{ one: 'view', other: 'views' }}
            />
          ) : (
            <Skeleton className="h-60 w-full" />
          )}
        </CardContent>
      </Card>
      <FunnelCard by={by} onBy={setBy} filters={filters} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {LISTS.map((item) => (
          <ListCard key={item.list} {...item} filters={filters} />
        ))}
      </div>
    </div>
  );
}
