import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { countText, dayCountText, formatDay, keyLabel } from './chart-text';
import { ChartTooltipBox } from './chart-tooltip';
import { CHART_COLORS, type ChartUnit, type StackedBarsChartProps } from './types';

type Row = { date: string; total: number; isPartial: boolean } & Record<string, number | string | boolean>;

function StackTooltip({
  active,
  payload,
  unit,
  keys,
  keyLabels,
}: Partial<TooltipContentProps<number, string>> & { unit: ChartUnit; keys: string[]; keyLabels?: Record<string, string> }) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  const parts = keys.filter((key) => Number(row[key] ?? 0) > 0);
  return (
    <ChartTooltipBox title={dayCountText(row.total, row.date, unit, row.isPartial)}>
      {parts.length > 0 && (
        <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
          {parts.map((key) => (
            <li key={key} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ background: CHART_COLORS[keys.indexOf(key) % CHART_COLORS.length] }} />
              {keyLabel(key, keyLabels)}: {countText(Number(row[key]), unit)}
            </li>
          ))}
        </ul>
      )}
    </ChartTooltipBox>
  );
}

/**
 * Bars per day stacked by key (recharts). Loaded lazily through `./index`: never import it directly. A partial
 * last day is drawn lighter with a dashed outline; axis text and grid take the theme's colours. The legend is
 * ./index's, below the chart: inside recharts, long key names squeezed the bars into a strip on a phone.
 */
export default function StackedBarsChart({ data, keys, keyLabels, label, unit, height = 240, isLastDayPartial = false }: StackedBarsChartProps) {
  const last = data.length - 1;
  const rows: Row[] = data.map((point, index) => ({
    date: point.date,
    total: keys.reduce((sum, key) => sum + (point.counts[key] ?? 0), 0),
    isPartial: isLastDayPartial && index === last,
    ...point.counts,
  }));
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full text-muted-foreground">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
          <XAxis dataKey="date" tickFormatter={formatDay} tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" width={48} />
          <Tooltip content={<StackTooltip unit={unit} keys={keys} keyLabels={keyLabels} />} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
          {keys.map((key, index) => {
            const color = CHART_COLORS[index % CHART_COLORS.length]!;
            return (
              <Bar key={key} dataKey={key} name={key} stackId="keys" fill={color} isAnimationActive={false}>
                {rows.map((row) => (
                  <Cell
                    key={row.date}
                    fillOpacity={row.isPartial ? 0.4 : 1}
                    stroke={row.isPartial ? color : undefined}
                    strokeDasharray={row.isPartial ? '3 2' : undefined}
                  />
                ))}
              </Bar>
            );
          })}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
