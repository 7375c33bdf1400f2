import { Area, AreaChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { dayCountText, formatDay } from './chart-text';
import { ChartTooltipBox } from './chart-tooltip';
import { CHART_COLORS, type ChartUnit, type DaySeriesChartProps } from './types';

interface Row {
  date: string;
  count: number;
  /** The settled days (solid); null on a partial last day. */
  settled: number | null;
  /** The segment into a partial last day (dashed): the day before and today. */
  partial: number | null;
  isPartial: boolean;
}

function DayTooltip({ active, payload, unit }: Partial<TooltipContentProps<number, string>> & { unit: ChartUnit }) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return <ChartTooltipBox title={dayCountText(row.count, row.date, unit, row.isPartial)} />;
}

/**
 * A line or area of one value per day (recharts). Loaded lazily through `./index`: never import it directly.
 * Axis text and grid take the theme's colours through `currentColor`, so the chart reads in dark mode too.
 */
export default function DaySeriesChart({ data, label, unit, height = 240, variant = 'area', isLastDayPartial = false }: DaySeriesChartProps) {
  const color = CHART_COLORS[0]!;
  const last = data.length - 1;
  const rows: Row[] = data.map((point, index) => {
    const isPartial = isLastDayPartial && index === last;
    return {
      ...point,
      isPartial,
      settled: isPartial ? null : point.count,
      partial: isLastDayPartial && index >= last - 1 ? point.count : null,
    };
  });
  const common = { data: rows, margin: { top: 8, right: 8, bottom: 0, left: -16 } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
      <XAxis dataKey="date" tickFormatter={formatDay} tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" minTickGap={24} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" width={48} />
      <Tooltip content={<DayTooltip unit={unit} />} cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }} />
    </>
  );
  const series = { type: 'monotone' as const, stroke: color, strokeWidth: 2, isAnimationActive: false, name: unit.other };
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full text-muted-foreground">
      <ResponsiveContainer width="100%" height="100%">
        {variant === 'line' ? (
          <LineChart {...common}>
            {axes}
            <Line {...series} dataKey="settled" dot={false} />
            {isLastDayPartial && <Line {...series} dataKey="partial" strokeDasharray="4 4" dot={{ r: 3, fill: color }} legendType="none" tooltipType="none" />}
          </LineChart>
        ) : (
          <AreaChart {...common}>
            {axes}
            <Area {...series} dataKey="settled" fill={color} fillOpacity={0.15} />
            {isLastDayPartial && (
              <Area
                {...series}
                dataKey="partial"
                fill={color}
                fillOpacity={0.06}
                strokeDasharray="4 4"
                dot={{ r: 3, fill: color, strokeWidth: 0 }}
                legendType="none"
                tooltipType="none"
              />
            )}
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
