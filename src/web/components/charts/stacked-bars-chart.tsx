import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, formatDay, type StackedBarsChartProps } from './types';

/** Bars per day stacked by key (recharts). Loaded lazily through `./index`: never import it directly. */
export default function StackedBarsChart({ data, keys, label, height = 240 }: StackedBarsChartProps) {
  const rows = data.map((point) => ({ date: point.date, ...point.counts }));
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="date" tickFormatter={formatDay} tick={{ fontSize: 12, fill: '#4b5563' }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#4b5563' }} width={48} />
          <Tooltip labelFormatter={(value) => formatDay(String(value))} />
          {keys.length > 0 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {keys.map((key, index) => (
            <Bar key={key} dataKey={key} stackId="keys" fill={CHART_COLORS[index % CHART_COLORS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
