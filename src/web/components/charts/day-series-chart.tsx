import { Area, AreaChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, type DaySeriesChartProps, formatDay } from './types';

/** A line or area of one value per day (recharts). Loaded lazily through `./index`: never import it directly. */
export default function DaySeriesChart({ data, label, height = 240, variant = 'area', seriesName = 'Count' }: DaySeriesChartProps) {
  const color = CHART_COLORS[0]!;
  const common = {
    data,
    margin: { top: 8, right: 8, bottom: 0, left: -16 },
  };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
      <XAxis dataKey="date" tickFormatter={formatDay} tick={{ fontSize: 12, fill: '#4b5563' }} minTickGap={24} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#4b5563' }} width={48} />
      <Tooltip labelFormatter={(value) => formatDay(String(value))} />
    </>
  );
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        {variant === 'line' ? (
          <LineChart {...common}>
            {axes}
            <Line type="monotone" dataKey="count" name={seriesName} stroke={color} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        ) : (
          <AreaChart {...common}>
            {axes}
            <Area
              type="monotone"
              dataKey="count"
              name={seriesName}
              stroke={color}
              fill={color}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
