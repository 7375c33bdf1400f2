/** Views per day over 30 days (recharts), loaded lazily with the Analytics tab. Recharts' keyboard layer reads the bars; the table under it holds the same numbers. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function ViewsChart({ days }: { days: readonly { date: string; views: number }[] }) {
  const data = days.map((day) => ({ ...day, label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)) }));
  return (
    <figure className="h-64 w-full" aria-label="Unique visitors per day over the last 30 days">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={24} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip cursor={{ fillOpacity: 0.1 }} />
          <Bar dataKey="views" name="Unique visitors" fill="var(--primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
